/**
 * One way a key reaches a handler (issue 40): a pane's keys are its controller's commands, which
 * the shell's Pane subscribes; no pane or kit view subscribes keys of its own. Only the shell
 * (app/) and the kit's input components, which take the keys while they are shown (a form, a
 * question, a text field), call useCommands.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ui = 'source/ui';

async function sourceFiles(dir: string): Promise<string[]> {
	const entries = await readdir(dir, { withFileTypes: true });
	const nested = await Promise.all(
		entries.map((entry) => {
			const path = join(dir, entry.name);
			if (entry.isDirectory()) return sourceFiles(path);
			return Promise.resolve(/\.tsx?$/.test(entry.name) ? [path] : []);
		}),
	);
	return nested.flat();
}

describe('the keys of the TUI', () => {
	it('reach a pane through its controller: only the shell and the input components call useCommands', async () => {
		const callers: string[] = [];
		for (const file of await sourceFiles(ui)) {
			if (/\buseCommands\(/.test(await readFile(file, 'utf8'))) callers.push(relative(ui, file));
		}
		const shell = callers.filter((file) => file.startsWith('app/'));
		expect(callers.filter((file) => !shell.includes(file)).sort()).toEqual([
			'keys/use-keys.ts',
			'kit/confirm/confirm-view.tsx',
			'kit/form/form-view.tsx',
			'kit/text-input/text-input-view.tsx',
		]);
		expect(shell).toContain('app/pane.tsx');
	});
});
