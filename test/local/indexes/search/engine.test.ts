import { describe, expect, it } from 'vitest';
import { contentText, tokenize } from '../../../../source/local/indexes/common/tokenizer.js';
import { SearchEngine } from '../../../../source/local/indexes/search/engine.js';

/** BM25 written out for a tiny corpus, independent of the engine's index structures. */
function bm25(docs: Map<string, string[]>, query: string[], k1 = 1.2, b = 0.75): Map<string, number> {
	const n = docs.size;
	const avg = [...docs.values()].reduce((sum, d) => sum + d.length, 0) / n;
	const scores = new Map<string, number>();
	for (const term of new Set(query)) {
		const df = [...docs.values()].filter((d) => d.includes(term)).length;
		if (df === 0) continue;
		const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
		for (const [id, tokens] of docs) {
			const tf = tokens.filter((t) => t === term).length;
			if (tf === 0) continue;
			const part = (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * tokens.length) / avg));
			scores.set(id, (scores.get(id) ?? 0) + part);
		}
	}
	return scores;
}

describe('tokenize', () => {
	it('folds case and accents, splits on anything but letters and digits', () => {
		expect(tokenize('Café  au-lait, NO. 42!')).toEqual(['cafe', 'au', 'lait', 'no', '42']);
		expect(tokenize('ﬁle Ünïcode 東京 タワー')).toEqual(['file', 'unicode', '東京', 'タワー']);
		expect(tokenize('  ,;  ')).toEqual([]);
		expect(tokenize('x'.repeat(100))).toEqual(['x'.repeat(64)]);
	});

	it('takes the strings and numbers of object content', () => {
		expect(
			contentText({ title: 'Star Wars', year: 1977, tags: ['space', { deep: 'opera' }], ok: true }),
		).toBe('Star Wars 1977 space opera');
	});
});

describe('SearchEngine', () => {
	const corpus: Record<string, string> = {
		a: 'the quick brown fox jumps over the lazy dog',
		b: 'a quick brown dog outpaces a quick red fox',
		c: 'lazy afternoons with a good book',
		d: 'foxes and dogs are not the same animal at all, the fox said',
		e: 'nothing relevant here whatsoever',
	};

	function loaded(): SearchEngine {
		const engine = new SearchEngine();
		engine.upsert(Object.entries(corpus).map(([id, content]) => ({ id, content })));
		return engine;
	}

	it('scores like BM25 written out by hand', () => {
		const engine = loaded();
		const docs = new Map(Object.entries(corpus).map(([id, text]) => [id, tokenize(text)]));
		for (const query of ['quick fox', 'lazy dog', 'the', 'book fox fox', 'absent words']) {
			const expected = [...bm25(docs, tokenize(query))].sort((x, y) => y[1] - x[1]);
			const actual = engine.search({ query, topK: 10 });
			expect(actual.map((m) => m.id)).toEqual(expected.map(([id]) => id));
			actual.forEach((match, i) => {
				expect(match.score).toBeCloseTo(expected[i]![1], 12);
			});
		}
	});

	it('keeps only the top k and returns content and metadata', () => {
		const engine = new SearchEngine();
		engine.upsert([{ id: 'm', content: { title: 'Star Wars' }, metadata: { year: 1977 } }]);
		engine.upsert([{ id: 'n', content: 'star trek' }]);
		expect(engine.search({ query: 'star', topK: 1 })).toHaveLength(1);
		expect(engine.search({ query: 'wars', topK: 5 })).toEqual([
			{ id: 'm', content: { title: 'Star Wars' }, metadata: { year: 1977 }, score: expect.any(Number) },
		]);
	});

	it('replaces the postings of an id on update', () => {
		const engine = loaded();
		engine.upsert([{ id: 'e', content: 'a book about the fox' }]);
		expect(engine.size).toBe(5);
		expect(engine.search({ query: 'whatsoever', topK: 5 })).toEqual([]);
		expect(
			engine
				.search({ query: 'book', topK: 5 })
				.map((m) => m.id)
				.sort(),
		).toEqual(['c', 'e']);
		const docs = new Map(
			Object.entries({ ...corpus, e: 'a book about the fox' }).map(([id, t]) => [id, tokenize(t)]),
		);
		const expected = [...bm25(docs, ['fox'])].sort((x, y) => y[1] - x[1]);
		expect(engine.search({ query: 'fox', topK: 10 }).map((m) => [m.id, m.score])).toEqual(
			expected.map(([id, score]) => [id, expect.closeTo(score, 12)]),
		);
	});

	it('fetches, deletes the ids it has, ranges and resets', () => {
		const engine = loaded();
		expect(engine.fetch(['a', 'zz'])).toEqual([{ id: 'a', content: corpus.a }, null]);
		expect(engine.delete(['a', 'zz'])).toBe(1);
		expect(engine.size).toBe(4);
		expect(engine.delete(['a', 'd'])).toBe(1);
		expect(engine.search({ query: 'fox', topK: 10 }).map((m) => m.id)).toEqual(['b']);
		expect(engine.info().termCount).toBe(
			new Set(['b', 'c', 'e'].flatMap((id) => tokenize(corpus[id]!))).size,
		);
		const first = engine.range({ limit: 2 });
		const second = engine.range({ cursor: first.nextCursor, limit: 2 });
		expect(second.nextCursor).toBe('');
		expect([...first.vectors, ...second.vectors].map((d) => d.id).sort()).toEqual(['b', 'c', 'e']);
		engine.reset();
		expect(engine.info()).toMatchObject({ documentCount: 0, indexSize: 0, termCount: 0 });
		expect(engine.search({ query: 'fox', topK: 3 })).toEqual([]);
	});

	it('rejects bad documents and queries, changing nothing', () => {
		const engine = loaded();
		const bad: [() => unknown, RegExp][] = [
			[
				() =>
					engine.upsert([
						{ id: 'x', content: 'ok' },
						{ id: 'y', content: 5 as never },
					]),
				/documents\[1\]: content must be/,
			],
			[() => engine.upsert([{ id: 'x', content: [] as never }]), /content must be/],
			[() => engine.search({ query: '  !! ', topK: 3 }), /no words/],
			[() => engine.search({ query: 'fox', topK: 1001 }), /topK must be/],
		];
		for (const [fn, message] of bad) expect(fn).toThrow(message);
		expect(engine.fetch(['x'])).toEqual([null]);
	});
});
