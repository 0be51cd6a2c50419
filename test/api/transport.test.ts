/**
 * Reading answers through the client against the embedded local service: a GET answered with the
 * text read last time is read as the same objects (what an idle monitor's polls rely on), and
 * anything else is read anew.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, startFixture } from '../local/helpers.js';

let fx: Fixture;
beforeAll(async () => {
	fx = await startFixture();
});
afterAll(async () => {
	await fx?.close();
});

describe('reading answers', () => {
	it('reads an unchanged GET answer as the same objects, and a changed one anew', async () => {
		await fx.client.queues.upsert('reads-a', { parallelism: 1 });
		const first = await fx.client.queues.list();
		const again = await fx.client.queues.list();
		expect(again).toBe(first);
		expect(again.data.map((q) => q.name)).toEqual(['reads-a']);

		await fx.client.queues.upsert('reads-b', { parallelism: 2 });
		const changed = await fx.client.queues.list();
		expect(changed).not.toBe(first);
		expect(changed.data.map((q) => q.name).sort()).toEqual(['reads-a', 'reads-b']);
		// The first reading is as it was: readings are shared, never changed in place.
		expect(first.data.map((q) => q.name)).toEqual(['reads-a']);

		await fx.client.queues.delete('reads-b');
		const back = await fx.client.queues.list();
		expect(back).not.toBe(changed);
		expect(back.data).toEqual(first.data);
	});

	it('keeps the last answer of each schema apart', async () => {
		const queues = await fx.client.queues.list();
		const schedules = await fx.client.schedules.list();
		expect(await fx.client.queues.list()).toBe(queues);
		expect(await fx.client.schedules.list()).toBe(schedules);
	});

	it('reads every answer to a request that is not a GET anew, even when its text is the same', async () => {
		const first = await fx.client.dlq.deleteMany({ dlqIds: ['dlq-none'] });
		const second = await fx.client.dlq.deleteMany({ dlqIds: ['dlq-none'] });
		expect(second.data).toEqual(first.data);
		expect(second).not.toBe(first);
	});
});
