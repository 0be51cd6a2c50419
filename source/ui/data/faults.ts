/**
 * What went wrong inside mqtop itself rather than at the service: a store listener that threw
 * while nobody was there to hear it (a coalesced notification runs from a timer), or a request
 * the callback receiver answered but could not record. That is a bug; the monitor keeps running
 * and the status line says so. The first error is kept with how many followed, because the same
 * bug tends to come back with every poll.
 */
import { Store } from './store.js';

export interface Fault {
	message: string;
	/** Errors reported so far, the first included. */
	count: number;
}

export class Faults extends Store<Fault | undefined> {
	constructor() {
		super(undefined);
	}

	report = (error: unknown): void => {
		const first = this.getSnapshot();
		if (first) this.set({ ...first, count: first.count + 1 });
		else this.set({ message: error instanceof Error ? error.message : String(error), count: 1 });
	};
}
