/**
 * Text in, vectors out, offline: the embedding models of the local indexes. No model ships
 * with mqtop and nothing is downloaded, so both are deterministic and lexical, named as such
 * in an index's info (`embeddingModel`), and find text again by its words, not its meaning.
 *
 *   LOCAL_LEXICAL_HASH (dense): every word (tokenizer.ts) and every character trigram of
 *     " word " hashed (FNV-1a) to a dimension and a sign, words weighing 1 and trigrams 0.5,
 *     then scaled to unit length. Texts sharing words or spellings point the same way, so
 *     "testing plain text" is nearest to "testing plan text"; cosine of a text with itself is 1.
 *   LOCAL_BM25 (sparse): one dimension per word (its FNV-1a hash, 0 to 2^32 - 1), valued as
 *     BM25 weighs a term in a document: tf (k1 + 1) / (tf + k1 (1 - b + b |D| / 32)), with
 *     k1 = 1.2, b = 0.75 and 32 for the mean length, the constants the vendor documents for
 *     its BM25 model. A query text has 1 per distinct word; weightingStrategy IDF weighs them.
 *     A text of more than 1,000 distinct words keeps its 1,000 most frequent.
 */
import { EngineError } from './engine-error.js';
import { maxSparseNonZeros } from './records.js';
import { tokenize } from './tokenizer.js';

export const denseEmbeddingModel = 'LOCAL_LEXICAL_HASH';
export const sparseEmbeddingModel = 'LOCAL_BM25';

export interface SparseVector {
	indices: number[];
	values: number[];
}

/** FNV-1a over the UTF-16 code units, as an unsigned 32-bit integer. */
export function fnv1a(text: string): number {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193);
	}
	return hash >>> 0;
}

function words(text: string, where: string): string[] {
	const tokens = tokenize(text);
	if (tokens.length === 0) throw new EngineError('invalid', `${where} has no words to embed`);
	return tokens;
}

export function embedDense(text: string, dimension: number, where = 'data'): Float32Array {
	const sums = new Float64Array(dimension);
	const add = (feature: string, weight: number) => {
		const hash = fnv1a(feature);
		sums[hash % dimension]! += hash & 0x80000000 ? -weight : weight;
	};
	for (const word of words(text, where)) {
		add(word, 1);
		const padded = ` ${word} `;
		for (let i = 0; i + 3 <= padded.length; i++) add(`#${padded.slice(i, i + 3)}`, 0.5);
	}
	let norm = 0;
	for (const v of sums) norm += v * v;
	// Features can cancel out in a tiny dimension; one fixed direction keeps cosine defined.
	if (norm === 0) {
		sums[0] = 1;
		norm = 1;
	}
	const scale = 1 / Math.sqrt(norm);
	const out = new Float32Array(dimension);
	for (let i = 0; i < dimension; i++) out[i] = sums[i]! * scale;
	return out;
}

const k1 = 1.2;
const b = 0.75;
const meanLength = 32;

/** Each distinct word's hash and count. */
function termCounts(text: string, where: string): { counts: Map<number, number>; tokens: number } {
	const tokens = words(text, where);
	const counts = new Map<number, number>();
	for (const token of tokens) {
		const index = fnv1a(token);
		counts.set(index, (counts.get(index) ?? 0) + 1);
	}
	return { counts, tokens: tokens.length };
}

/**
 * The terms a sparse vector keeps: a sparse vector has at most maxSparseNonZeros dimensions, so a
 * text with more distinct words keeps its most frequent ones (ties to the smaller hash), as
 * ascending indices.
 */
function keptTerms(counts: Map<number, number>): number[] {
	let indices = [...counts.keys()];
	if (indices.length > maxSparseNonZeros)
		indices = indices.sort((x, y) => counts.get(y)! - counts.get(x)! || x - y).slice(0, maxSparseNonZeros);
	return indices.sort((x, y) => x - y);
}

/** A document's sparse vector: BM25 term weights, indices ascending. */
export function embedSparseDocument(text: string, where = 'data'): SparseVector {
	const { counts, tokens } = termCounts(text, where);
	const norm = k1 * (1 - b + (b * tokens) / meanLength);
	const indices = keptTerms(counts);
	return { indices, values: indices.map((i) => (counts.get(i)! * (k1 + 1)) / (counts.get(i)! + norm)) };
}

/** A query's sparse vector: 1 for each distinct word, indices ascending. */
export function embedSparseQuery(text: string, where = 'data'): SparseVector {
	const indices = keptTerms(termCounts(text, where).counts);
	return { indices, values: indices.map(() => 1) };
}
