/**
 * The ? overlay shows every key with its whole description, wrapped rather than cut, and every
 * view with its names: at once where they fit (200x50), else scrolled with j, the pane's own
 * keys first (80x24).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyTable } from '../../../source/ui/app/bindings.js';
import { viewRows } from '../../../source/ui/app/help.js';
import { panes } from '../../../source/ui/registry.js';
import { keys, type Screen, type Session, startSession } from '../harness.js';

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const table = keyTable(panes);
const views = viewRows(panes);

/** Where the help is scrolled to, as its closing line says; undefined when it does not scroll. */
const position = (frame: string) => {
	const found = frame.match(/lines (\d+)-(\d+) of (\d+)/);
	return found ? { first: Number(found[1]), last: Number(found[2]), count: Number(found[3]) } : undefined;
};

/** The lines inside the help's border. */
const box = (frame: string) => {
	const lines = frame.split('\n');
	return lines.slice(
		lines.findIndex((l) => l.startsWith('╭')) + 1,
		lines.findIndex((l) => l.startsWith('╰')),
	);
};

/** Opens the help and scrolls it down a line at a time to its end: every frame's box on the way. */
async function readHelp(screen: Screen): Promise<string[][]> {
	await screen.press('?');
	let frame = await screen.waitFor((f) => (f.includes('Keys of') ? f : undefined), 'the help');
	const seen = [box(frame)];
	for (let at = position(frame); at && at.last < at.count; at = position(frame)) {
		const first = at.first;
		await screen.press('j');
		frame = await screen.waitFor((f) => (position(f)?.first === first + 1 ? f : undefined), 'a line down');
		seen.push(box(frame));
	}
	return seen;
}

const wordsOf = (boxes: string[][]) =>
	new Set(
		words(
			boxes
				.flat()
				.join(' ')
				.replace(/[│╭╮╰╯─]/g, ' '),
		),
	);

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
			const number = panes.findIndex((p) => p.id === pane) + 1;
			await screen.press(String(number));
			const boxes = await readHelp(screen);
			await screen.press('?');
			await screen.waitFor((f) => !f.includes('Keys of'), 'help closed');
			const shown = wordsOf(boxes);
			for (const row of [...table.helpRows(pane), ...table.helpRows('global')])
				for (const word of words(row.description))
					expect(shown.has(word), `${word} of "${row.description}"`).toBe(true);
			expect(boxes.flat().join('\n')).not.toContain('…');
		},
	);

	it('shows the pane keys first and scrolls with j to every view', async () => {
		const { screen } = session;
		await screen.press('1');
		const boxes = await readHelp(screen);
		expect(boxes.length).toBeGreaterThan(1);
		expect(boxes[0]![0]).toContain('Keys of Overview');
		// Every view, with all its names, was on screen on the way down.
		const shown = wordsOf(boxes);
		for (const row of views)
			for (const word of words(row.description)) expect(shown.has(word), word).toBe(true);
		const bottom = position(screen.frame())!;
		await screen.press(keys.pageUp);
		await screen.waitFor((f) => (position(f)?.first ?? 0) < bottom.first - 1, 'a page up');
		await screen.press('?');
		await screen.waitFor((f) => !f.includes('Keys of'), 'help closed');
	});

	it('shows everything at once at 200x50, with nothing to scroll', async () => {
		const { screen } = session;
		screen.resize(200, 50);
		try {
			await screen.press('?');
			const frame = await screen.waitFor(
				(f) => (f.includes('Views: a number key') ? f : undefined),
				'the views',
			);
			expect(position(frame)).toBeUndefined();
			for (const row of views) expect(frame).toContain(row.description);
			await screen.press('?');
		} finally {
			screen.resize(80, 24);
		}
	});
});
