import { describe, expect, it } from 'vitest';
import { TrackedMessages, trackMessage } from '../../../source/ui/state/tracked-messages.js';

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
});
