/** What startLocalService can be told, and the defaults for what it is not told. */
import type { Dialect } from '../api/dialect.js';
import type { AccountCredentials } from './account/account.js';
import type { PlanLimits } from './account/limits.js';
import type { Clock } from './clock.js';
import type { Backoff } from './delivery/backoff.js';
import type { ConnectionLimits } from './http/connections.js';
import type { Similarity } from './indexes/vector/similarity.js';
import type { StorageFaults } from './persistence/faults.js';
import type { WaiterBounds } from './stores/waiter-store.js';
import type { HistoryBounds } from './stores/workflow-run-store.js';

/** The options that can cross to a worker thread (plain data only). */
export interface LocalServiceData extends Partial<AccountCredentials> {
	/** Interface to listen on; default 127.0.0.1. */
	host?: string;
	/** Port; 0 (the default) picks a free one. */
	port?: number;
	dialect?: Partial<Dialect>;
	/**
	 * The region this service is, as deliveries name it in their Region header (`US-EAST-1`):
	 * one of the regions of `mqtop serve --regions` (docs/protocol/regions.md). None: no header.
	 */
	region?: string;
	currentSigningKey?: string;
	nextSigningKey?: string;
	vectorIndexId?: string;
	searchIndexId?: string;
	sparseIndexId?: string;
	hybridIndexId?: string;
	/** Dimension of the dense vector index; default 384. */
	vectorDimension?: number;
	/** Similarity function of the dense vector index; default COSINE. */
	vectorSimilarity?: Similarity;
	/** Dimension of the hybrid index's dense part; default 384. */
	hybridDimension?: number;
	/** Similarity function of the hybrid index's dense part; default COSINE. */
	hybridSimilarity?: Similarity;
	limits?: Partial<PlanLimits>;
	/** How many records the stores with a cap of their own keep (defaults: 10,000 each). */
	caps?: {
		workflowRuns?: number;
		notifications?: number;
		/** The most waiting steps and their bytes, and the bytes of kept notifications (docs/protocol/limits.md#waiters). */
		waiting?: Partial<WaiterBounds>;
		/** The most steps and bytes of a run's history (docs/protocol/limits.md#workflow-runs). */
		runHistory?: Partial<HistoryBounds>;
		/** The most indexes made through the management API, vector and search together (default 64). */
		createdIndexes?: number;
	};
	/** How long a client may take and how many connections there may be (docs/protocol/limits.md#connections). */
	connections?: Partial<ConnectionLimits>;
	/** Multiplies the default retry backoff (e.g. 0.001 turns 12 s into 12 ms). */
	retryDelayScale?: number;
	/** Dollars billed per message; default 1 dollar per 100,000 messages. */
	messagePrice?: number;
	/**
	 * Where the state is kept across restarts (`<dataDir>/state`); in memory only when not
	 * given. Credentials, keys and ids given here win over the kept ones and are kept.
	 */
	dataDir?: string;
}

export interface LocalServiceOptions extends LocalServiceData {
	clock?: Clock;
	/** Milliseconds before retry number n (1-based); wins over retryDelayScale. */
	backoff?: Backoff;
	/** Told about internal errors (bugs) that were answered with 500. */
	onError?: (error: unknown) => void;
	/**
	 * Told what the operator should know that is no error: the state could not be saved (and
	 * again could be), damage found in the data directory, records dropped at a cap.
	 */
	onNotice?: (text: string) => void;
	/**
	 * Told the account's new messaging token after a rotation (POST /v2/<product>/rotate-token):
	 * whoever described the server to other processes (server.json) describes it again.
	 */
	onTokenChange?: (token: string) => void;
	/** Makes the data directory's writes fail on demand (tests of a full disk). */
	storageFaults?: StorageFaults;
	/** How often the data directory is opened again after a write failed; default 2 s. */
	recoverEveryMs?: number;
}

export const defaultMessagePrice = 1 / 100_000;
