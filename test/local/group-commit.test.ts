/**
 * Group commit keeps the promise: the requests that arrive together are written as one batch,
 * and each is answered only once that batch is on disk. Many concurrent publishes are
 * answered 200 each only for what was kept: when the disk fails under them, every one
 * answered 200 comes back after a restart and every one refused neither comes back nor goes
 * out. (The same after `kill -9`: test/cli/group-commit-kill.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { StorageFaults } from '../../source/local/persistence/faults.js';
import type { LocalService } from '../../source/local/service.js';
import { waitUntil } from '../support/wait.js';
import { bearer, keptServices, raw } from './helpers.js';

const kept = keptServices('mqtop-group-commit-', { recoverEveryMs: 20 });

const concurrent = 200;

function publish(service: LocalService, pathName: string, headers: Record<string, string> = {}) {
	return raw(`${service.queueUrl}/v2/publish/${kept.sink.url}${pathName}`, {
		method: 'POST',
		headers: { ...bearer(service), 'content-type': 'text/plain', ...headers },
		body: pathName,
	});
}

const later = { 'Svc-Delay': '1h' };

describe('group commit', () => {
	it('answers 200 only for what reached the disk when it fails under concurrent publishes', async () => {
		const dataDir = kept.dir('fails-mid-way');
		const faults = new StorageFaults();
		const service = await kept.start(dataDir, { storageFaults: faults });
		let answered = 0;
		const answers = await Promise.all(
			Array.from({ length: concurrent }, async (_, i) => {
				const answer = await publish(service, `/mid/${i}`, later);
				// The disk fills up once a few are answered, with the others in flight.
				if (++answered === 20) faults.fail();
				return { i, status: answer.status, id: (answer.json() as { messageId?: string }).messageId };
			}),
		);
		const accepted = answers.filter((a) => a.status === 200);
		const refused = answers.filter((a) => a.status !== 200);
		expect(accepted.length).toBeGreaterThanOrEqual(20);
		expect(refused.length).toBeGreaterThan(0);
		expect(new Set(refused.map((a) => a.status))).toEqual(new Set([503]));
		expect(accepted.length + refused.length).toBe(concurrent);

		faults.heal();
		const stopped = await service.close();
		expect(stopped.pending).toBe(accepted.length);
		const again = await kept.start(dataDir);
		const ids = [...again.context.engine.messages.keys()].sort();
		expect(ids).toEqual(accepted.map((a) => a.id).sort());
	});

	it('refuses every request of a batch whose write fails, and none of them has an effect', async () => {
		const dataDir = kept.dir('batch-refused');
		const faults = new StorageFaults();
		const service = await kept.start(dataDir, { storageFaults: faults });
		for (let i = 0; i < 3; i++) expect((await publish(service, '/before', later)).status).toBe(200);

		faults.fail();
		const answers = await Promise.all([
			...Array.from({ length: concurrent }, (_, i) => publish(service, `/refused/${i}`)),
			raw(`${service.queueUrl}/v2/queues`, {
				method: 'POST',
				headers: { ...bearer(service), 'content-type': 'application/json' },
				body: JSON.stringify({ queueName: 'refused' }),
			}),
		]);
		expect(new Set(answers.map((a) => a.status))).toEqual(new Set([503]));

		faults.heal();
		await waitUntil(
			async () => ((await publish(service, '/marker')).status === 200 ? true : undefined),
			10_000,
			'the service to take publishes again once its writes succeed',
		);
		await waitUntil(
			() => (kept.sink.received.some((r) => r.url === '/marker') ? true : undefined),
			10_000,
			'the marker to arrive',
		);
		// The marker delivered, what waits is what was answered 200 before the failure.
		await waitUntil(() => (service.context.engine.messages.size === 3 ? true : undefined), 10_000);
		expect(kept.sink.received.filter((r) => r.url.startsWith('/refused/'))).toEqual([]);
		expect((await service.close()).pending).toBe(3);
		const again = await kept.start(dataDir);
		expect(again.context.engine.messages.size).toBe(3);
		expect(again.context.queues.get('refused')).toBeUndefined();
	});
});
