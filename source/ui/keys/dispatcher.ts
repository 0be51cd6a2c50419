/**
 * One keypress dispatcher. Handlers subscribe with a priority; a key goes to the highest
 * first, and stops at the first handler that takes it. A text field or an overlay therefore
 * gets keys before the global bindings do.
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
	private subscriptions: Subscription[] = [];
	private counter = 0;

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
}
