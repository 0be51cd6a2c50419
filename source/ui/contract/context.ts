import { createContext, useContext, useSyncExternalStore } from 'react';
import type { PollState } from '../data/poll-store.js';
import type { Controller } from './pane.js';
import type { PaneInstance, Runtime } from './runtime.js';
import type { ShellState } from './shell-state.js';

export const RuntimeContext = createContext<Runtime | undefined>(undefined);
/** The pane the shell is drawing: its view reads it with usePane(). */
export const PaneContext = createContext<PaneInstance<unknown, unknown, Controller> | undefined>(undefined);

export function useRuntime(): Runtime {
	const runtime = useContext(RuntimeContext);
	if (!runtime) throw new Error('useRuntime outside <RuntimeContext>');
	return runtime;
}

/** The shell's state snapshot; re-renders when it changes. */
export function useUi(): ShellState {
	const { ui } = useRuntime();
	return useSyncExternalStore(ui.subscribe, ui.getSnapshot);
}

/** The poll results snapshot; re-renders at most once per coalescing window. */
export function usePolls(): PollState {
	const { polls } = useRuntime();
	return useSyncExternalStore(polls.subscribe, polls.getSnapshot);
}

/**
 * The pane being drawn: its state (re-rendering when it changes), its dispatch and its
 * controller, typed as the pane's module declares them.
 */
export function usePane<S, A, C extends Controller = Controller>() {
	const instance = useContext(PaneContext) as PaneInstance<S, A, C> | undefined;
	if (!instance) throw new Error('usePane outside a pane');
	const state = useSyncExternalStore(instance.store.subscribe, instance.store.getSnapshot);
	return {
		state,
		dispatch: instance.store.dispatch,
		store: instance.store,
		controller: instance.controller as C,
	};
}
