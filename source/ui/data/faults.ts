/**
 * What went wrong inside mqtop rather than at the service, said in the status line while the
 * monitor keeps running:
 * - a bug: a store listener that threw while nobody was there to hear it (a coalesced
 *   notification runs from a timer), or a request the callback receiver answered but could not
 *   record. The first error is kept with how many followed, because the same bug tends to come
 *   back with every poll;
 * - a problem of the machine mqtop runs on: the receiver's history could not write (a full
 *   disk), so requests are answered and shown but not kept for replay. The newest report is
 *   kept, as it says how much was lost since the one before.
 */
import { Store } from './store.js';

export interface Fault {
	message: string;
	/** Errors reported so far, the first included. */
	count: number;
}

export interface FaultsState {
	bug?: Fault | undefined;
	problem?: Fault | undefined;
}

export class Faults extends Store<FaultsState> {
	constructor() {
		super({});
	}

	/** A bug of mqtop's own. */
	report = (error: unknown): void => {
		const state = this.getSnapshot();
		const bug = state.bug;
		this.set({
			...state,
			bug: bug ? { ...bug, count: bug.count + 1 } : { message: messageOf(error), count: 1 },
		});
	};

	/** A problem of the machine, not of mqtop (the disk is full). */
	warn = (error: unknown): void => {
		const state = this.getSnapshot();
		this.set({ ...state, problem: { message: messageOf(error), count: (state.problem?.count ?? 0) + 1 } });
	};
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
