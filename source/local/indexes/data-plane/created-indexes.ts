/**
 * The indexes made, renamed, given new tokens and deleted through the management API
 * (docs/protocol/vector.md#making-indexes, docs/protocol/search.md#making-databases). One made
 * this way is served like those made at start: its data plane, tokens, limits and statistics.
 * Each is kept as a record of the `createdIndexes` collection (what it is) and a collection of
 * its own for its records (`indexRecords-<id>`), so that it survives a restart and its records
 * go with it when it is deleted. Those made at start cannot be deleted: the service's description
 * and the commands that read it rely on them.
 */
import { randomUUID } from 'node:crypto';
import { invalid, notFound, ServiceError, usedUp } from '../../errors.js';
import type { RecordSink } from '../../stores/record-sink.js';
import { type IndexTokens, newIndexTokens, SearchIndexRecord } from '../management/search-index.js';
import type { DocumentInput } from '../search/engine.js';
import type { VectorIndexShape } from '../vector/database.js';
import type { Similarity } from '../vector/similarity.js';
import { type IndexType, type KeptVector, maxDimension } from '../vector/store.js';
import {
	type IndexPlanes,
	type PlaneSite,
	type SearchPlane,
	searchEndpoint,
	searchPlane,
	type VectorPlane,
	vectorPlane,
} from './planes.js';

export type IndexKind = 'vector' | 'search';

/** What is kept of an index made through the management API. */
export interface KeptIndex {
	kind: IndexKind;
	id: string;
	name: string;
	createdAt: number;
	region: string;
	tokens: IndexTokens;
	/** Vector indexes: their shape and the embedding models they were made with. */
	shape?: VectorIndexShape;
	models?: { dense: string | undefined; sparse: string | undefined };
}

/** A vector index to make, as the management API takes it (already checked for its types). */
export interface VectorIndexRequest {
	name: string;
	region: string;
	similarity: Similarity;
	type: IndexType;
	/** Of the dense part; not asked of a sparse index. */
	dimension: number | undefined;
	denseModel: string | undefined;
	sparseModel: string | undefined;
}

/** The dense embedding models the vendor offers, with the dimension of their vectors. */
export const denseModelDimensions: Readonly<Record<string, number>> = {
	BGE_SMALL_EN_V1_5: 384,
	BGE_BASE_EN_V1_5: 768,
	BGE_LARGE_EN_V1_5: 1024,
	BGE_M3: 1024,
	BERT_BASE_UNCASED: 768,
	UAE_LARGE_V1: 1024,
	ALL_MINILM_L6_V2: 384,
	MXBAI_EMBED_LARGE_V1: 1024,
};
export const sparseModels = ['BM25', 'BGE_M3'] as const;

/** Most indexes made through the management API, vector and search together, by default. */
export const defaultMaxCreatedIndexes = 64;
/** Longest index name, in characters. */
export const maxIndexNameLength = 100;

/** Where a created index keeps its records. */
export function recordsCollection(id: string): string {
	return `indexRecords-${id}`;
}

export interface CatalogKeeping {
	/** What each index made through the API is. */
	specs: RecordSink<KeptIndex>;
	/** The sink of an index's records (records of a vector index, documents of a search database). */
	records(id: string): RecordSink<unknown>;
	/** Keeps an index's statistics from now on, and stops keeping them. */
	register(name: string, store: { snapshot(): unknown; restore(data: unknown): void }): void;
	unregister(name: string): void;
	/** Keeps the account (the names and tokens of the indexes made at start). */
	saveAccount(): void;
}

/** The statistics of an index are kept under this name (the dense one made at start keeps its old one). */
export function statisticsName(kind: IndexKind, id: string): string {
	return `${kind}-index-${id}`;
}

export class IndexCatalog {
	private readonly created = new Map<string, KeptIndex>();

	constructor(
		private readonly indexes: IndexPlanes,
		private readonly site: PlaneSite,
		private readonly keeping: CatalogKeeping,
		/** Names given to the indexes made at start (kept with the account). */
		private readonly startNames: Record<string, string>,
		private readonly maxCreated = defaultMaxCreatedIndexes,
	) {}

