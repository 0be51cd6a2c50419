/**
 * The monitor's code cache covers every chunk it loads before its first frame (scripts/bundle.mjs
 * derives them from the bundler's output): each one of a kibibyte or more, read by following the
 * static imports of the built entry and of the TUI's chunk, is run as a cached script, so a chunk
 * the bundler cuts anew is never left out.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = 'dist/cli';
const staticImport = /^import (?:.+ from )?"\.\/([^"]+)";$/gm;

/** The chunk files `file` loads with it, and those they load, by their import lines. */
function loadedWith(file: string, seen = new Set<string>()): Set<string> {
	if (seen.has(file)) return seen;
	seen.add(file);
	const code = readFileSync(path.join(dir, file), 'utf8');
	for (const [, imported] of code.matchAll(staticImport))
		if (imported!.startsWith('monitor')) loadedWith(imported!, seen);
	return seen;
}

describe("the monitor bundle's code cache", () => {
	it('runs every chunk of a kibibyte or more loaded before the first frame from its cached script', () => {
		// npm test builds first (pretest).
		expect(existsSync(path.join(dir, 'monitor.bundle.js')), 'npm run build makes the bundle').toBe(true);
		const loaded = new Set([...loadedWith('monitor.bundle.js'), ...loadedWith('monitor.bundle-run.js')]);
		loaded.delete('monitor.bundle.js');
		const uncached = [...loaded].filter((file) => {
			const script = path.join(dir, file.replace(/\.js$/, '.script.js'));
			if (existsSync(script)) return !readFileSync(path.join(dir, file), 'utf8').includes('runChunkScript(');
			return readFileSync(path.join(dir, file)).length >= 1024;
		});
		expect(loaded.size).toBeGreaterThan(5);
		expect(uncached).toEqual([]);
	});
});
