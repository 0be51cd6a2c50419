/**
 * A vector index of the local service: its shape (type, dimension, similarity, embedding
 * models) and its namespaces, each a VectorStore. The default namespace "" always exists;
 * others come with their first upsert and go with delete-namespace (reset empties them and
 * keeps them, as the deployed service does). Text is embedded here (embedders.ts).
 *
 * Kept record by record through one sink, keyed by namespace and id (keyOf).
 */

import { discard, type RecordSink } from '../../stores/record-sink.js';
import type { NamespaceHost } from '../common/data-plane.js';
import {
	denseEmbeddingModel,
	embedDense,
	embedSparseDocument,
	embedSparseQuery,
	type SparseVector,
	sparseEmbeddingModel,
} from '../common/embedders.js';
import { EngineError } from '../common/engine-error.js';
import type { Similarity } from './similarity.js';
import { type IndexType, type KeptVector, type VectorInput, VectorStore } from './store.js';

export interface VectorIndexShape {
	type: IndexType;
	/** Of the dense part (DENSE and HYBRID). */
	dimension: number;
	similarity: Similarity;
}

export interface NamespaceInfo {
	vectorCount: number;
	pendingVectorCount: number;
}

/** The answer of info, as the deployed service gives it. */
export interface VectorInfo {
	vectorCount: number;
	pendingVectorCount: number;
	indexSize: number;
	dimension: number;
	similarityFunction: Similarity;
	indexType: IndexType;
	denseIndex?: { dimension: number; similarityFunction: Similarity; embeddingModel: string };
	sparseIndex?: { embeddingModel: string };
	namespaces: Record<string, NamespaceInfo>;
}

/** The kept key of a record: its namespace and id, unambiguously. */
export function keyOf(namespace: string, id: string): string {
	return JSON.stringify([namespace, id]);
}

/** The kept key that says a namespace exists, so that one emptied by reset comes back empty. */
export function namespaceKey(namespace: string): string {
	return JSON.stringify([namespace]);
}

/** The namespace and id of a kept key; the id is undefined for a namespace's own key. */
export function fromKey(key: string): [namespace: string, id: string | undefined] | undefined {
	try {
		const parsed: unknown = JSON.parse(key);
		if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) return undefined;
		const parts = parsed as string[];
		if (parts.length === 2) return [parts[0]!, parts[1]];
		if (parts.length === 1) return [parts[0]!, undefined];
	} catch {}
	return undefined;
}

/** Longest namespace name, in characters. */
export const maxNamespaceLength = 256;
/**
 * Most namespaces of one index besides the default one (docs/protocol/limits.md). What a data
 * directory already holds is loaded whatever its count.
 */
export const maxNamespaces = 1000;

/** Vectors of one text, as the index's shape needs them. */
export interface Embedded {
	vector?: Float32Array;
	sparseVector?: SparseVector;
}

export class VectorDatabase implements NamespaceHost {
	private readonly stores = new Map<string, VectorStore>();
	/** What an unknown namespace reads as: never written to. */
	private empty: VectorStore | undefined;
	/** Told whenever a namespace is deleted (its resumable queries end). */
	onDrop: (store: VectorStore) => void = () => {};

	constructor(
		readonly shape: VectorIndexShape,
		private readonly sink: RecordSink<KeptVector> = discard(),
	) {
		this.stores.set('', this.makeStore(''));
	}

	get size(): number {
		let n = 0;
		for (const store of this.stores.values()) n += store.size;
		return n;
	}

	get dataSize(): number {
		let n = 0;
		for (const store of this.stores.values()) n += store.dataSize;
		return n;
	}

	get denseModel(): string | undefined {
		return this.shape.type === 'SPARSE' ? undefined : denseEmbeddingModel;
	}

	get sparseModel(): string | undefined {
		return this.shape.type === 'DENSE' ? undefined : sparseEmbeddingModel;
	}

	/** The namespace's store; with `create`, a new one for a name not seen yet. */
	namespace(name: string, create: true): VectorStore;
	namespace(name: string, create?: false): VectorStore | undefined;
	namespace(name: string, create = false): VectorStore | undefined {
		let store = this.stores.get(name);
		if (!store && create) {
			store = this.newNamespace(name);
			this.adopt(name, store);
		}
		return store;
	}

	/**
	 * Upserts into a namespace, made for a name not seen yet only when the records are taken:
	 * a refused upsert leaves no namespace behind.
	 */
	upsert(name: string, records: readonly VectorInput[]): number {
		const known = this.stores.get(name);
		if (known) return known.upsert(records);
		const store = this.newNamespace(name);
		const written = store.upsert(records);
		this.adopt(name, store);
		return written;
	}

	/** A namespace to read: an unknown one reads as empty (it is not made for a read). */
	reading(name: string): VectorStore {
		const store = this.stores.get(name);
		if (store) return store;
		this.empty ??= this.makeStore('\u0000empty', discard());
		return this.empty;
	}

