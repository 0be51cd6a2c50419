/** The ? overlay shows every key with its whole description, wrapped rather than cut, at 80x24 too. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyTable } from '../../../source/ui/app/bindings.js';
import { panes } from '../../../source/ui/registry.js';
import { type Session, startSession } from '../harness.js';

const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('the help overlay at 80x24', () => {
	let session: Session;
	beforeAll(async () => {
		session = await startSession({ columns: 80, rows: 24 });
	});
	afterAll(() => session.close());

	it.each(['messages', 'groups', 'callbacks', 'publish'])(
		'shows every description of %s in full',
		async (pane) => {
			const { screen } = session;
			const table = keyTable(panes);
			const number = panes.findIndex((p) => p.id === pane) + 1;
			await screen.press(String(number), '?');
			const frame = await screen.waitFor((f) => (f.includes('Keys of') ? f : undefined), 'the help');
			await screen.press('?');
			await screen.waitFor((f) => !f.includes('Keys of'), 'help closed');
			const lines = frame.split('\n');
			const box = lines.slice(
				lines.findIndex((l) => l.includes('Keys of')),
				lines.findIndex((l) => l.includes('closes this help')) + 1,
			);
			const shown = new Set(words(box.join(' ').replace(/[│╭╮╰╯─]/g, ' ')));
			for (const row of [...table.helpRows(pane), ...table.helpRows('global')])
				for (const word of words(row.description))
					expect(shown.has(word), `${word} of "${row.description}"`).toBe(true);
			expect(box.join('\n')).not.toContain('…');
		},
	);
});
