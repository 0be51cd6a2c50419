/**
 * The order in which destinations take delivery slots (delivery/origin-slots.ts): never more
 * than the global cap in flight, nor more than the per-origin cap to one origin; when slots are
 * short, the origins that wait take them in turn; a withdrawn item is never started.
 */
import { describe, expect, it } from 'vitest';
import { OriginSlots, originOf, originParallelism } from '../../source/local/delivery/origin-slots.js';

function slots(global: number, perOrigin: number) {
	const started: string[] = [];
	const s = new OriginSlots<string>(
		{ global, perOrigin },
		(item) => originOf(`http://${item[0]}.test/${item}`),
		(item) => started.push(item),
	);
	return { s, started };
}

describe('origin slots', () => {
	it('holds one origin to its cap and lets another take a free slot at once', () => {
		const { s, started } = slots(3, 2);
		for (const item of ['a1', 'a2', 'a3', 'a4', 'b1']) s.submit(item);
		expect(started).toEqual(['a1', 'a2', 'b1']);
		expect(s.inFlight).toBe(3);
		s.done('a1');
		expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
		s.submit('c1');
		s.done('b1');
		expect(started.at(-1)).toBe('c1');
	});

	it('gives free slots to waiting origins in turn, whatever each has waiting', () => {
		const { s, started } = slots(2, 2);
		for (const item of ['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b2']) s.submit(item);
		expect(started).toEqual(['a1', 'a2']);
		s.done('a1');
		s.done('a2');
		expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
		s.done('b1');
		s.done('a3');
		expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'b2', 'a4']);
		expect(s.inFlight).toBe(2);
	});

	it('never starts a withdrawn item, and starts nothing with no global slot', () => {
		const { s, started } = slots(1, 1);
		s.submit('a1');
		s.submit('a2');
		s.submit('b1');
		expect(s.withdraw('a2')).toBe(true);
		expect(s.withdraw('a1')).toBe(false);
		s.done('a1');
		expect(started).toEqual(['a1', 'b1']);
		const none = slots(0, 0);
		none.s.submit('a1');
		expect(none.started).toEqual([]);
	});

	it('shares by origin as the HTTP client pools connections', () => {
		expect(originOf('http://Example.test:80/a?x')).toBe(originOf('http://example.test/b'));
		expect(originOf('http://example.test:8080/a')).not.toBe(originOf('http://example.test/a'));
		expect(originParallelism({ max_parallelism: 100, max_global_parallelism: 1000 })).toBe(100);
		expect(originParallelism({ max_parallelism: 100, max_global_parallelism: 20 })).toBe(10);
		expect(originParallelism({ max_parallelism: 100, max_global_parallelism: 1 })).toBe(1);
		expect(originParallelism({ max_parallelism: 100, max_global_parallelism: 0 })).toBe(0);
	});
});
