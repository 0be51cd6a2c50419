/** Which service the monitor is connected to, and the callback receiver it shows, if any. */
import type { ReplayEdits } from '../../receiver/replay.js';
import type { ReplayResult } from '../../receiver/replay-send.js';
import type { EventStore } from '../../receiver/store.js';

/** Which service the monitor is connected to, beyond the client's URLs and credentials. */
export interface TuiConnection {
	/** The embedded local service rather than a deployment. */
	embedded: boolean;
	/**
	 * Which local server it is: one `mqtop serve` runs (`running`), or the monitor's own that
	 * keeps its state in `dataDir` (`own`); a throwaway in-memory one when absent.
	 */
	localServer?: { kind: 'running' } | { kind: 'own'; dataDir: string } | undefined;
	/** Demo traffic runs against the embedded service. */
	demo?: boolean | undefined;
	/** Where the callback receiver listens, when one runs. */
	receiverUrl?: string | undefined;
	/** The account the Overview shows first; the first listed account when absent. */
	accountId?: string | undefined;
	vectorIndexId?: string | undefined;
	searchIndexId?: string | undefined;
}

/** The callback receiver the monitor shows: where it listens, what it saw, the keys it checks. */
export interface TuiReceiver {
	url: string;
	store: EventStore;
	currentSigningKey: string;
	nextSigningKey?: string | undefined;
	/** Where verified requests are forwarded (the app), when they are. */
	forwardTo?: string | undefined;
	/** Sends request n of the kept history to the app again, signed afresh; absent without a history. */
	replay?: ((seq: number, edits?: ReplayEdits) => Promise<ReplayResult>) | undefined;
}
