import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { defaultDialect } from '../../source/api/dialect.js';
import { classifyRequest } from '../../source/receiver/classify.js';
import type { ReceivedEvent } from '../../source/receiver/event.js';
import { RingBuffer } from '../../source/receiver/ring-buffer.js';
import { EventStore } from '../../source/receiver/store.js';
import { batchOf, classify, classifyOptions, requests } from './frames.js';
import { gistFields, waitFor } from './helpers.js';

function event(seq: number, verified = true): ReceivedEvent {
	return classifyRequest(
		{
			seq,
			receivedAt: 1_767_225_600_000 + seq,
			method: 'POST',
			path: `/e/${seq}`,
			headers: {},
			body: Buffer.from(`event ${seq}`),
			verification: verified
				? {
						ok: true,
						key: 'current',
						claims: { iss: 'Svc', sub: '', iat: 0, nbf: 0, exp: 0, jti: 'j', body: '' },
					}
				: { ok: false, failure: 'missing', reason: 'missing signature header' },
			responseStatus: verified ? 200 : 401,
		},
		{ dialect: defaultDialect, maxShownBodyBytes: 1024 },
	);
}

describe('RingBuffer', () => {
	it('keeps the newest items, oldest first, and returns what it evicts', () => {
		const ring = new RingBuffer<number>(3);
		expect([1, 2, 3].map((n) => ring.push(n))).toEqual([undefined, undefined, undefined]);
		expect(ring.push(4)).toBe(1);
		expect(ring.push(5)).toBe(2);
		expect(ring.toArray()).toEqual([3, 4, 5]);
		expect(ring.size).toBe(3);
		ring.clear();
		expect(ring.toArray()).toEqual([]);
		expect(() => new RingBuffer(0)).toThrow(RangeError);
	});
});

describe('EventStore', () => {
	it('holds at most its capacity however many events pass, and counts them all', () => {
		const store = new EventStore({ capacity: 100 });
		for (let i = 1; i <= 10_000; i++) store.add(event(i, i % 4 !== 0));
		store.flush();
		const { events, counters } = store.getSnapshot();
		expect(events).toHaveLength(100);
		expect(events[0]?.seq).toBe(9901);
		expect(events.at(-1)?.seq).toBe(10_000);
		expect(counters).toMatchObject({ total: 10_000, verified: 7500, rejected: 2500, evicted: 9900 });
		store.dispose();
	});

	it('keeps at most maxRawBytes of requests as they arrived, and shows every one', () => {
		const store = new EventStore({ capacity: 50, maxRawBytes: 100_000 });
		const request = (seq: number) => ({
			seq,
			receivedAt: 1_767_225_600_000 + seq,
			method: 'POST',
			path: `/r/${seq}`,
			rawHeaders: ['content-type', 'text/plain'],
			body: Buffer.alloc(20_000, 'a'),
			verification: { ok: false as const, failure: 'missing' as const, reason: 'missing signature header' },
			responseStatus: 401,
		});
		for (let seq = 1; seq <= 30; seq++) {
			store.addRequest(request(seq));
			expect(store.rawBytes).toBeLessThanOrEqual(100_000);
		}
		expect(store.rawBytes).toBeGreaterThan(80_000);
		store.flush();
		// Read, every one is worked out and its bytes go; none is counted twice.
		const { events } = store.getSnapshot();
		expect(events.map((e) => e.path)).toEqual(Array.from({ length: 30 }, (_, i) => `/r/${i + 1}`));
		expect(events.every((e) => e.bodyBytes === 20_000 && e.response.status === 401)).toBe(true);
		expect(store.rawBytes).toBe(0);
		// Pushed out of the ring or cleared, a request's bytes are no longer counted.
		for (let seq = 31; seq <= 90; seq++) store.addRequest(request(seq));
		expect(store.rawBytes).toBeLessThanOrEqual(100_000);
		store.clear();
		expect(store.rawBytes).toBe(0);
		store.dispose();
	});

	it('notifies at a bounded rate however fast events come, and the snapshot changes only then', async () => {
		const store = new EventStore({ notifyIntervalMs: 40 });
		let notifications = 0;
		store.subscribe(() => notifications++);
		const initial = store.getSnapshot();
		expect(store.getSnapshot()).toBe(initial);
		for (let i = 1; i <= 5000; i++) store.add(event(i));
		// Nothing published yet: a burst is one notification later, not 5000 now.
		expect(notifications).toBe(0);
		expect(store.getSnapshot()).toBe(initial);
		await waitFor('a notification', () => (notifications > 0 ? true : undefined));
		expect(notifications).toBe(1);
		const after = store.getSnapshot();
		expect(after).not.toBe(initial);
		expect(after.counters.total).toBe(5000);
		expect(Object.isFrozen(after.events)).toBe(true);
		// No change, no notification and the same snapshot.
		await sleep(100);
		expect(notifications).toBe(1);
		expect(store.getSnapshot()).toBe(after);
		store.dispose();
	});

	it('streams every event in order to event listeners, without coalescing', () => {
		const store = new EventStore({ capacity: 10 });
		const seen: number[] = [];
		const stop = store.onEvent((e) => seen.push(e.seq));
		store.addMany(Array.from({ length: 1000 }, (_, i) => event(i + 1)));
		expect(seen).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
		stop();
		store.add(event(1001));
		expect(seen).toHaveLength(1000);
		store.dispose();
	});

	it('clears the list but keeps counting', () => {
		const store = new EventStore();
		store.add(event(1));
		store.clear();
		store.flush();
		expect(store.getSnapshot().events).toEqual([]);
		expect(store.getSnapshot().counters.total).toBe(1);
		store.dispose();
	});
});

