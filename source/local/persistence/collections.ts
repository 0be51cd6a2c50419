/**
 * Every collection of records the local service keeps, with its codec: one table, so that
 * loading what was kept and making the sinks that keep it cannot drift apart. Adding a
 * keyed store is one line here (statistics, saved whole on a timer, are registered on the
 * keeper instead).
 */

import type { Dialect } from '../../api/dialect.js';
import type { AccountCredentials } from '../account/account.js';
import type { PublishAnswer, SigningKeyPair } from '../context.js';
import type { FlowKeySettings } from '../delivery/flow-control.js';
import type { KeptIndex } from '../indexes/data-plane/created-indexes.js';
import type { IndexTokens } from '../indexes/management/search-index.js';
import type { DocumentInput } from '../indexes/search/engine.js';
import type { Similarity } from '../indexes/vector/similarity.js';
import type { KeptVector } from '../indexes/vector/store.js';
import type { DedupEntry } from '../stores/dedup-store.js';
import type { DeadLetter } from '../stores/dlq-store.js';
import type { Group } from '../stores/group-store.js';
import type { KeptLogRecord } from '../stores/log-store.js';
import type { QueueRecord } from '../stores/queue-store.js';
import type { RecordSink } from '../stores/record-sink.js';
import type { ScheduleRecord } from '../stores/schedule-store.js';
import type { KeptNotification, WaiterRecord } from '../stores/waiter-store.js';
import type { RunEntry, RunRecord } from '../stores/workflow-run-store.js';
import { type Codec, jsonCodec, lightJsonCodec, messageCodec, versionedJsonCodec } from './codec.js';
import type { Keeper } from './journal.js';

/** Who the service is: what must be the same after a restart for the apps that use it. */
export interface KeptAccount {
	credentials: AccountCredentials;
	keys: SigningKeyPair;
	createdAt: number;
	vectorIndexId: string;
	searchIndexId: string;
	vectorTokens: IndexTokens;
	searchTokens: IndexTokens;
	vectorDimension: number;
	vectorSimilarity: Similarity;
	/** The sparse and hybrid vector indexes (absent in what older versions kept). */
	sparseIndexId: string;
	hybridIndexId: string;
	sparseTokens: IndexTokens;
	hybridTokens: IndexTokens;
	hybridDimension: number;
	hybridSimilarity: Similarity;
	/** Names given through the management API to the indexes made at start, by id. */
	indexNames?: Record<string, string>;
	/**
	 * The five names it speaks (absent in what older versions kept): a restart that names none
	 * keeps them, so an app on the deployed dialect is not switched to the neutral one.
	 */
	dialect?: Dialect;
}

export const collections = {
	account: jsonCodec<KeptAccount>(),
	/** Messages, each once: pending, or shown by the delivery logs (stores/kept-messages.ts). */
	messages: messageCodec,
	deadLetters: jsonCodec<DeadLetter>(),
	groups: jsonCodec<Group>(),
	queues: jsonCodec<QueueRecord>(),
	schedules: jsonCodec<ScheduleRecord>(),
	flowKeys: jsonCodec<FlowKeySettings>(),
	dedup: jsonCodec<DedupEntry<PublishAnswer>>(),
	/** Records of the dense, sparse and hybrid vector indexes and search documents, by namespace and id (keyOf). */
	denseRecords: versionedJsonCodec<KeptVector>('vector'),
	sparseRecords: versionedJsonCodec<KeptVector>('vector'),
	hybridRecords: versionedJsonCodec<KeptVector>('vector'),
	searchDocuments: versionedJsonCodec<DocumentInput>('search document'),
	/** The indexes made through the management API (their records: a collection each, recordsCollection). */
	createdIndexes: jsonCodec<KeptIndex>(),
	/** Runs without their histories, and the entries of the histories (entryKey). */
	workflowRuns: jsonCodec<RunRecord>(),
	workflowRunEntries: jsonCodec<RunEntry>(),
	waiters: jsonCodec<WaiterRecord>(),
	notifications: jsonCodec<KeptNotification>(),
	// Three records a message: its only byte array is a response body.
	logs: lightJsonCodec<KeptLogRecord>((record) => record.responseBody !== undefined),
};

type Collections = typeof collections;
type RecordOf<K extends keyof Collections> = Collections[K] extends Codec<infer T> ? T : never;

/** What was kept, per collection, as `[key, record]` in key order. */
export type KeptRecords = { [K in keyof Collections]: [string, RecordOf<K>][] };
export type Sinks = { [K in keyof Collections]: RecordSink<RecordOf<K>> };

export async function openCollections(keeper: Keeper): Promise<{ kept: KeptRecords; sinks: Sinks }> {
	const kept = {} as Record<string, unknown>;
	const sinks = {} as Record<string, unknown>;
	for (const [name, codec] of Object.entries(collections) as [keyof Collections, Codec<unknown>][]) {
		kept[name] = await keeper.load(name, codec);
		sinks[name] = keeper.collection(name, codec);
	}
	return { kept: kept as KeptRecords, sinks: sinks as Sinks };
}

/** The records alone. */
export function values<T>(pairs: readonly [string, T][]): T[] {
	return pairs.map(([, value]) => value);
}
