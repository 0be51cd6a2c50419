/**
 * The monitor's two sources of callbacks: its own receiver, and the history of a `mqtop listen`
 * on the same data directory, which it follows. Both read requests in the dialect the service
 * speaks (the backend's: a running server's, whatever the configuration says), so that the
 * deliveries of a deployed-dialect server verify and show their message ids
 * (docs/protocol/signatures.md).
 */

import type { ReceiverSettings } from '../config/receiver.js';
import type { FollowOptions, HistoryFollower, StartReceiverOptions } from '../receiver/index.js';
import type { Backend } from './monitor-backend.js';

export interface OwnReceiverPlace {
	/** The data directory whose history the receiver writes; undefined for a throwaway service. */
	dataDir: string | undefined;
	port: number;
	onError: (error: Error) => void;
	onHistoryError: (error: Error) => void;
}

/**
 * The receiver's modules: loaded when the monitor first needs them, in a chunk of the monitor's
 * bundle of their own, so that its first frame does not wait for them (scripts/bundle.mjs).
 */
export const loadReceiver = () => import('../receiver/index.js');

/** The options of the monitor's own receiver, on the service of `backend` (which has signing keys). */
export async function ownReceiverOptions(
	backend: Pick<Backend, 'dialect' | 'readKeys' | 'regionKeys'> & { keys: NonNullable<Backend['keys']> },
	settings: ReceiverSettings,
	place: OwnReceiverPlace,
): Promise<StartReceiverOptions> {
	const { monitorHistoryDirectory } = await loadReceiver();
	return {
		// A request answered but not shown (a bug) is said in the status line, and so is a
		// history that cannot write (a full disk): requests are then not kept for replay.
		onError: place.onError,
		onHistoryError: place.onHistoryError,
		currentSigningKey: backend.keys.current,
		nextSigningKey: backend.keys.next,
		// A server's other regions verify as key pairs of their own (docs/protocol/regions.md).
		keyPairs: [...settings.keyPairs, ...(backend.regionKeys?.others ?? [])],
		keyPairName: backend.regionKeys?.shown,
		publicUrl: settings.publicUrl,
		forwardTo: settings.forwardTo,
		forwardRejected: settings.forwardRejected,
		historyDir: place.dataDir === undefined ? undefined : monitorHistoryDirectory(place.dataDir),
		dialect: backend.dialect,
		port: place.port,
		readKeys: backend.readKeys,
	};
}

/** Follows the requests `mqtop listen` keeps in `dataDir`, read in the dialect of `backend`'s service. */
export async function followListen(
	backend: Pick<Backend, 'dialect'>,
	dataDir: string,
	options: FollowOptions = {},
): Promise<HistoryFollower> {
	const { defaultMaxShownBodyBytes, EventStore, followHistory, historyDirectory } = await loadReceiver();
	return followHistory(
		historyDirectory(dataDir),
		new EventStore({ classify: { dialect: backend.dialect, maxShownBodyBytes: defaultMaxShownBodyBytes } }),
		options,
	);
}
