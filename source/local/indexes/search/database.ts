/**
 * The search database of the local service: search indexes by name, each a SearchEngine
 * (BM25 over the documents' content). The SDK speaks to it with the vector data plane's
 * protocol, the index name standing where a vector index has its namespace: an index comes
 * with its first upsert, goes with delete-namespace, and reset empties it.
 *
 * Kept record by record through one sink, keyed by index name and id (keyOf).
 */

import { discard, type RecordSink } from '../../stores/record-sink.js';
import type { NamespaceHost } from '../common/data-plane.js';
import { EngineError } from '../common/engine-error.js';
import { fromKey, keyOf, maxNamespaceLength, type NamespaceInfo, namespaceKey } from '../vector/database.js';
import { type DocumentInput, defaultBm25, SearchEngine } from './engine.js';

/** The answer of info: the vector index's, with the ranking named. */
export interface SearchDatabaseInfo {
	vectorCount: number;
	pendingVectorCount: number;
	indexSize: number;
	ranking: 'BM25';
	k1: number;
	b: number;
	namespaces: Record<string, NamespaceInfo>;
}

export class SearchDatabase implements NamespaceHost {
	private readonly engines = new Map<string, SearchEngine>();
	private readonly empty = new SearchEngine();

	constructor(private readonly sink: RecordSink<DocumentInput> = discard()) {}

	get size(): number {
		let n = 0;
		for (const engine of this.engines.values()) n += engine.size;
		return n;
	}

	get dataSize(): number {
		let n = 0;
		for (const engine of this.engines.values()) n += engine.dataSize;
		return n;
	}

	index(name: string): SearchEngine | undefined {
		return this.engines.get(name);
	}

	/** The index to write to, made for a name not seen yet. */
	writing(name: string, restoring = false): SearchEngine {
		let engine = this.engines.get(name);
		if (!engine) {
			if (name.length > maxNamespaceLength)
				throw new EngineError('invalid', `an index name may have at most ${maxNamespaceLength} characters`);
			const root = this.sink;
			engine = new SearchEngine(defaultBm25, {
				put: (id, value) => root.put(keyOf(name, id), value),
				delete: (id) => root.delete(keyOf(name, id)),
				clear: () => {},
			});
			this.engines.set(name, engine);
			if (!restoring) this.sink.put(namespaceKey(name), { id: '', content: '' });
		}
		return engine;
	}

	/** The index to read: an unknown one reads as empty. */
	reading(name: string): SearchEngine {
		return this.engines.get(name) ?? this.empty;
	}

	listNamespaces(): string[] {
		return [...this.engines.keys()].sort();
	}

	deleteNamespace(name: string): void {
		const engine = this.engines.get(name);
		if (!engine) throw new EngineError('not-found', `search index ${JSON.stringify(name)} does not exist`);
		engine.reset();
		this.engines.delete(name);
		this.sink.delete(namespaceKey(name));
	}

	reset(name?: string): void {
		if (name === undefined) for (const engine of this.engines.values()) engine.reset();
		else this.engines.get(name)?.reset();
	}

	info(): SearchDatabaseInfo {
		const namespaces: Record<string, NamespaceInfo> = {};
		for (const [name, engine] of this.engines)
			namespaces[name] = { vectorCount: engine.size, pendingVectorCount: 0 };
		return {
			vectorCount: this.size,
			pendingVectorCount: 0,
			indexSize: this.dataSize,
			ranking: 'BM25',
			k1: defaultBm25.k1,
			b: defaultBm25.b,
			namespaces,
		};
	}

	/** Puts back kept documents (their sink is not told); returns how many could not be read. */
	restore(kept: readonly (readonly [string, DocumentInput])[]): number {
		let skipped = 0;
		const byIndex = new Map<string, DocumentInput[]>();
		for (const [key, doc] of kept) {
			const parsed = fromKey(key);
			if (!parsed || typeof doc !== 'object' || doc === null) {
				skipped++;
				continue;
			}
			const [name, id] = parsed;
			let list = byIndex.get(name);
			if (!list) {
				list = [];
				byIndex.set(name, list);
			}
			if (id !== undefined) list.push({ ...doc, id });
		}
		for (const [name, docs] of byIndex) skipped += this.writing(name, true).restore(docs);
		return skipped;
	}
}
