import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { ReadableStore } from '../../data/store.js';

interface Selected<S, T> {
	key: string;
	value: T;
	/** The state it was selected from, and by what: the same three give the same value. */
	state: S;
	select: (state: S) => T;
	keyOf: (value: T) => string;
}

/**
 * A value derived from a store, re-rendering only when it changes by `key`: a component that
 * shows a little of a busy store (the status line over the poll results) then costs a frame
 * only when what it shows changes, not on every write. `select` and `key` are pure: React asks
 * for the value on each change of the store, on each render and after each commit, and the
 * same state read by the same functions is selected once (keep them stable, e.g. with
 * useCallback, where selecting costs).
 */
export function useSelector<S, T>(
	store: ReadableStore<S>,
	select: (state: S) => T,
	key: (value: T) => string,
): T {
	const cache = useRef<Selected<S, T> | undefined>(undefined);
	const latest = useRef({ select, key });
	latest.current = { select, key };
	const getSnapshot = useCallback(() => {
		const state = store.getSnapshot();
		const { select, key: keyOf } = latest.current;
		const kept = cache.current;
		if (kept && kept.state === state && kept.select === select && kept.keyOf === keyOf) return kept.value;
		const value = select(state);
		const key = keyOf(value);
		cache.current =
			kept?.key === key ? { ...kept, state, select, keyOf } : { key, value, state, select, keyOf };
		return cache.current.value;
	}, [store]);
	return useSyncExternalStore(store.subscribe, getSnapshot);
}