	/** Serves an index kept from before (its records are put back by the caller). */
	adopt(kept: KeptIndex): VectorPlane | SearchPlane {
		this.created.set(kept.id, kept);
		if (kept.kind === 'vector') {
			const plane = this.vectorPlaneOf(kept);
			this.indexes.vectors.push(plane);
			return plane;
		}
		const plane = this.searchPlaneOf(kept);
		this.indexes.searches.push(plane);
		return plane;
	}

	/** The indexes made through the management API, as kept. */
	kept(): KeptIndex[] {
		return [...this.created.values()];
	}

	/** Whether the index was made through the management API (else at start). */
	isCreated(id: string): boolean {
		return this.created.has(id);
	}

	createVector(request: VectorIndexRequest): VectorPlane {
		this.checkRoom();
		const name = this.freeName('vector', request.name);
		const shape = vectorShape(request);
		const models = {
			dense: shape.type === 'SPARSE' ? undefined : (request.denseModel ?? ''),
			sparse: shape.type === 'DENSE' ? undefined : (request.sparseModel ?? 'BM25'),
		};
		const kept: KeptIndex = {
			kind: 'vector',
			id: randomUUID(),
			name,
			createdAt: this.site.clock.now(),
			region: request.region,
			tokens: newIndexTokens(),
			shape,
			models,
		};
		this.keeping.specs.put(kept.id, kept);
		const plane = this.adopt(kept) as VectorPlane;
		this.keeping.register(statisticsName('vector', kept.id), plane.index);
		return plane;
	}

	createSearch(request: { name: string; region: string }): SearchPlane {
		this.checkRoom();
		const kept: KeptIndex = {
			kind: 'search',
			id: randomUUID(),
			name: this.freeName('search', request.name),
			createdAt: this.site.clock.now(),
			region: request.region,
			tokens: newIndexTokens(),
		};
		this.keeping.specs.put(kept.id, kept);
		const plane = this.adopt(kept) as SearchPlane;
		this.keeping.register(statisticsName('search', kept.id), plane.index);
		return plane;
	}

	/** Deletes an index made through the API, its records and its statistics. */
	delete(kind: IndexKind, id: string): void {
		const list: { id: string }[] = kind === 'vector' ? this.indexes.vectors : this.indexes.searches;
		const at = list.findIndex((plane) => plane.id === id);
		if (at < 0) throw notFound(`${kind} index ${JSON.stringify(id)} not found`);
		if (!this.created.has(id))
			throw new ServiceError(
				'forbidden',
				`${kind} index ${JSON.stringify(id)} was made when the local service started and stays; delete those made through the management API`,
			);
		list.splice(at, 1);
		this.created.delete(id);
		this.keeping.specs.delete(id);
		this.keeping.records(id).clear();
		this.keeping.unregister(statisticsName(kind, id));
	}

	rename(kind: IndexKind, id: string, name: string): void {
		const plane = this.plane(kind, id);
		const checked = this.freeName(kind, name, id);
		if (plane.kind === 'vector') plane.index.rename(checked);
		else plane.index.name = checked;
		const kept = this.created.get(id);
		if (kept) {
			kept.name = checked;
			this.keeping.specs.put(id, kept);
		} else {
			this.startNames[id] = checked;
			this.keeping.saveAccount();
		}
	}

	/** New tokens: the old ones are refused from now on. */
	resetPassword(kind: IndexKind, id: string): void {
		const plane = this.plane(kind, id);
		const tokens = plane.kind === 'vector' ? plane.index.identity.tokens : plane.index.tokens;
		// In place: the plane, the resource and the kept account hold this object.
		Object.assign(tokens, newIndexTokens());
		const kept = this.created.get(id);
		if (kept) this.keeping.specs.put(id, kept);
		else this.keeping.saveAccount();
	}