describe('EventStore.waitFor', () => {
	it('finds a kept event at once, a later one when it comes, and gives up after the timeout', async () => {
		const store = new EventStore();
		store.add(event(1));
		expect((await store.waitFor((e) => e.seq === 1)).seq).toBe(1);
		const later = store.waitFor((e) => e.seq === 3);
		store.add(event(2));
		store.add(event(3));
		expect((await later).seq).toBe(3);
		await expect(store.waitFor((e) => e.seq === 99, 30)).rejects.toThrow(/no matching event/);
		store.dispose();
	});
});

describe('EventStore.addRequest', () => {
	it('keeps requests as they came and shows the same events and counters as add(classifyRequest)', () => {
		const inputs = requests(500);
		const eager = new EventStore({ capacity: 120, classify: classifyOptions });
		const lazy = new EventStore({ capacity: 120, classify: classifyOptions });
		for (const input of inputs) {
			eager.add(classify(input));
			lazy.addRequest(input);
		}
		eager.flush();
		lazy.flush();
		const shown = lazy.getSnapshot();
		expect(shown.events).toEqual(eager.getSnapshot().events);
		expect(shown.counters).toEqual(eager.getSnapshot().counters);
		// Every kind is among them.
		expect(new Set(shown.events.map((e) => e.kind)).size).toBe(5);
		// An event is worked out once: later snapshots show the very same objects.
		lazy.addRequest(requests(501)[500]!);
		lazy.flush();
		expect(lazy.getSnapshot().events[0]).toBe(shown.events[1]);
		eager.dispose();
		lazy.dispose();
	});

	it('publishes nothing before the notification, and counts every request however many wait', () => {
		const store = new EventStore({ capacity: 10, notifyIntervalMs: 60_000, classify: classifyOptions });
		const initial = store.getSnapshot();
		const inputs = requests(95);
		for (const input of inputs) store.addRequest(input);
		expect(store.getSnapshot()).toBe(initial);
		store.flush();
		const { counters } = store.getSnapshot();
		const expected = inputs.map(classify);
		expect(counters.total).toBe(95);
		expect(counters.verified).toBe(expected.filter((e) => e.verified).length);
		expect(counters.oversize).toBe(expected.filter((e) => e.kind === 'oversize').length);
		store.dispose();
	});

	it('gives event listeners and waitFor each event fully worked out, in order', async () => {
		const store = new EventStore({ classify: classifyOptions });
		const inputs = requests(30);
		store.addRequest(inputs[0]!);
		expect(await store.waitFor((e) => e.seq === 1)).toEqual(classify(inputs[0]!));
		const seen: ReceivedEvent[] = [];
		const stop = store.onEvent((e) => seen.push(e));
		for (const input of inputs.slice(1)) store.addRequest(input);
		stop();
		expect(seen).toEqual(inputs.slice(1).map(classify));
		store.dispose();
	});
});

