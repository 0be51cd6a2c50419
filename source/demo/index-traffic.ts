/**
 * Demo traffic for the vector index and the search index, so their panes move under
 * `mqtop --demo`: a gentle, steady mix of upserts and queries through the typed data-plane
 * clients, like a real application's traffic. Bounded: one request at a time, at most
 * `maxRecords` vectors and documents (the oldest are deleted beyond that). Stoppable: stop()
 * ends it and waits for the request in flight.
 */
import type { MqClient } from '../api/client.js';
import { type IndexConnection, SearchIndexClient, VectorIndexClient } from '../api/index-client.js';
import type { LocalServiceInfo } from '../local/service.js';
import { localIndex } from '../local/service-indexes.js';

export interface IndexTrafficOptions {
	vector: IndexConnection;
	search: IndexConnection;
	/** Requests per second across both indexes; default 3. */
	operationsPerSecond?: number;
	/** Vectors, and documents, the demo keeps at most; default 300. */
	maxRecords?: number;
	random?: () => number;
	/** Errors of the demo's own requests; the demo keeps going. */
	onError?: (error: unknown) => void;
}

export interface IndexTrafficCounts {
	vectorQueries: number;
	/** Records upserted and deleted, as the service counts updates. */
	vectorUpdates: number;
	searchQueries: number;
	searchUpdates: number;
	errors: number;
}

export interface IndexTraffic {
	readonly counts: IndexTrafficCounts;
	stop(): Promise<void>;
}

/** The connections of the local service's two indexes; the search index's come from its resource. */
export async function localIndexConnections(
	info: Pick<LocalServiceInfo, 'indexes'>,
	client: MqClient,
): Promise<{ vector: IndexConnection; search: IndexConnection }> {
	const searchId = localIndex(info, 'search').id;
	const { data: search } = await client.management.searchIndex(searchId);
	if (search.endpoint === undefined || search.token === undefined)
		throw new Error(`search index ${searchId} was read without its endpoint and token`);
	const dense = localIndex(info, 'dense');
	return {
		vector: { endpoint: dense.url, token: dense.token },
		search: { endpoint: search.endpoint, token: search.token },
	};
}

const topics = ['tea', 'coffee', 'bread', 'cheese', 'wine', 'fruit'] as const;
const adjectives = ['fresh', 'aged', 'organic', 'smoky', 'sweet', 'bitter', 'local', 'rare'];
const uses = ['breakfast', 'a picnic', 'the winter', 'a gift', 'baking', 'late nights'];

type Action = 'vector-query' | 'vector-upsert' | 'search-query' | 'search-upsert';

/** The repeating mix: reads outnumber writes, as in most applications. */
/** The search index of the search database the demo writes to. */
export const demoIndex = 'demo';

const schedule: readonly Action[] = [
	'vector-upsert',
	'vector-query',
	'search-upsert',
	'search-query',
	'vector-query',
	'search-query',
	'vector-query',
	'search-query',
];

export async function startIndexTraffic(options: IndexTrafficOptions): Promise<IndexTraffic> {
	const random = options.random ?? Math.random;
	const onError = options.onError ?? (() => {});
	const maxRecords = options.maxRecords ?? 300;
	const vectors = new VectorIndexClient(options.vector);
	const documents = new SearchIndexClient(options.search);
	const counts: IndexTrafficCounts = {
		vectorQueries: 0,
		vectorUpdates: 0,
		searchQueries: 0,
		searchUpdates: 0,
		errors: 0,
	};
	// Ids written by the demo, oldest first, so it deletes only what it wrote.
	const vectorIds: string[] = [];
	const documentIds: string[] = [];
	let dimension: number | undefined;
	let n = 0;

	/** Each topic gets a fixed direction; its vectors scatter around it, so queries find neighbours. */
	const centroids = new Map<string, number[]>();
	const around = (topic: string, dim: number): number[] => {
		let centre = centroids.get(topic);
		if (!centre || centre.length !== dim) {
			centre = Array.from({ length: dim }, () => random() * 2 - 1);
			centroids.set(topic, centre);
		}
		return centre.map((c) => c + (random() - 0.5) * 0.6);
	};
	const topic = () => topics[Math.floor(random() * topics.length)]!;
	const word = (list: readonly string[]) => list[Math.floor(random() * list.length)]!;

	const denseDimension = async () => {
		const { dimension: found } = await vectors.info();
		if (found === undefined || found < 1) throw new Error('the vector index did not say its dimension');
		return found;
	};

	const actions: Record<Action, () => Promise<void>> = {
		async 'vector-upsert'() {
			dimension ??= await denseDimension();
			const dim = dimension;
			const batch = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
				const t = topic();
				return { id: `demo-${++n}`, vector: around(t, dim), metadata: { topic: t } };
			});
			await vectors.upsert(batch);
			// Counted as the service counts updates: by the records written or deleted.
			counts.vectorUpdates += batch.length;
			vectorIds.push(...batch.map((v) => v.id));
			if (vectorIds.length > maxRecords) {
				// Forgotten first: if someone reset the index meanwhile, the demo does not retry forever.
				const oldest = vectorIds.splice(0, vectorIds.length - maxRecords);
				counts.vectorUpdates += await vectors.delete(oldest);
			}
		},
		async 'vector-query'() {
			dimension ??= await denseDimension();
			await vectors.query({ vector: around(topic(), dimension), topK: 5, includeMetadata: true });
			counts.vectorQueries++;
		},
		async 'search-upsert'() {
			const t = topic();
			const id = `demo-doc-${++n}`;
			const content = `${word(adjectives)} ${t} for ${word(uses)}, ${word(adjectives)} and ${word(adjectives)}`;
			await documents.upsert(demoIndex, { id, content: { text: content }, metadata: { topic: t } });
			counts.searchUpdates++;
			documentIds.push(id);
			if (documentIds.length > maxRecords) {
				const oldest = documentIds.splice(0, documentIds.length - maxRecords);
				await documents.delete(demoIndex, oldest);
				counts.searchUpdates++;
			}
		},
		async 'search-query'() {
			await documents.search(demoIndex, { query: `${word(adjectives)} ${topic()}`, topK: 5 });
			counts.searchQueries++;
		},
	};

	let step = 0;
	let inFlight: Promise<void> | undefined;
	const tick = () => {
		// One request at a time: a slow or stalled service cannot make the demo pile up work.
		if (inFlight) return;
		const action = schedule[step++ % schedule.length]!;
		inFlight = actions[action]()
			.catch((error: unknown) => {
				counts.errors++;
				onError(error);
			})
			.finally(() => {
				inFlight = undefined;
			});
	};
	const timer = setInterval(tick, 1000 / (options.operationsPerSecond ?? 3));
	tick();

	return {
		counts,
		async stop() {
			clearInterval(timer);
			await inFlight;
		},
	};
}
