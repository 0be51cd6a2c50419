import { createContext, useContext, useLayoutEffect, useMemo, useRef } from 'react';
import { type Command, commandOf, type ViewSize } from './commands.js';
import type { KeyDispatcher, KeyHandler } from './dispatcher.js';
import { KeyTable } from './key-table.js';

export const DispatcherContext = createContext<KeyDispatcher | undefined>(undefined);
/** Undefined outside an app (a widget drawn alone): no table, nothing to check commands against. */
export const KeyTableContext = createContext<KeyTable | undefined>(undefined);

const noTable = new KeyTable([]);

/** The table of every binding, as the app assembled it. */
export function useKeyTable(): KeyTable {
	return useContext(KeyTableContext) ?? noTable;
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

/** What `useCommands` runs on besides its commands. */
export interface CommandOptions {
	/** Subscribed only while true; default true. */
	active?: boolean;
	/** The cells of the view the keys act on, given to each handler; default none. */
	size?: ViewSize;
	/**
	 * The keys no command takes, where the widget has a use for them (a field types them, a
	 * question swallows them); true when it took the key.
	 */
	rest?: KeyHandler;
}

const noSize: ViewSize = { width: 0, height: 0 };

/**
 * The one way a key reaches a handler: the enabled command among `list` (bindings with their
 * handlers, see `commands`) whose keys it is runs; other keys go to `rest`, or pass on.
 * Outside production every command must be in the key table (else its key would be shown nowhere).
 */
export function useCommands(list: readonly Command[], priority: number, options: CommandOptions = {}): void {
	const table = useContext(KeyTableContext);
	useMemo(() => {
		if (table && process.env.NODE_ENV !== 'production') table.requireDeclared(list);
	}, [table, list]);
	const { size = noSize, rest } = options;
	useKeys(
		priority,
		(event) => {
			const command = commandOf(list, event.name);
			if (command) {
				command.run(event, size);
				return true;
			}
			return rest?.(event) ?? false;
		},
		options.active ?? true,
	);
}