describe('EventStore.addFrame', () => {
	it('keeps frames as they came and shows the same events and counters as add(classifyRequest)', () => {
		const inputs = requests(500);
		const { frames, spans } = batchOf(inputs);
		const eager = new EventStore({ capacity: 120, classify: classifyOptions });
		const lazy = new EventStore({ capacity: 120, classify: classifyOptions });
		for (const [i, input] of inputs.entries()) {
			eager.add(classify(input));
			lazy.addFrame(frames, spans[i]!);
		}
		eager.flush();
		lazy.flush();
		expect(lazy.getSnapshot().events).toEqual(eager.getSnapshot().events);
		expect(lazy.getSnapshot().counters).toEqual(eager.getSnapshot().counters);
		eager.dispose();
		lazy.dispose();
	});

	it('gives gist listeners what each event says of its message, from frames, requests and events alike', () => {
		const inputs = requests(70);
		const { frames, spans } = batchOf(inputs);
		const expected = inputs.map((input) => gistFields(classify(input)));
		// Every kind of gist is among them: callbacks, failure callbacks, deliveries, rejected.
		expect(
			new Set(expected.map((g) => (g.callback?.dlqId ? 'failure' : g.callback ? 'callback' : 'other'))).size,
		).toBe(3);
		expect(expected.some((g) => !g.verified) && expected.some((g) => g.messageId)).toBe(true);
		for (const feed of ['frames', 'requests', 'events'] as const) {
			const store = new EventStore({ classify: classifyOptions });
			const heard: ReturnType<typeof gistFields>[] = [];
			store.onGist((gist) => heard.push(gistFields(gist)));
			for (const [i, input] of inputs.entries()) {
				if (feed === 'frames') store.addFrame(frames, spans[i]!);
				else if (feed === 'requests') store.addRequest(input);
				else store.add(classify(input));
			}
			expect(heard, feed).toEqual(expected);
			store.dispose();
		}
	});

	it("gives a snapshot's size, seqs and single events without working out the others", () => {
		const inputs = requests(30);
		const { frames, spans } = batchOf(inputs);
		// The frame of the first request damaged: working it out would throw.
		frames[spans[0]!.start + 4 + 1 + 8 + 1 + 8 + 4] = 0x21;
		const store = new EventStore({ capacity: 20, classify: classifyOptions });
		for (const span of spans.slice(0, 20)) store.addFrame(frames, span);
		store.flush();
		const taken = store.getSnapshot();
		for (const span of spans.slice(20)) store.addFrame(frames, span);
		expect(taken.size).toBe(20);
		expect(Array.from({ length: taken.size }, (_, i) => taken.seqAt(i))).toEqual(
			inputs.slice(0, 20).map((r) => r.seq),
		);
		expect(taken.eventAt(19)).toEqual(classify(inputs[19]!));
		expect(taken.eventAt(5)).toEqual(classify(inputs[5]!));
		expect(taken.eventAt(20)).toBeUndefined();
		expect(() => taken.events).toThrow(/JSON/);
		store.dispose();
	});

	it('works out the events of a snapshot when read, as they were when it was taken', () => {
		const inputs = requests(40);
		const { frames, spans } = batchOf(inputs);
		const store = new EventStore({ capacity: 10, classify: classifyOptions });
		for (const [i] of inputs.slice(0, 20).entries()) store.addFrame(frames, spans[i]!);
		store.flush();
		const taken = store.getSnapshot();
		// Read only after newer requests pushed its own out of the store.
		for (const [i] of inputs.entries()) if (i >= 20) store.addFrame(frames, spans[i]!);
		store.flush();
		expect(taken.events.map((e) => e.seq)).toEqual(inputs.slice(10, 20).map((r) => r.seq));
		expect(taken.events).toEqual(inputs.slice(10, 20).map(classify));
		expect(taken.events).toBe(taken.events);
		expect(Object.isFrozen(taken) && Object.isFrozen(taken.events) && Object.isFrozen(taken.counters)).toBe(
			true,
		);
		expect(store.getSnapshot().events.map((e) => e.seq)).toEqual(inputs.slice(30).map((r) => r.seq));
		store.dispose();
	});
});
