/**
 * The data planes of the local service's indexes: the three vector indexes (dense, sparse and
 * hybrid) and the search database made at start, and those made through the management API
 * (created-indexes.ts). Each has its engine, REST endpoint, tokens and commands,
 * and feeds its statistics (the records of ../management/, which build the management
 * resources) with what it serves.
 */
import type { Clock } from '../../clock.js';
import type { RecordSink } from '../../stores/record-sink.js';
import type { DataPlaneOperation } from '../common/data-plane.js';
import type { IndexTokens, SearchIndexRecord } from '../management/search-index.js';
import { VectorIndex } from '../management/vector-index.js';
import { searchOperations } from '../search/data-plane.js';
import { SearchDatabase } from '../search/database.js';
import type { DocumentInput } from '../search/engine.js';
import { type VectorEngine, vectorOperations } from '../vector/data-plane.js';
import { VectorDatabase, type VectorIndexShape } from '../vector/database.js';
import { ResumableQueries } from '../vector/resumable.js';
import type { KeptVector } from '../vector/store.js';

export interface IndexPlane<Engine> {
	kind: 'vector' | 'search';
	id: string;
	/** Where the commands are served: `<endpoint>/upsert`, `<endpoint>/query/<namespace>`, ... */
	endpoint: string;
	/** Read at each request: a password reset changes them. */
	readonly token: string;
	readonly readOnlyToken: string;
	engine: Engine;
	operations: readonly DataPlaneOperation<Engine>[];
	/** Counts `n` served operations of a kind: when, their engine latency and the bytes moved. */
	record(t: number, kind: 'query' | 'update', n: number, latencyMs: number, bytes: number): void;
	/** Counts time spent embedding text. */
	embedded(t: number, ms: number): void;
}

export interface VectorPlane extends IndexPlane<VectorEngine> {
	kind: 'vector';
	/** Its statistics and management resource. */
	index: VectorIndex;
}

export interface SearchPlane extends IndexPlane<SearchDatabase> {
	kind: 'search';
	index: SearchIndexRecord;
}

export interface IndexPlanes {
	/** Dense, sparse and hybrid, in that order, then those made through the management API. */
	vectors: VectorPlane[];
	/** The search database made at start. */
	search: SearchPlane;
	/** It, then those made through the management API. */
	searches: SearchPlane[];
}

/** One vector index to serve: who it is and its shape. */
export interface VectorIndexSpec {
	id: string;
	name: string;
	tokens: IndexTokens;
	shape: VectorIndexShape;
	sink?: RecordSink<KeptVector> | undefined;
	/** When it was made; default: when the service was. */
	createdAt?: number;
	/** The embedding models it was made with; default: the local ones its shape embeds with. */
	models?: { dense: string | undefined; sparse: string | undefined };
	region?: string;
}

/** Where and for whom the planes are served. */
export interface PlaneSite {
	/** Base URL of the service; vector indexes are served under `<baseUrl>/vector/<id>`. */
	baseUrl: string;
	clock: Clock;
	createdAt: number;
	ownerEmail: string;
}

export interface IndexPlaneOptions extends PlaneSite {
	vectors: VectorIndexSpec[];
	searchIndex: SearchIndexRecord;
	searchSink?: RecordSink<DocumentInput> | undefined;
}

export const defaultVectorDimension = 384;

/** Where a vector index's data plane is served on a service at `baseUrl`. */
export function vectorEndpoint(baseUrl: string, id: string): string {
	return `${baseUrl}/vector/${id}`;
}

/** Where the search database's data plane is served on a service at `baseUrl`. */
export function searchEndpoint(baseUrl: string, id: string): string {
	return `${baseUrl}/search/${id}`;
}

export function vectorPlane(options: PlaneSite, spec: VectorIndexSpec): VectorPlane {
	const endpoint = vectorEndpoint(options.baseUrl, spec.id);
	const database = new VectorDatabase(spec.shape, spec.sink);
	const resumable = new ResumableQueries(() => options.clock.now());
	database.onDrop = (store) => resumable.drop(store);
	const index = new VectorIndex({
		id: spec.id,
		name: spec.name,
		createdAt: spec.createdAt ?? options.createdAt,
		ownerEmail: options.ownerEmail,
		endpoint,
		tokens: spec.tokens,
		shape: spec.shape,
		models: spec.models ?? { dense: database.denseModel, sparse: database.sparseModel },
		...(spec.region === undefined ? {} : { region: spec.region }),
	});
	return {
		kind: 'vector',
		id: spec.id,
		endpoint,
		get token() {
			return spec.tokens.token;
		},
		get readOnlyToken() {
			return spec.tokens.readOnlyToken;
		},
		engine: { database, resumable },
		operations: vectorOperations,
		index,
		record(t, kind, n, latencyMs, bytes) {
			if (kind === 'query') {
				index.recordQuery(t, latencyMs, bytes, n);
			} else {
				index.recordUpdate(t, latencyMs, bytes, n);
				index.setSize(t, database.size, database.dataSize);
			}
		},
		embedded: (t, ms) => index.recordEmbedding(t, ms),
	};
}

export function searchPlane(searchIndex: SearchIndexRecord, sink?: RecordSink<DocumentInput>): SearchPlane {
	const engine = new SearchDatabase(sink);
	const { usage } = searchIndex;
	return {
		kind: 'search',
		id: searchIndex.id,
		endpoint: searchIndex.endpoint,
		get token() {
			return searchIndex.token;
		},
		get readOnlyToken() {
			return searchIndex.readOnlyToken;
		},
		engine,
		operations: searchOperations,
		index: searchIndex,
		record(t, kind, n, latencyMs, bytes) {
			searchIndex.recordRequest(t);
			if (kind === 'query') {
				usage.recordQuery(t, latencyMs, bytes, n);
			} else {
				usage.recordUpdate(t, latencyMs, bytes, n);
				usage.setSize(t, engine.size, engine.dataSize);
			}
		},
		embedded: (t, ms) => usage.recordEmbedding(t, ms),
	};
}

export function createIndexPlanes(options: IndexPlaneOptions): IndexPlanes {
	const search = searchPlane(options.searchIndex, options.searchSink);
	return {
		vectors: options.vectors.map((spec) => vectorPlane(options, spec)),
		search,
		searches: [search],
	};
}
