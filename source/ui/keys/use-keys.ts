import { useContext, useEffect, useRef } from 'react';
import { DispatcherContext } from '../contract/context.js';
import { type CommandId, commandFor, type Scope } from './bindings.js';
import type { KeyEvent, KeyHandler } from './dispatcher.js';

/** Subscribes a key handler to the one dispatcher while `active`. */
export function useKeys(priority: number, handler: KeyHandler, active = true): void {
	const dispatcher = useContext(DispatcherContext);
	const latest = useRef(handler);
	latest.current = handler;
	useEffect(() => {
		if (!dispatcher || !active) return;
		return dispatcher.subscribe(priority, (event) => latest.current(event));
	}, [dispatcher, priority, active]);
}

export type CommandHandlers = Partial<Record<CommandId, (event: KeyEvent) => void>>;

/** Runs the handler of the command a key is bound to in `scope`; other keys pass on. */
export function useCommands(scope: Scope, priority: number, handlers: CommandHandlers, active = true): void {
	useKeys(
		priority,
		(event) => {
			const command = commandFor(scope, event.name);
			const run = command ? handlers[command] : undefined;
			if (!run) return false;
			run(event);
			return true;
		},
		active,
	);
}
