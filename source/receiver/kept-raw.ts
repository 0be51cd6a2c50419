/**
 * What a store of received requests counts of those it keeps as they arrived (store.ts): their
 * bytes, from when they come until their events are worked out or the store lets them go.
 */
import type { ClassifyOptions } from './classify.js';
import type { ReceivedEvent, ReceivedRequest } from './event.js';

/**
 * The bytes of the requests a store keeps as they arrived, counted while they are: a kept
 * request adds its bytes when it comes and takes them back when its event is worked out (its
 * bytes then go) or when the store lets it go, whichever is first.
 */
export class RawLedger {
	bytes = 0;
}

/** What every kept request shares: its bytes, counted in its store's ledger until they go. */
export abstract class KeptRaw {
	#counted: number;
	constructor(
		private readonly ledger: RawLedger,
		bytes: number,
	) {
		this.#counted = bytes;
		ledger.bytes += bytes;
	}
	/** Whether its bytes are still counted: kept as it arrived, and in the store. */
	get counted(): boolean {
		return this.#counted > 0;
	}
	/** Its bytes are no longer the store's (worked out, or let go). */
	uncount(): void {
		this.ledger.bytes -= this.#counted;
		this.#counted = 0;
	}
	abstract event(options: ClassifyOptions): ReceivedEvent;
}

/** The bytes a request as it arrived holds: its body and its headers. */
export function requestBytes(request: ReceivedRequest): number {
	let bytes = request.body?.length ?? 0;
	for (const header of request.rawHeaders) bytes += header.length;
	return bytes + 1;
}
