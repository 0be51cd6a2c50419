/**
 * One keypress dispatcher. Handlers subscribe with a priority; a key goes to the highest
 * first, and stops at the first handler that takes it. A text field or an overlay therefore
 * gets keys before the global bindings do.
 *
 * Keys that arrived together wait their turn: the next one is dispatched on the next turn of
 * the event loop, once the view has taken the previous one in (React committed it), so `jjj`
 * moves three rows and `i` then typed text goes into the field `i` opened.
 */
import type { Key } from 'ink';

export interface KeyEvent {
	/** As `keyName` gives it. */
	name: string;
	/** The raw input Ink reports (the typed text for printable keys). */
	input: string;
	key: Key;
}

/** Returns true when it took the key. */
export type KeyHandler = (event: KeyEvent) => boolean;

export const priorities = { global: 0, pane: 50, overlay: 80, input: 100 } as const;

interface Subscription {
	priority: number;
	order: number;
	handler: KeyHandler;
}

export class KeyDispatcher {
	/**
	 * @param afterKeys called once the keys that arrived together are all dispatched (the view
	 *   has taken them in): the monitor draws their frame then, not at its next frame slot.
	 */
	constructor(private readonly afterKeys: () => void = () => {}) {}

	private subscriptions: Subscription[] = [];
	private counter = 0;
	private readonly waiting: KeyEvent[] = [];
	private drained: (() => void)[] = [];

	subscribe(priority: number, handler: KeyHandler): () => void {
		const subscription = { priority, order: this.counter++, handler };
		// Highest priority first; among equals, the latest subscriber first (the innermost view).
		this.subscriptions = [...this.subscriptions, subscription].sort(
			(a, b) => b.priority - a.priority || b.order - a.order,
		);
		return () => {
			this.subscriptions = this.subscriptions.filter((s) => s !== subscription);
		};
	}

	dispatch(event: KeyEvent): boolean {
		for (const { handler } of this.subscriptions) if (handler(event)) return true;
		return false;
	}

	/** Dispatches keys one by one: the first now (unless keys are waiting), each next one a turn later. */
	enqueue(events: readonly KeyEvent[]): void {
		const idle = this.waiting.length === 0;
		this.waiting.push(...events);
		if (idle) this.next();
	}

	/** Resolves once every key enqueued so far has been dispatched. */
	whenDrained(): Promise<void> {
		if (this.waiting.length === 0) return Promise.resolve();
		return new Promise((resolve) => this.drained.push(resolve));
	}

	private readonly next = (): void => {
		const event = this.waiting[0];
		if (!event) return;
		this.dispatch(event);
		this.waiting.shift();
		if (this.waiting.length > 0) {
			setImmediate(this.next);
			return;
		}
		const drained = this.drained;
		this.drained = [];
		for (const resolve of drained) resolve();
		this.afterKeys();
	};
}
