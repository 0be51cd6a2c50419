import { createContext, useContext, useLayoutEffect, useMemo, useRef } from 'react';
import type { KeyDispatcher, KeyEvent, KeyHandler } from './dispatcher.js';
import { type Binding, type CommandsOf, commandIn, KeyTable } from './key-table.js';

export const DispatcherContext = createContext<KeyDispatcher | undefined>(undefined);
export const KeyTableContext = createContext<KeyTable>(new KeyTable([]));

/** The table of every binding, as the app assembled it. */
export function useKeyTable(): KeyTable {
	return useContext(KeyTableContext);
}

/**
 * Subscribes a key handler to the one dispatcher while `active`. The subscription changes as
 * the view commits (a layout effect), so the key after one that opened a text field already
 * goes to the field.
 */
export function useKeys(priority: number, handler: KeyHandler, active = true): void {
	const dispatcher = useContext(DispatcherContext);
	const latest = useRef(handler);
	latest.current = handler;
	useLayoutEffect(() => {
		if (!dispatcher || !active) return;
		return dispatcher.subscribe(priority, (event) => latest.current(event));
	}, [dispatcher, priority, active]);
}

/** What runs on a command. */
export type CommandHandler = (event: KeyEvent) => void;

/** A handler for each of the commands `C`. */
export type CommandHandlers<C extends string = string> = { readonly [K in C]: CommandHandler };

/** `H`, refused where it holds a handler for a command other than `C`'s (a spread hides it from the usual check). */
export type Exactly<H, C extends string> = H & { readonly [K in Exclude<keyof H, C>]: never };

/** Runs the handler of `command`, if it is one; true when it ran. */
function run(command: string | undefined, handlers: object, event: KeyEvent): boolean {
	const handler = command === undefined ? undefined : (handlers as CommandHandlers)[command];
	handler?.(event);
	return handler !== undefined;
}

/**
 * Runs the handler of the command `event`'s key is bound to in `scope` among `bindings`; false
 * when none ran. The handlers must name each command of `bindings` in `scope` and nothing else:
 * a key bound to a command nobody handles, or a handler for a command no key is bound to, does
 * not type-check.
 */
export function runCommand<
	const B extends readonly Binding[],
	S extends B[number]['scope'],
	H extends CommandHandlers<CommandsOf<B, S>>,
>(bindings: B, scope: S, event: KeyEvent, handlers: Exactly<H, CommandsOf<B, S>>): boolean {
	return run(commandIn(bindings, scope, event.name), handlers, event);
}

/**
 * Runs the handler of the command a key is bound to in `scope`, as the key table has it; other
 * keys pass on. `bindings` are those the handlers answer, checked as runCommand checks them;
 * outside production they must be in the table too (else their keys would do nothing and be
 * shown nowhere).
 */
export function useCommands<
	const B extends readonly Binding[],
	S extends B[number]['scope'],
	H extends CommandHandlers<CommandsOf<B, S>>,
>(bindings: B, scope: S, priority: number, handlers: Exactly<H, CommandsOf<B, S>>, active = true): void {
	const table = useKeyTable();
	useMemo(() => {
		if (process.env.NODE_ENV !== 'production') table.requireDeclared(bindings, scope);
	}, [table, bindings, scope]);
	useKeys(priority, (event) => run(table.commandFor(scope, event.name), handlers, event), active);
}
