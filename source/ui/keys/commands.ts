/**
 * A binding with the handler it runs and when it may: what a controller's keys are (as
 * lazygit's controllers return each binding with its handler). The bindings themselves are
 * declared in the key table (help and key line read them); a controller joins each to its
 * handler with `commands`, and `useCommands` is the one way a key reaches a handler.
 */
import type { KeyEvent } from './dispatcher.js';
import type { Binding, CommandsOf } from './key-table.js';

/** The cells of the view the keys act on: a page of rows is worked out from it. */
export interface ViewSize {
	width: number;
	height: number;
}

/** What runs on a command. */
export type CommandHandler = (event: KeyEvent, size: ViewSize) => void;

/** A handler for each of the commands `C`. */
export type CommandHandlers<C extends string = string> = { readonly [K in C]: CommandHandler };

/** `H`, refused where it holds a handler for a command other than `C`'s (a spread hides it from the usual check). */
export type Exactly<H, C extends string> = H & { readonly [K in Exclude<keyof H, C>]: never };

/** A binding, what it runs, and when it is enabled. */
export interface Command extends Binding {
	run: CommandHandler;
	/** False while something else has the keys (a form, a question); absent: always. */
	enabled?: () => boolean;
}

/**
 * Each binding of `bindings` in `scope` with its handler. The handlers must name each command of
 * `bindings` in `scope` and nothing else: a key bound to a command nobody handles, or a handler
 * for a command no key is bound to, does not type-check.
 */
export function commands<
	const B extends readonly Binding[],
	S extends B[number]['scope'],
	H extends CommandHandlers<CommandsOf<B, S>>,
>(bindings: B, scope: S, handlers: Exactly<H, CommandsOf<B, S>>, enabled?: () => boolean): Command[] {
	return bindings
		.filter((b) => b.scope === scope)
		.map((b) => ({
			...b,
			run: (handlers as CommandHandlers)[b.command]!,
			...(enabled ? { enabled } : {}),
		}));
}

/** The enabled command a key runs among `list`, if any. */
export function commandOf(list: readonly Command[], name: string): Command | undefined {
	return list.find((c) => c.keys.includes(name) && (c.enabled?.() ?? true));
}
