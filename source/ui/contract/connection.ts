/** Which service the monitor is connected to, and the callback receiver it shows, if any. */

import type { SettingKey } from '../../config/settings.js';
import type { EventStore, FollowState, ReplayEdits, ReplayResult } from '../../receiver/index.js';
import type { Api } from '../data/endpoints.js';
import type { TuiRegion } from '../data/region-traffic.js';

export type { TuiRegion };

/** Where the settings came from, so that a pane can say where to add the missing ones. */
export interface SettingsOrigin {
	/** The config file mqtop read (or would read). */
	configPath: string;
	/** The profile in use, when one of the file's is (not the one of no file, `local`). */
	profile?: string | undefined;
}

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
	/**
	 * The settings each API lacks, by their config file keys (`managementUrl`), e.g. a deployment
	 * given only a queue URL and a token: nothing of such an API is polled, and the panes that
	 * need it say what to set and how.
	 */
	unconfigured?: Partial<Record<Api, readonly SettingKey[]>> | undefined;
	settingsOrigin?: SettingsOrigin | undefined;
	/**
	 * The regions of a local server that runs several (`mqtop serve --regions`), the default
	 * first: the Overview shows each one's traffic; the panes show the one `shown`.
	 */
	regions?: readonly TuiRegion[] | undefined;
}

/** The APIs the connection lacks settings for. */
export function unconfiguredApis(connection: TuiConnection): ReadonlySet<Api> {
	const missing = connection.unconfigured ?? {};
	return new Set((Object.keys(missing) as Api[]).filter((api) => (missing[api]?.length ?? 0) > 0));
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
	/**
	 * `mqtop listen` on the same data directory: its history, followed read only, so that its
	 * requests show beside the receiver's own (absent with a throwaway service).
	 */
	followed?: FollowedReceiver | undefined;
}

/** Another receiver whose requests the monitor shows from its history: `mqtop listen`'s. */
export interface FollowedReceiver {
	store: EventStore;
	/** Whether a `mqtop listen` runs and writes the history, and which. */
	state(): FollowState;
	/** Sends its request n to the app again (the monitor's forward URL), signed afresh; absent without one. */
	replay?: ((seq: number, edits?: ReplayEdits) => Promise<ReplayResult>) | undefined;
}
