import { describe, expect, it } from 'vitest';
import type { DeliveryEvent, EventState } from '../../../source/api/schemas.js';
import {
	eventsPerMessage,
	TrackedMessages,
	trackMessage,
	trackMessages,
} from '../../../source/ui/data/tracked-messages.js';

const event = (messageId: string, state: EventState, time: number): DeliveryEvent => ({
	time,
	messageId,
	state,
	url: 'http://127.0.0.1:9/x',
});

describe('tracked messages', () => {
	it('keeps each id once, newest first, with its first origin', () => {
		let next = trackMessage({ messages: [] }, { id: 'a', origin: 'publish', since: 1 });
		next = trackMessage(next, { id: 'b', origin: 'callback', since: 2 });
		const again = trackMessage(next, { id: 'a', origin: 'events', since: 3 });
		expect(again).toBe(next);
		expect(next.messages.map((m) => [m.id, m.origin])).toEqual([
			['b', 'callback'],
			['a', 'publish'],
		]);
	});

	it('adds the dlqId a failure callback reports to a known id', () => {
		const state = trackMessage({ messages: [] }, { id: 'a', origin: 'publish', since: 1 });
		const failed = trackMessage(state, { id: 'a', origin: 'callback', since: 5, dlqId: '17-1' });
		expect(failed.messages[0]).toEqual({ id: 'a', origin: 'publish', since: 1, dlqId: '17-1' });
	});

	it('stays bounded', () => {
		let state = { messages: [] as ReturnType<typeof trackMessage>['messages'] };
		for (let i = 0; i < 30; i++) state = trackMessage(state, { id: `m${i}`, origin: 'events', since: i }, 10);
		expect(state.messages).toHaveLength(10);
		expect(state.messages[0]?.id).toBe('m29');
	});

	it('notifies subscribers once for a burst of ids', async () => {
		const store = new TrackedMessages(() => 42, 20);
		let notified = 0;
		store.subscribe(() => notified++);
		for (let i = 0; i < 100; i++) store.track(`m${i}`, 'delivery');
		await new Promise((resolve) => setTimeout(resolve, 60));
		expect(notified).toBe(1);
		expect(store.getSnapshot().messages).toHaveLength(100);
	});

	it('keeps the callback of the latest attempt, whatever order the callbacks arrive in', () => {
		let state = trackMessage({ messages: [] }, { id: 'a', origin: 'publish', since: 1 });
		state = trackMessage(state, {
			id: 'a',
			origin: 'callback',
			since: 2,
			callback: { status: 500, retried: 1, maxRetries: 2 },
		});
		const late = trackMessage(state, {
			id: 'a',
			origin: 'callback',
			since: 3,
			callback: { status: 500, retried: 0, maxRetries: 2 },
		});
		expect(late).toBe(state);
		state = trackMessage(state, {
			id: 'a',
			origin: 'callback',
			since: 4,
			callback: { status: 200, retried: 2, maxRetries: 2 },
		});
		expect(state.messages[0]).toMatchObject({ origin: 'publish', callback: { status: 200, retried: 2 } });
	});

	it('merges the events of successive listings newest first, once each, bounded', () => {
		const store = new TrackedMessages(() => 7, 0);
		store.noteEvents([event('b', 'CREATED', 5), event('a', 'ACTIVE', 4), event('a', 'CREATED', 3)]);
		// The newest message of the page is on top.
		expect(store.getSnapshot().messages.map((m) => [m.id, m.origin])).toEqual([
			['b', 'events'],
			['a', 'events'],
		]);
		store.noteEvents([event('a', 'DELIVERED', 6), event('b', 'CREATED', 5), event('a', 'ACTIVE', 4)]);
		const a = store.getSnapshot().messages.find((m) => m.id === 'a');
		expect(a?.events?.map((e) => e.state)).toEqual(['DELIVERED', 'ACTIVE', 'CREATED']);
		const before = store.getSnapshot();
		store.noteEvents([event('a', 'DELIVERED', 6)]);
		expect(store.getSnapshot()).toBe(before);
		for (let t = 10; t < 100; t++) store.noteEvents([event('a', 'RETRY', t)]);
		expect(store.getSnapshot().messages.find((m) => m.id === 'a')?.events).toHaveLength(eventsPerMessage);
	});

	it('applies a batch in one pass and records a cancel made here', () => {
		const state = trackMessages({ messages: [] }, [
			{ id: 'a', origin: 'delivery', since: 1 },
			{ id: 'b', origin: 'callback', since: 1, dlqId: '9-1' },
			{ id: 'a', origin: 'callback', since: 1, callback: { status: 500, retried: 0, maxRetries: 1 } },
		]);
		expect(state.messages.map((m) => m.id)).toEqual(['b', 'a']);
		expect(state.messages[1]).toMatchObject({ origin: 'delivery', callback: { status: 500 } });
		const store = new TrackedMessages(() => 42, 0);
		store.track('c', 'publish');
		store.noteCancelled('c');
		expect(store.getSnapshot().messages[0]).toMatchObject({ id: 'c', origin: 'publish', cancelledAt: 42 });
	});
});
