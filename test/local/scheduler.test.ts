import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type HeapItem, MinHeap } from '../../source/local/scheduler/min-heap.js';
import { Scheduler } from '../../source/local/scheduler/scheduler.js';
import { waitUntil } from '../support/wait.js';

type Item = HeapItem & { id: number };
const item = (id: number, dueAt: number): Item => ({ id, dueAt, heapIndex: -1, heapSeq: 0 });

describe('MinHeap', () => {
	it('pops in due order, ties in insertion order, after any removals and moves', () => {
		fc.assert(
			fc.property(
				fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 60 }),
				fc.array(fc.nat(), { maxLength: 20 }),
				fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 20 })), { maxLength: 20 }),
				(dues, removals, moves) => {
					const heap = new MinHeap<Item>();
					const items = dues.map((d, i) => item(i, d));
					for (const it of items) heap.push(it);
					const removed = new Set<number>();
					for (const r of removals) {
						const target = items[r % items.length]!;
						if (heap.remove(target)) removed.add(target.id);
					}
					for (const [m, due] of moves) {
						const target = items[m % items.length]!;
						if (removed.has(target.id)) continue;
						target.dueAt = due;
						heap.push(target);
					}
					const popped: Item[] = [];
					for (let next = heap.pop(); next; next = heap.pop()) popped.push(next);
					expect(popped).toHaveLength(items.length - removed.size);
					for (let i = 1; i < popped.length; i++) {
						const [a, b] = [popped[i - 1]!, popped[i]!];
						expect(a.dueAt < b.dueAt || (a.dueAt === b.dueAt && a.heapSeq < b.heapSeq)).toBe(true);
					}
					expect(popped.every((p) => p.heapIndex === -1)).toBe(true);
				},
			),
		);
	});
});

describe('Scheduler', () => {
	it('hands items over at their time, in order, and never one that was unscheduled', async () => {
		const seen: number[] = [];
		const scheduler = new Scheduler<Item>({ now: () => Date.now() }, (it) => seen.push(it.id));
		const now = Date.now();
		const late = item(1, now + 120);
		const early = item(2, now + 30);
		const cancelled = item(3, now + 60);
		const burst = Array.from({ length: 2000 }, (_, i) => item(100 + i, now));
		for (const it of [late, early, cancelled, ...burst]) scheduler.schedule(it);
		scheduler.unschedule(cancelled);
		await waitUntil(() => (seen.length === 2002 ? true : undefined));
		expect(seen.slice(0, 2000)).toEqual(burst.map((b) => b.id));
		expect(seen.slice(2000)).toEqual([2, 1]);
		expect(scheduler.size).toBe(0);
		scheduler.close();
	});
});
