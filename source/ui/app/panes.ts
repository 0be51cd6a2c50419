/**
 * What the shell asks of the list of panes: which have number keys, the tab order, a pane by any
 * of its names (for the `:` command line), and which lack the settings of an API they require.
 */
import { type TuiConnection, unconfiguredApis } from '../contract/connection.js';
import type { AnyPane } from '../contract/pane.js';
import type { Api } from '../data/endpoints.js';

/** Number keys go from 1 to 9. */
export const maxNumbered = 9;

/** The panes with a number key, in order: the first is 1. */
export function numbered(panes: readonly AnyPane[]): AnyPane[] {
	return panes.filter((p) => p.numberKey).slice(0, maxNumbered);
}

/** The tabs: the panes with number keys, and the current pane after them when it has none. */
export function tabPanes(panes: readonly AnyPane[], current: string): AnyPane[] {
	const tabs = numbered(panes);
	const shown = panes.find((p) => p.id === current);
	return shown && !tabs.includes(shown) ? [...tabs, shown] : tabs;
}

const normal = (name: string) => name.trim().toLowerCase();

/** Every name a pane answers to: its id, its title, its short title and its aliases. */
export function namesOf(pane: AnyPane): string[] {
	return [...new Set([pane.id, pane.title, pane.shortTitle, ...(pane.aliases ?? [])].map(normal))];
}

/** The pane a name means: exactly one of its names, else the only pane with a name starting so. */
export function paneByName(panes: readonly AnyPane[], name: string): AnyPane | undefined {
	const wanted = normal(name);
	if (!wanted) return undefined;
	const exact = panes.find((p) => namesOf(p).includes(wanted));
	if (exact) return exact;
	const prefixed = panes.filter((p) => namesOf(p).some((n) => n.startsWith(wanted)));
	return prefixed.length === 1 ? prefixed[0] : undefined;
}

/** Refuses a list two panes of which share an id or a name: a name must mean one pane. */
export function checkPanes(panes: readonly AnyPane[]): void {
	const seen = new Map<string, string>();
	for (const pane of panes) {
		for (const name of namesOf(pane)) {
			const other = seen.get(name);
			if (other && other !== pane.id) throw new Error(`panes ${other} and ${pane.id} are both named ${name}`);
			seen.set(name, pane.id);
		}
	}
}

/** The first API `pane` requires whose settings the connection lacks, if any. */
export function lackingApi(pane: AnyPane, connection: TuiConnection): Api | undefined {
	const unconfigured = unconfiguredApis(connection);
	return (pane.requires ?? []).find((api) => unconfigured.has(api));
}

/** Edits (insert, delete, change, swap of neighbours) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
	const x = [...a];
	const y = [...b];
	const rows = Array.from({ length: x.length + 1 }, (_, i) => [i, ...Array<number>(y.length).fill(0)]);
	for (let j = 1; j <= y.length; j++) rows[0]![j] = j;
	for (let i = 1; i <= x.length; i++) {
		for (let j = 1; j <= y.length; j++) {
			const cost = x[i - 1] === y[j - 1] ? 0 : 1;
			let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
			if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
				best = Math.min(best, rows[i - 2]![j - 2]! + 1);
			rows[i]![j] = best;
		}
	}
	return rows[x.length]![y.length]!;
}

/**
 * The names closest to one that means nothing, best first: those it starts, those it is
 * part of, then those a slip or two away (`:dql` for `dlq`).
 */
export function closeNames(names: readonly string[], typed: string, limit = 5): string[] {
	const wanted = normal(typed);
	if (!wanted) return [];
	const slips = Math.max(1, Math.min(2, Math.floor(wanted.length / 3)));
	const scored = [...new Set(names.map(normal))].flatMap((name) => {
		if (name.startsWith(wanted)) return [{ name, score: 0 }];
		if (name.includes(wanted)) return [{ name, score: 1 }];
		// A slip in a start of a name counts as well as one in the whole name.
		const lengths = [wanted.length - 1, wanted.length, wanted.length + 1].filter((n) => n > 0);
		const best = Math.min(
			editDistance(wanted, name),
			...lengths.map((n) => editDistance(wanted, name.slice(0, n))),
		);
		return best <= slips ? [{ name, score: 1 + best }] : [];
	});
	return scored
		.sort((a, b) => a.score - b.score || a.name.length - b.name.length || a.name.localeCompare(b.name))
		.slice(0, limit)
		.map((s) => s.name);
}
