/**
 * Plain stores outside React. Pollers and key handlers write; components read snapshots with
 * useSyncExternalStore. A store may coalesce notifications, so a burst of writes (several
 * endpoints answering at once) costs one render rather than one each.
 *
 * A listener that throws does not keep the others from hearing: every one is called. Its error
 * goes back to whoever wrote, after the others ran; a coalesced notification runs from a timer,
 * where a throw would end the process, so its error goes to `onListenerError` instead.
 */
export interface ReadableStore<S> {
	getSnapshot(): S;
	subscribe(listener: () => void): () => void;
}

export class Store<S> implements ReadableStore<S> {
	private state: S;
	private readonly listeners = new Set<() => void>();
	private pending: ReturnType<typeof setTimeout> | undefined;
	/**
	 * Hears what a listener threw during a coalesced notification (nobody to throw to there); the
	 * runtime shows it in the status line. Unset, it is written to the console.
	 */
	onListenerError: ((error: unknown) => void) | undefined;

	/** `coalesceMs` 0 notifies at once; more collects writes for that long before notifying. */
	constructor(
		initial: S,
		private readonly coalesceMs = 0,
	) {
		this.state = initial;
	}

	getSnapshot = (): S => this.state;

	subscribe = (listener: () => void): (() => void) => {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	};

	set(next: S): void {
		if (Object.is(next, this.state)) return;
		this.state = next;
		if (this.coalesceMs <= 0) {
			const failure = this.notify();
			if (failure) throw failure.error;
			return;
		}
		this.pending ??= setTimeout(() => {
			this.pending = undefined;
			const failure = this.notify();
			if (!failure) return;
			if (this.onListenerError) this.onListenerError(failure.error);
			else console.error(failure.error);
		}, this.coalesceMs);
	}

	update(change: (state: S) => S): void {
		this.set(change(this.state));
	}

	/** Drops a pending notification; the store stays readable. */
	close(): void {
		if (this.pending) clearTimeout(this.pending);
		this.pending = undefined;
		this.listeners.clear();
	}

	/** Calls every listener; the first error thrown, boxed (a listener may throw anything, undefined too). */
	private notify(): { error: unknown } | undefined {
		let failure: { error: unknown } | undefined;
		for (const listener of [...this.listeners]) {
			try {
				listener();
			} catch (error) {
				failure ??= { error };
			}
		}
		return failure;
	}
}

/** A store whose every change goes through a pure reducer. */
export class ReducerStore<S, A> extends Store<S> {
	constructor(
		private readonly reducer: (state: S, action: A) => S,
		initial: S,
	) {
		super(initial);
	}

	dispatch = (action: A): void => {
		this.update((state) => this.reducer(state, action));
	};
}