	plane(kind: 'vector', id: string): VectorPlane;
	plane(kind: 'search', id: string): SearchPlane;
	plane(kind: IndexKind, id: string): VectorPlane | SearchPlane;
	plane(kind: IndexKind, id: string): VectorPlane | SearchPlane {
		const list: (VectorPlane | SearchPlane)[] =
			kind === 'vector' ? this.indexes.vectors : this.indexes.searches;
		const found = list.find((plane) => plane.id === id);
		if (!found) throw notFound(`${kind} index ${JSON.stringify(id)} not found`);
		return found;
	}

	private checkRoom(): void {
		if (this.created.size >= this.maxCreated)
			throw usedUp(
				`the local service holds ${this.maxCreated} indexes made through the management API, the most it makes; delete one first`,
			);
	}

	/** A name that is valid and not taken by another index of the kind (`self` may keep its own). */
	private freeName(kind: IndexKind, name: string, self?: string): string {
		const trimmed = name.trim();
		if (trimmed === '') throw invalid('name: give the index a name');
		if (trimmed.length > maxIndexNameLength)
			throw invalid(`name: at most ${maxIndexNameLength} characters, got ${trimmed.length}`);
		if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw invalid('name: control characters are not allowed');
		const list: (VectorPlane | SearchPlane)[] =
			kind === 'vector' ? this.indexes.vectors : this.indexes.searches;
		if (list.some((plane) => plane.id !== self && plane.index.name === trimmed))
			throw invalid(`name: a ${kind} index named ${JSON.stringify(trimmed)} exists already`);
		return trimmed;
	}

	private vectorPlaneOf(kept: KeptIndex): VectorPlane {
		return vectorPlane(this.site, {
			id: kept.id,
			name: kept.name,
			tokens: kept.tokens,
			shape: kept.shape ?? { type: 'DENSE', dimension: 384, similarity: 'COSINE' },
			sink: this.keeping.records(kept.id) as RecordSink<KeptVector>,
			createdAt: kept.createdAt,
			models: kept.models ?? { dense: undefined, sparse: undefined },
			region: kept.region,
		});
	}

	private searchPlaneOf(kept: KeptIndex): SearchPlane {
		const record = new SearchIndexRecord(
			kept.id,
			kept.name,
			this.site.ownerEmail,
			searchEndpoint(this.site.baseUrl, kept.id),
			kept.createdAt,
			kept.tokens,
			kept.region as SearchIndexRecord['region'],
		);
		return searchPlane(record, this.keeping.records(kept.id) as RecordSink<DocumentInput>);
	}
}

/** The shape a request asks for; 400 for one that does not fit together. */
function vectorShape(request: VectorIndexRequest): VectorIndexShape {
	const { type, similarity, denseModel, sparseModel } = request;
	if (type === 'DENSE' && sparseModel !== undefined)
		throw invalid('sparse_embedding_model: a DENSE index has no sparse part; make it HYBRID or SPARSE');
	if (type === 'SPARSE' && denseModel !== undefined)
		throw invalid('embedding_model: a SPARSE index has no dense part; make it HYBRID or DENSE');
	if (type === 'SPARSE') return { type, dimension: 0, similarity };
	const modelDimension = denseModel === undefined ? undefined : denseModelDimensions[denseModel];
	if (denseModel !== undefined && modelDimension === undefined)
		throw invalid(
			`embedding_model: ${JSON.stringify(denseModel)} is not a dense embedding model; use one of ${Object.keys(denseModelDimensions).join(', ')}`,
		);
	const dimension = request.dimension ?? modelDimension;
	if (dimension === undefined) throw invalid(`dimension_count: a ${type} index needs one`);
	if (!Number.isInteger(dimension) || dimension < 1 || dimension > maxDimension)
		throw invalid(`dimension_count: a whole number from 1 to ${maxDimension}, got ${dimension}`);
	if (modelDimension !== undefined && dimension !== modelDimension)
		throw invalid(
			`dimension_count: ${denseModel} makes vectors of ${modelDimension} dimensions, not ${dimension}`,
		);
	return { type, dimension, similarity };
}
