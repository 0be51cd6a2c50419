import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Runtime } from '../app/runtime.js';
import type { PollState } from '../data/poll-store.js';
import type { KeyDispatcher } from '../keys/dispatcher.js';
import type { UiState } from './shell-state.js';

export const RuntimeContext = createContext<Runtime | undefined>(undefined);
export const DispatcherContext = createContext<KeyDispatcher | undefined>(undefined);

export function useRuntime(): Runtime {
	const runtime = useContext(RuntimeContext);
	if (!runtime) throw new Error('useRuntime outside <RuntimeContext>');
	return runtime;
}

/** The UI state snapshot; re-renders when it changes. */
export function useUi(): UiState {
	const { ui } = useRuntime();
	return useSyncExternalStore(ui.subscribe, ui.getSnapshot);
}

/** The poll results snapshot; re-renders at most once per coalescing window. */
export function usePolls(): PollState {
	const { polls } = useRuntime();
	return useSyncExternalStore(polls.subscribe, polls.getSnapshot);
}
