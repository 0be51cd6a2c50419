/**
 * What every list's `/` and `o`/`O` do, checked through the TUI as a person sees it: the rows on
 * screen (named by what they show), the title, and Esc.
 */
import { expect } from 'vitest';
import { keys, type Screen } from '../../harness.js';

/** The names among `names` in the order the frame's lines show them, one per line, after `from`. */
export function shownNames(frame: string, names: readonly string[], from = 1): string[] {
	const found: string[] = [];
	for (const line of frame.split('\n').slice(from)) {
		const hits = names.filter((name) => line.includes(name));
		if (hits.length === 1) found.push(hits[0]!);
	}
	return found;
}

const same = (a: readonly string[], b: readonly string[]) =>
	a.length === b.length && a.every((x, i) => x === b[i]);

/** Waits until the rows show exactly `expected`, in that order, and the title line says `title`. */
export async function waitForRows(
	screen: Screen,
	names: readonly string[],
	expected: readonly string[],
	title: RegExp | undefined,
	what: string,
): Promise<string> {
	return screen.waitFor(
		(f) => (same(shownNames(f, names), expected) && (!title || title.test(f)) ? f : undefined),
		`${what}: ${expected.join(', ')}`,
	);
}

/** What the title says of the order: `sorted by lag ↑`, or '' for none. */
const orderShown = (frame: string) => /sorted by .+? [↑↓]/.exec(frame)?.[0] ?? '';

/** Presses `o` until the list is sorted by `column` ascending (the title says so). */
export async function sortBy(screen: Screen, column: string): Promise<void> {
	const said = `sorted by ${column} ↑`;
	for (let presses = 0; presses < 16; presses++) {
		const before = orderShown(screen.frame());
		if (before === said) return;
		await screen.press('o');
		// The title changes with every press (another column, or none): wait for it.
		await screen.waitFor((f) => orderShown(f) !== before, `the order after o (${column})`);
	}
	throw new Error(`o never sorted by ${column}:\n${screen.frame()}`);
}

export interface ListCheck {
	/** Names each row shows exactly one of (the order the service lists them in is read off the screen). */
	names: readonly string[];
	/** The column to sort by, and the names in its ascending order. */
	column: string;
	ascending: readonly string[];
	/** A regular expression that keeps `kept` (not itself containing any name). */
	filter: string;
	kept: readonly string[];
}

/**
 * `o` sorts by the column (the rows reorder, the title says so), `O` reverses, `/` narrows the
 * sorted rows (the title says how many of how many), Esc clears both: the rows come back in
 * the service's order.
 */
export async function checkFilterAndOrder(screen: Screen, check: ListCheck): Promise<void> {
	const { names } = check;
	const first = await screen.waitFor(
		(f) => (shownNames(f, names).length === names.length ? f : undefined),
		'the rows as listed',
	);
	const listed = shownNames(first, names);

	await sortBy(screen, check.column);
	await waitForRows(screen, names, check.ascending, new RegExp(`sorted by ${check.column} ↑`), 'sorted');

	await screen.press('O');
	const descending = [...check.ascending].reverse();
	await waitForRows(screen, names, descending, new RegExp(`sorted by ${check.column} ↓`), 'reversed');

	await screen.press('/');
	await screen.waitFor((f) => f.includes('Filter / '), 'the filter field');
	await screen.press('\x15', check.filter, keys.enter);
	const kept = descending.filter((n) => check.kept.includes(n));
	const filtered = await waitForRows(
		screen,
		names,
		kept,
		new RegExp(`filter /.*/i(: | · )${kept.length} of \\d+`),
		'filtered and sorted',
	);
	expect(filtered).toContain(`sorted by ${check.column} ↓`);

	await screen.press(keys.esc);
	const cleared = await waitForRows(screen, names, listed, undefined, 'esc cleared');
	expect(cleared).not.toContain('sorted by');
	expect(cleared).not.toMatch(/filter \/.*\/i(: | · )/);
}
