/**
 * A full-text search index: documents (id, content, metadata) in a tokenised inverted index,
 * ranked with Okapi BM25:
 *
 *   score(D, Q) = sum over distinct terms t of Q with tf(t, D) > 0 of
 *                 idf(t) * tf * (k1 + 1) / (tf + k1 * (1 - b + b * |D| / avgdl))
 *   idf(t)      = ln(1 + (N - df(t) + 0.5) / (df(t) + 0.5))        (never negative)
 *
 * with k1 = 1.2 and b = 0.75 by default, N the document count, df(t) the documents holding t,
 * |D| the token count of D and avgdl the mean token count. Tokens come from tokenizer.ts.
 * Upserting an existing id replaces its postings. Pure and synchronous: no I/O, no clock.
 */

import { discard, type RecordSink } from '../../stores/record-sink.js';
import { EngineError } from '../common/engine-error.js';
import type { FilterPredicate } from '../common/filter/evaluate.js';
import {
	checkBatch,
	checkCount,
	checkId,
	checkMetadata,
	deleteIds,
	jsonBytes,
	maxDataBytes,
	scanPage,
} from '../common/records.js';
import { contentText, tokenize } from '../common/tokenizer.js';
import { TopK } from '../common/top-k.js';

/** Content is text, or an object whose strings and numbers are all searchable. */
export type DocumentContent = string | Record<string, unknown>;

export interface DocumentInput {
	id: string;
	content: DocumentContent;
	metadata?: Record<string, unknown> | undefined;
}

export interface StoredDocument {
	id: string;
	content: DocumentContent;
	metadata?: Record<string, unknown>;
}

export interface SearchMatch extends StoredDocument {
	score: number;
}

export interface SearchRequest {
	query: string;
	topK: number;
	/** Only documents it holds for (over content, `@metadata.` over metadata) are candidates. */
	filter?: FilterPredicate | undefined;
}

/** A page of range: the documents under `vectors`, as the SDK reads them. */
export interface DocumentPage {
	/** "" when the scan is complete. */
	nextCursor: string;
	vectors: StoredDocument[];
}

export interface SearchInfo {
	documentCount: number;
	pendingDocumentCount: number;
	/** Bytes of the stored data (see dataSize). */
	indexSize: number;
	termCount: number;
	k1: number;
	b: number;
}

export interface Bm25Parameters {
	k1: number;
	b: number;
}

export const defaultBm25: Bm25Parameters = { k1: 1.2, b: 0.75 };

interface Doc {
	id: string;
	content: DocumentContent;
	metadata: Record<string, unknown> | undefined;
	/** Term frequencies, kept so a replace or delete can take its postings out again. */
	terms: Map<string, number>;
	length: number;
	bytes: number;
}

export class SearchEngine {
	readonly k1: number;
	readonly b: number;
	/** Documents by slot; undefined marks a free slot. */
	private docs: (Doc | undefined)[] = [];
	private readonly slotOf = new Map<string, number>();
	/** term -> slot -> term frequency */
	private readonly postings = new Map<string, Map<number, number>>();
	private free: number[] = [];
	private totalLength = 0;
	private bytes = 0;

	/** @param sink told of every document written, deleted or reset, by id. */
	constructor(
		parameters: Partial<Bm25Parameters> = {},
		private readonly sink: RecordSink<DocumentInput> = discard(),
	) {
		const { k1, b } = { ...defaultBm25, ...parameters };
		if (!(k1 >= 0 && Number.isFinite(k1)))
			throw new EngineError('invalid', 'k1 must be a finite number >= 0');
		if (!(b >= 0 && b <= 1)) throw new EngineError('invalid', 'b must be between 0 and 1');
		this.k1 = k1;
		this.b = b;
	}

	get size(): number {
		return this.slotOf.size;
	}

	/** Bytes of what is stored: each id, content and metadata as UTF-8 JSON. */
	get dataSize(): number {
		return this.bytes;
	}

	info(): SearchInfo {
		return {
			documentCount: this.size,
			pendingDocumentCount: 0,
			indexSize: this.bytes,
			termCount: this.postings.size,
			k1: this.k1,
			b: this.b,
		};
	}

	/**
	 * Inserts or replaces each document, in order. Every document is checked before any is
	 * written, so a bad one leaves the index unchanged. Returns the number written.
	 */
	upsert(documents: readonly DocumentInput[]): number {
		checkBatch(documents.length, 'documents');
		const checked = documents.map((doc, i) => checkDocument(doc, `documents[${i}]`));
		for (const doc of checked) {
			this.write(doc);
			this.sink.put(doc.id, doc);
		}
		return checked.length;
	}

	/** Puts back documents that were kept (any number; their sink is not told); bad ones are skipped and counted. */
	restore(kept: readonly DocumentInput[]): number {
		let skipped = 0;
		for (const doc of kept) {
			try {
				this.write(checkDocument(doc, String(doc?.id)));
			} catch (error) {
				if (!(error instanceof EngineError)) throw error;
				skipped++;
			}
		}
		return skipped;
	}

	search(request: SearchRequest): SearchMatch[] {
		const topK = checkCount(request.topK, 'topK');
		if (typeof request.query !== 'string') throw new EngineError('invalid', 'query must be a string');
		const terms = [...new Set(tokenize(request.query))];
		if (terms.length === 0) throw new EngineError('invalid', 'query has no words to search for');
		const n = this.size;
		if (n === 0) return [];
		const avgLength = this.totalLength / n;
		const scores = new Map<number, number>();
		for (const term of terms) {
			const postings = this.postings.get(term);
			if (!postings) continue;
			const idf = Math.log(1 + (n - postings.size + 0.5) / (postings.size + 0.5));
			for (const [slot, tf] of postings) {
				const norm = this.k1 * (1 - this.b + (this.b * this.docs[slot]!.length) / avgLength);
				const part = (idf * tf * (this.k1 + 1)) / (tf + norm);
				scores.set(slot, (scores.get(slot) ?? 0) + part);
			}
		}
		const best = new TopK(Math.min(topK, scores.size));
		const { filter } = request;
		for (const [slot, score] of scores) {
			if (score <= best.threshold) continue;
			const doc = this.docs[slot]!;
			if (filter === undefined || filter(doc.content, doc.metadata)) best.offer(score, slot);
		}
		return best.sorted().map(({ score, ref }) => ({ ...this.read(ref), score }));
	}

