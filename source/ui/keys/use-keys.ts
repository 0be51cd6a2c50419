import { createContext, useContext, useLayoutEffect, useRef } from 'react';
import type { KeyDispatcher, KeyEvent, KeyHandler } from './dispatcher.js';
import { KeyTable, type Scope } from './key-table.js';

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

export type CommandHandlers = Readonly<Record<string, (event: KeyEvent) => void>>;

/** Runs the handler of the command a key is bound to in `scope`; other keys pass on. */
export function useCommands(scope: Scope, priority: number, handlers: CommandHandlers, active = true): void {
	const table = useKeyTable();
	useKeys(
		priority,
		(event) => {
			const command = table.commandFor(scope, event.name);
			const run = command ? handlers[command] : undefined;
			if (!run) return false;
			run(event);
			return true;
		},
		active,
	);
}