	listNamespaces(): string[] {
		return [...this.stores.keys()].sort();
	}

	deleteNamespace(name: string): void {
		if (name === '') throw new EngineError('invalid', 'the default namespace "" cannot be deleted');
		const store = this.stores.get(name);
		if (!store) throw new EngineError('not-found', `namespace ${JSON.stringify(name)} does not exist`);
		store.reset();
		this.stores.delete(name);
		this.sink.delete(namespaceKey(name));
		this.onDrop(store);
	}

	/** Empties one namespace (kept, as reset does) or, with no name, all of them. */
	reset(name?: string): void {
		if (name === undefined) {
			for (const store of this.stores.values()) store.reset();
			return;
		}
		this.stores.get(name)?.reset();
	}

	info(): VectorInfo {
		const { type, dimension, similarity } = this.shape;
		const namespaces: Record<string, NamespaceInfo> = {};
		for (const [name, store] of this.stores)
			namespaces[name] = { vectorCount: store.size, pendingVectorCount: 0 };
		return {
			vectorCount: this.size,
			pendingVectorCount: 0,
			indexSize: this.dataSize,
			dimension: type === 'SPARSE' ? 0 : dimension,
			similarityFunction: similarity,
			indexType: type,
			...(type !== 'SPARSE'
				? { denseIndex: { dimension, similarityFunction: similarity, embeddingModel: denseEmbeddingModel } }
				: {}),
			...(type !== 'DENSE' ? { sparseIndex: { embeddingModel: sparseEmbeddingModel } } : {}),
			namespaces,
		};
	}

	/** A document's vectors for this index's type. */
	embedDocument(text: string, where: string): Embedded {
		const { type, dimension } = this.shape;
		return {
			...(type !== 'SPARSE' ? { vector: embedDense(text, dimension, where) } : {}),
			...(type !== 'DENSE' ? { sparseVector: embedSparseDocument(text, where) } : {}),
		};
	}

	/** A query's vectors: both parts, or only one with queryMode DENSE or SPARSE (hybrid). */
	embedQuery(text: string, mode: 'HYBRID' | 'DENSE' | 'SPARSE', where: string): Embedded {
		const { type, dimension } = this.shape;
		const dense = type === 'DENSE' || (type === 'HYBRID' && mode !== 'SPARSE');
		const sparse = type === 'SPARSE' || (type === 'HYBRID' && mode !== 'DENSE');
		return {
			...(dense ? { vector: embedDense(text, dimension, where) } : {}),
			...(sparse ? { sparseVector: embedSparseQuery(text, where) } : {}),
		};
	}

	/**
	 * Puts back kept records (their sink is not told). Records that cannot be read back are
	 * skipped; returns how many.
	 */
	restore(kept: readonly (readonly [string, KeptVector])[]): number {
		const byNamespace = new Map<string, [string, KeptVector][]>();
		let skipped = 0;
		for (const [key, record] of kept) {
			const parsed = fromKey(key);
			if (!parsed) {
				skipped++;
				continue;
			}
			const [name, id] = parsed;
			let list = byNamespace.get(name);
			if (!list) {
				list = [];
				byNamespace.set(name, list);
			}
			if (id !== undefined) list.push([id, record]);
		}
		for (const [name, records] of byNamespace) {
			if (!this.stores.has(name)) this.stores.set(name, this.makeStore(name));
			skipped += this.stores.get(name)!.restore(records);
		}
		return skipped;
	}

	/** A store for a new namespace, not yet known; EngineError when the name or the count is over its limit. */
	private newNamespace(name: string): VectorStore {
		if (name.length > maxNamespaceLength)
			throw new EngineError('invalid', `a namespace name may have at most ${maxNamespaceLength} characters`);
		if (this.stores.size - 1 >= maxNamespaces)
			throw new EngineError(
				'invalid',
				`this index has ${maxNamespaces} namespaces besides the default one, the most it takes; delete one with delete-namespace before making ${JSON.stringify(name)}`,
			);
		return this.makeStore(name);
	}

	private adopt(name: string, store: VectorStore): void {
		this.stores.set(name, store);
		this.sink.put(namespaceKey(name), {});
	}

	private makeStore(name: string, sink?: RecordSink<KeptVector>): VectorStore {
		const { type, dimension, similarity } = this.shape;
		const root = this.sink;
		return new VectorStore({
			type,
			dimension,
			similarity,
			// Namespaces start tiny and grow as they fill; most hold a few records.
			initialCapacity: name === '' ? 1024 : 1,
			sink: sink ?? {
				put: (id, value) => root.put(keyOf(name, id), value),
				delete: (id) => root.delete(keyOf(name, id)),
				clear: () => {},
			},
		});
	}
}
