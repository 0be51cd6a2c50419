/**
 * How the work of taking waiting messages out grows with how many wait in one place: a queue, a
 * flow-control key and an origin's slots. The same `total` items wait either all in one place or
 * spread over `parts` places (item i in place i % parts), and are all taken out, newest first
 * (the order that searches furthest). Linear work is then the same both ways: as many items, the
 * same memory touched in the same order. A search and splice of an array per item (as before)
 * costs `parts` times as much in one place as spread out. Asserted is that ratio, both measured
 * in the same run, each the fastest of several rounds, with a generous bound: how the work grows,
 * not how fast it runs. (The same over HTTP, with the order of those left, is in
 * bulk-cancel-scale.test.ts; `npm run bench local` times it.)
 */
import { describe, expect, it } from 'vitest';
import type { FlowControl } from '../../source/api/publish-options.js';
import { FlowGate } from '../../source/local/delivery/flow-control.js';
import { OriginSlots, originOf } from '../../source/local/delivery/origin-slots.js';
import { QueueLanes } from '../../source/local/delivery/queue-lanes.js';

interface Item {
	queueName: string | undefined;
	holdsQueueSlot: boolean;
	flow: FlowControl | undefined;
	url: string;
}

const total = 16_000;
const parts = 64;
const rounds = 5;
/** Linear work measures about 1x; the search and splice of before about `parts`x. */
const bound = 8;

/** `items` waiting in a structure of one kind, and how it takes one out. */
interface Filled {
	items: Item[];
	withdraw(item: Item): boolean;
}

function items(places: number): Item[] {
	return Array.from({ length: total }, (_, i) => {
		const place = i % places;
		return {
			queueName: `q${place}`,
			holdsQueueSlot: false,
			flow: { key: `k${place}`, parallelism: 1 },
			url: `http://127.0.0.1:${place + 1000}/${i}`,
		};
	});
}

/** Milliseconds to take every item out, newest first: the fastest of `rounds`. */
function takeAllOut(fill: (places: number) => Filled, places: number): number {
	let best = Number.POSITIVE_INFINITY;
	for (let round = 0; round < rounds; round++) {
		const { items, withdraw } = fill(places);
		const started = performance.now();
		for (let i = items.length - 1; i >= 0; i--) {
			if (!withdraw(items[i]!)) throw new Error(`item ${i} was not waiting`);
		}
		best = Math.min(best, performance.now() - started);
	}
	return best;
}

const structures: Record<string, (places: number) => Filled> = {
	queues: (places) => {
		const lanes = new QueueLanes<Item>(
			() => ({ parallelism: 1, paused: true }),
			() => {},
		);
		const all = items(places);
		for (const item of all) {
			lanes.added(item);
			lanes.submit(item as Item & { queueName: string });
		}
		return { items: all, withdraw: (item) => lanes.withdraw(item) };
	},
	'flow-control keys': (places) => {
		const gate = new FlowGate<Item>({ now: () => 0 }, () => {});
		for (let place = 0; place < places; place++) gate.pause(`k${place}`);
		const all = items(places);
		for (const item of all) gate.submit(item);
		return { items: all, withdraw: (item) => gate.withdraw(item) };
	},
	"origins' slots": (places) => {
		const slots = new OriginSlots<Item>(
			{ global: 1, perOrigin: 1 },
			(item) => originOf(item.url),
			() => {},
		);
		// This one takes the one slot and never gives it back: the others wait.
		slots.submit({
			queueName: undefined,
			holdsQueueSlot: false,
			flow: undefined,
			url: 'http://127.0.0.1:8/',
		});
		const all = items(places);
		for (const item of all) slots.submit(item);
		return { items: all, withdraw: (item) => slots.withdraw(item) };
	},
};

describe(`taking ${total} waiting items out`, () => {
	for (const [where, fill] of Object.entries(structures)) {
		it(`costs no more in one place than spread over ${parts} ${where}`, () => {
			takeAllOut(fill, parts); // warms the code up
			const spread = takeAllOut(fill, parts);
			const one = takeAllOut(fill, 1);
			expect(
				one / spread,
				`${one.toFixed(1)} ms with all in one place, ${spread.toFixed(1)} ms spread over ${parts}`,
			).toBeLessThan(bound);
		});
	}
});