	/** One entry per id, in order: the document, or null when the id is unknown. */
	fetch(ids: readonly string[]): (StoredDocument | null)[] {
		checkBatch(ids.length, 'ids');
		return ids.map((id, i) => {
			const slot = this.slotOf.get(checkId(id, `ids[${i}]`));
			return slot === undefined ? null : this.read(slot);
		});
	}

	/** The documents whose id starts with `prefix`, in slot order, at most `limit` of them. */
	fetchPrefix(prefix: string, limit = 1000): StoredDocument[] {
		const out: StoredDocument[] = [];
		for (let slot = 0; slot < this.docs.length && out.length < limit; slot++)
			if (this.docs[slot]?.id.startsWith(prefix)) out.push(this.read(slot));
		return out;
	}

	/** Deletes the ids it has (unknown ones are not an error); returns how many it deleted. */
	delete(ids: readonly string[]): number {
		return deleteIds(ids, this.slotOf, (slot) => this.drop(slot));
	}

	/** Deletes every document whose id starts with `prefix` or that `filter` holds for. */
	deleteWhere(match: { prefix: string } | { filter: FilterPredicate }): number {
		// Chosen first: a filter past its work budget throws, and then nothing is deleted.
		const chosen: number[] = [];
		for (let slot = 0; slot < this.docs.length; slot++) {
			const doc = this.docs[slot];
			if (!doc) continue;
			if ('prefix' in match ? doc.id.startsWith(match.prefix) : match.filter(doc.content, doc.metadata))
				chosen.push(slot);
		}
		for (const slot of chosen) this.drop(slot);
		return chosen.length;
	}

	/**
	 * Slot-ordered paging, with the cursor rules of records.ts; with a prefix, only ids that start
	 * with it, and the cursor is "" once no later one does.
	 */
	range(request: {
		cursor?: string | number | undefined;
		limit: number;
		prefix?: string | undefined;
	}): DocumentPage {
		const { prefix } = request;
		const page = scanPage(request.cursor, request.limit, this.docs.length, (slot) => {
			const doc = this.docs[slot];
			return doc !== undefined && (prefix === undefined || doc.id.startsWith(prefix));
		});
		return { nextCursor: page.nextCursor, vectors: page.slots.map((slot) => this.read(slot)) };
	}

	/** Removes every document, telling the sink of each. */
	reset(): void {
		for (const id of this.slotOf.keys()) this.sink.delete(id);
		this.docs = [];
		this.slotOf.clear();
		this.postings.clear();
		this.free = [];
		this.totalLength = 0;
		this.bytes = 0;
	}

	private read(slot: number): StoredDocument {
		const doc = this.docs[slot]!;
		const out: StoredDocument = { id: doc.id, content: doc.content };
		if (doc.metadata !== undefined) out.metadata = doc.metadata;
		return out;
	}

	private write(input: DocumentInput): void {
		const existing = this.slotOf.get(input.id);
		if (existing !== undefined) this.remove(existing);
		const terms = new Map<string, number>();
		const tokens = tokenize(contentText(input.content));
		for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1);
		const slot = this.free.pop() ?? this.docs.length;
		const bytes = Buffer.byteLength(input.id) + jsonBytes(input.content) + jsonBytes(input.metadata);
		this.docs[slot] = {
			id: input.id,
			content: input.content,
			metadata: input.metadata,
			terms,
			length: tokens.length,
			bytes,
		};
		this.slotOf.set(input.id, slot);
		for (const [term, tf] of terms) {
			let postings = this.postings.get(term);
			if (!postings) {
				postings = new Map();
				this.postings.set(term, postings);
			}
			postings.set(slot, tf);
		}
		this.totalLength += tokens.length;
		this.bytes += bytes;
	}

	/** Removes a document, telling the sink. */
	private drop(slot: number): void {
		this.sink.delete(this.docs[slot]!.id);
		this.remove(slot);
	}

	private remove(slot: number): void {
		const doc = this.docs[slot]!;
		for (const term of doc.terms.keys()) {
			const postings = this.postings.get(term)!;
			postings.delete(slot);
			if (postings.size === 0) this.postings.delete(term);
		}
		this.slotOf.delete(doc.id);
		this.totalLength -= doc.length;
		this.bytes -= doc.bytes;
		this.docs[slot] = undefined;
		this.free.push(slot);
	}
}

function checkDocument(doc: DocumentInput, where: string): DocumentInput {
	if (typeof doc !== 'object' || doc === null)
		throw new EngineError('invalid', `${where}: expected an object with id and content`);
	const id = checkId(doc.id, where);
	const { content } = doc;
	if (
		typeof content !== 'string' &&
		(typeof content !== 'object' || content === null || Array.isArray(content))
	)
		throw new EngineError('invalid', `${where}: content must be a string or a JSON object`);
	const bytes = jsonBytes(content);
	if (bytes > maxDataBytes)
		throw new EngineError(
			'invalid',
			`${where}: content takes ${bytes} bytes as JSON; at most ${maxDataBytes} (1 MB) are accepted`,
		);
	return { id, content, metadata: checkMetadata(doc.metadata, where) };
}
