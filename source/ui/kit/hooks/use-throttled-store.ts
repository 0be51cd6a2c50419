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
		const throttle = throttleStore(store, setSnapshot, {
			// The first render counts as the last one published.
			shown: latest.current.snapshot,
			interval: (shown, next) => {
				const every = latest.current.interval;
				return typeof every === 'number' ? every : every(shown, next);
			},
			paused: () => latest.current.frozen,
			clock,
		});
		thaw.current = throttle.changed;
		return throttle.stop;
	}, [store, clock]);
	useEffect(() => {
		if (!frozen) thaw.current();
	}, [frozen]);
	return snapshot;
}

export interface ThrottleOptions<S> {
	/** The snapshot published last, when the throttle starts (it counts as published now). */
	shown: S;
	interval: (shown: S, next: S) => number;
	/** While true, nothing is published; call `changed` when it turns false. */
	paused?: () => boolean;
	clock?: ThrottleClock;
}

/**
 * The pacing of useThrottledStore, without React: `publish` hears the store's snapshot at most
 * once per interval. `changed` looks again at once (after a pause ends); `stop` ends it.
 */
export function throttleStore<S>(
	store: ReadableStore<S>,
	publish: (snapshot: S) => void,
	{ shown: initial, interval, paused = () => false, clock = realClock }: ThrottleOptions<S>,
): { changed(): void; stop(): void } {
	let last = clock.now();
	let shown = initial;
	let timer: unknown;
	const publishNow = () => {
		timer = undefined;
		if (paused()) return;
		last = clock.now();
		shown = store.getSnapshot();
		publish(shown);
	};
	const changed = () => {
		if (timer || paused() || store.getSnapshot() === shown) return;
		const wait = last + interval(shown, store.getSnapshot()) - clock.now();
		if (wait <= 0) publishNow();
		else timer = clock.setTimeout(publishNow, wait);
	};
	const unsubscribe = store.subscribe(changed);
	// A change between the first snapshot and the subscription is not missed.
	changed();
	return {
		changed,
		stop: () => {
			unsubscribe();
			if (timer) clock.clearTimeout(timer);
		},
	};
}
