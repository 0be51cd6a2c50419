import { useSyncExternalStore } from 'react';
import type { ReadableStore } from '../../data/store.js';

/** A store's snapshot; re-renders when it changes. */
export function useStore<S>(store: ReadableStore<S>): S {
	return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
