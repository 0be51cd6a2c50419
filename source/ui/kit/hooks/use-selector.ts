import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { ReadableStore } from '../../data/store.js';

/**
 * A value derived from a store, re-rendering only when it changes by `key`: a component that
 * shows a little of a busy store (the status line over the poll results) then costs a frame
 * only when what it shows changes, not on every write.
 */
export function useSelector<S, T>(
	store: ReadableStore<S>,
	select: (state: S) => T,
	key: (value: T) => string,
): T {
	const cache = useRef<{ key: string; value: T } | undefined>(undefined);
	const latest = useRef({ select, key });
	latest.current = { select, key };
	const getSnapshot = useCallback(() => {
		const value = latest.current.select(store.getSnapshot());
		const next = latest.current.key(value);
		if (cache.current?.key !== next) cache.current = { key: next, value };
		return cache.current.value;
	}, [store]);
	return useSyncExternalStore(store.subscribe, getSnapshot);
}
