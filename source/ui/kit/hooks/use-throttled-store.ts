import { useEffect, useRef, useState } from 'react';
import type { ReadableStore } from '../../data/store.js';

/** Milliseconds between two re-renders, fixed or decided from what changed since the last one. */
export type ThrottleInterval<S> = number | ((shown: S, next: S) => number);

/** The time and the timers the throttle runs on: the real ones, or a test's. */
export interface ThrottleClock {
	now(): number;
	setTimeout(run: () => void, ms: number): unknown;
	clearTimeout(timer: unknown): void;
}

const realClock: ThrottleClock = {
	now: () => performance.now(),
	setTimeout: (run, ms) => setTimeout(run, ms),
	clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/**
 * A store's snapshot, re-rendering at most once per interval: the first change after a quiet
 * spell at once, the changes of a burst together at the end of the interval. A flood of data
 * (thousands of callbacks a second) then costs a few frames a second, and keys stay quick.
 * While `frozen`, the snapshot shown stays as it is (the store goes on recording); the newest
 * is shown as soon as it thaws.
 */
export function useThrottledStore<S>(
	store: ReadableStore<S>,
	interval: ThrottleInterval<S>,
	frozen = false,
	clock: ThrottleClock = realClock,
): S {
	const [snapshot, setSnapshot] = useState(store.getSnapshot);
	const latest = useRef({ interval, snapshot, frozen });
	latest.current = { interval, snapshot, frozen };
	const thaw = useRef(() => {});
	useEffect(() => {
		// The first render counts as the last one published.
		let last = clock.now();
		let shown = latest.current.snapshot;
		let timer: unknown;
		const publish = () => {
			timer = undefined;
			if (latest.current.frozen) return;
			last = clock.now();
			shown = store.getSnapshot();
			setSnapshot(shown);
		};
		const changed = () => {
			if (timer || latest.current.frozen || store.getSnapshot() === shown) return;
			const every = latest.current.interval;
			const ms = typeof every === 'number' ? every : every(shown, store.getSnapshot());
			const wait = last + ms - clock.now();
			if (wait <= 0) publish();
			else timer = clock.setTimeout(publish, wait);
		};
		thaw.current = changed;
		const unsubscribe = store.subscribe(changed);
		// A change between the first render and the subscription is not missed.
		changed();
		return () => {
			unsubscribe();
			if (timer) clock.clearTimeout(timer);
		};
	}, [store, clock]);
	useEffect(() => {
		if (!frozen) thaw.current();
	}, [frozen]);
	return snapshot;
}
