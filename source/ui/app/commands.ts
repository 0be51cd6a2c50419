/**
 * What the `:` command line understands: any view by any of its names (a unique start of one
 * will do), with a message id for the views that open on one (`:dlq msg_…`, `:logs msg_…`: the
 * request a pane's `open` takes, as when one pane leads to another), and the shell's own few
 * commands. Pure.
 */
import type { AnyPane, PaneRequest } from '../contract/pane.js';
import { closeNames, namesOf, paneByName } from './panes.js';

export type CommandTarget =
	| { kind: 'pane'; pane: string; request?: PaneRequest }
	| { kind: 'overlay'; overlay: 'help' | 'health' }
	| { kind: 'quit' };

interface ShellCommand {
	names: readonly string[];
	target: CommandTarget;
	summary: string;
}

/** The shell's commands besides the views: `:health`, `:help`, `:q`. */
export const shellCommands: readonly ShellCommand[] = [
	{
		names: ['health'],
		target: { kind: 'overlay', overlay: 'health' },
		summary: 'each rule of the health line, and why it is coloured so',
	},
	{ names: ['help'], target: { kind: 'overlay', overlay: 'help' }, summary: 'the keys of this view' },
	{ names: ['quit', 'q'], target: { kind: 'quit' }, summary: 'quit' },
];

/** Every name the command line completes: the views' first, then the shell's. */
export function commandNames(panes: readonly AnyPane[]): string[] {
	const taken = new Set(panes.flatMap(namesOf));
	const own = shellCommands.flatMap((c) => c.names).filter((n) => !taken.has(n));
	return [...taken, ...own];
}

/**
 * What Tab offers for what is typed: one name per view or command it could mean (the view's
 * id when that matches, else its shortest matching name), shortest first.
 */
export function completions(panes: readonly AnyPane[], typed: string): string[] {
	const wanted = typed.trimStart().replace(/^:+/, '').toLowerCase();
	// Past the name (a message id follows), nothing completes.
	if (/\s/.test(wanted.trimEnd())) return [];
	const pick = (names: readonly string[], first: string) => {
		const found = names.filter((n) => n.startsWith(wanted)).sort((a, b) => a.length - b.length);
		return found.includes(first) ? [first] : found.slice(0, 1);
	};
	const taken = new Set(panes.flatMap(namesOf));
	const views = panes.flatMap((p) => pick(namesOf(p), p.id));
	const own = shellCommands.flatMap((c) =>
		pick(
			c.names.filter((n) => !taken.has(n)),
			c.names[0]!,
		),
	);
	return [...views, ...own].sort((a, b) => a.length - b.length || a.localeCompare(b));
}

export type Resolution = { target: CommandTarget } | { error: string };

const listed = (names: readonly string[]) => names.map((n) => `:${n}`).join(' ');

/** Where a typed command goes, or what is wrong with it. */
export function resolveCommand(panes: readonly AnyPane[], typed: string): Resolution {
	const [word = '', ...rest] = typed.trim().replace(/^:+/, '').trim().split(/\s+/);
	const text = word.toLowerCase();
	if (!text) return { error: 'type the name of a view (Tab completes)' };
	const command = shellCommands.find((c) => c.names.includes(text));
	const pane = paneByName(panes, text);
	// A view's own name wins over a shell command's (`:q` is quit unless a view is named q).
	if (pane && (!command || namesOf(pane).includes(text))) return paneTarget(pane, rest);
	if (command)
		return rest.length > 0 ? { error: `:${text} takes nothing after it` } : { target: command.target };
	const names = commandNames(panes);
	const starting = names.filter((n) => n.startsWith(text));
	if (starting.length > 1) return { error: `":${text}" could be ${listed(starting.slice(0, 6))}` };
	const close = closeNames(names, text);
	return {
		error: `no view named "${text}"${close.length > 0 ? ` · close: ${listed(close)}` : ' · Tab lists the names'}`,
	};
}

/** A view, opened on the message id after its name when it takes one. */
function paneTarget(pane: AnyPane, rest: readonly string[]): Resolution {
	if (rest.length === 0) return { target: { kind: 'pane', pane: pane.id } };
	if (!pane.open) return { error: `:${pane.id} takes no message id` };
	if (rest.length > 1) return { error: `:${pane.id} takes one message id` };
	return { target: { kind: 'pane', pane: pane.id, request: { messageId: rest[0]! } } };
}
