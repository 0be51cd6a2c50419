/**
 * Waiting steps are bounded (docs/protocol/limits.md#waiters): past the most waiters, or the
 * most bytes they may hold, a wait is refused with 412 that says so and nothing of it is kept,
 * while the waits taken go on as ever; notifications kept for runs that do not wait yet are
 * bounded in bytes as in count, the oldest dropped.
 */
import { describe, expect, it } from 'vitest';
import type { LocalService } from '../../source/local/service.js';
import { bearer, keptServices, raw } from './helpers.js';

const kept = keptServices('mqtop-waiters-', {});

async function runInProgress(service: LocalService, runId: string): Promise<void> {
	const answer = await raw(`${service.queueUrl}/v2/trigger/${kept.sink.url}/route`, {
		method: 'POST',
		headers: { ...bearer(service), 'Svc-Workflow-RunId': runId, 'Svc-Delay': '1h' },
		body: '{}',
	});
	expect(answer.status).toBe(200);
}

function wait(service: LocalService, runId: string, stepId: number, timeoutBody: string) {
	return raw(`${service.queueUrl}/v2/wait/paid`, {
		method: 'POST',
		headers: { ...bearer(service), 'Svc-Workflow-RunId': runId, 'content-type': 'application/json' },
		body: JSON.stringify({
			url: `${kept.sink.url}/route`,
			timeout: '1h',
			timeoutBody,
			step: { stepId, stepName: `wait ${stepId}`, stepType: 'Wait', concurrent: 1 },
		}),
	});
}

async function waitersOf(service: LocalService, eventId: string): Promise<unknown[]> {
	const answer = await raw(`${service.queueUrl}/v2/waiters/${eventId}`, { headers: bearer(service) });
	expect(answer.status).toBe(200);
	return answer.json() as unknown[];
}

describe('waiting steps', () => {
	it('past the bytes they may hold, a wait is refused with 412 and nothing of it is kept', async () => {
		const dataDir = kept.dir('bytes');
		const service = await kept.start(dataDir, { caps: { waiting: { waiterBytes: 350_000 } } });
		await runInProgress(service, 'wfr_big');
		const big = 'x'.repeat(100_000);
		for (let step = 1; step <= 3; step++)
			expect((await wait(service, 'wfr_big', step, big)).status).toBe(200);
		const refused = await wait(service, 'wfr_big', 4, big);
		expect(refused.status).toBe(412);
		expect(refused.json()).toEqual({
			error: expect.stringMatching(
				/^wait: the waiting steps would take \d+ bytes, more than the 350000 the local service keeps for them/,
			),
		});
		expect(service.context.waiters.all()).toHaveLength(3);
		expect(service.context.waiters.bytes.waiters).toBeLessThanOrEqual(350_000);
		expect(await waitersOf(service, 'paid')).toHaveLength(3);
		// A small one still fits, and a notify releases every one taken.
		expect((await wait(service, 'wfr_big', 5, 'small')).status).toBe(200);
		const notified = await raw(`${service.queueUrl}/v2/notify/paid`, {
			method: 'POST',
			headers: bearer(service),
			body: 'done',
		});
		expect(notified.status).toBe(201);
		expect(notified.json()).toHaveLength(4);
		expect(service.context.waiters.all()).toEqual([]);
		expect(service.context.waiters.bytes.waiters).toBe(0);
		await service.close();
		// What was refused was never kept.
		const again = await kept.start(dataDir);
		expect(again.context.waiters.all()).toEqual([]);
	});

	it('past the most waiters, a wait is refused with 412 that says so', async () => {
		const service = await kept.start(undefined, { caps: { waiting: { waiters: 3 } } });
		for (const run of ['wfr_a', 'wfr_b', 'wfr_c', 'wfr_d']) await runInProgress(service, run);
		for (const run of ['wfr_a', 'wfr_b', 'wfr_c']) expect((await wait(service, run, 1, '')).status).toBe(200);
		const refused = await wait(service, 'wfr_d', 1, '');
		expect(refused.status).toBe(412);
		expect(refused.json()).toEqual({
			error:
				'wait: 3 steps wait for events, the most the local service keeps: end some runs or notify their events first',
		});
		expect((await waitersOf(service, 'paid')).map((w) => (w as { url: string }).url)).toHaveLength(3);
		// Waiting again for the same step replaces its wait: no new one is counted.
		expect((await wait(service, 'wfr_a', 1, 'again')).status).toBe(200);
		expect(service.context.waiters.all()).toHaveLength(3);
	});
});

describe('notifications kept for runs that do not wait yet', () => {
	it('are bounded in bytes: the oldest are dropped, the newest taken by the run that waits', async () => {
		const service = await kept.start(undefined, { caps: { waiting: { notificationBytes: 300_000 } } });
		const runs = ['wfr_n1', 'wfr_n2', 'wfr_n3', 'wfr_n4', 'wfr_n5'];
		for (const run of runs) await runInProgress(service, run);
		for (const run of runs) {
			const answer = await raw(`${service.queueUrl}/v2/notify/${run}/paid`, {
				method: 'POST',
				headers: bearer(service),
				body: 'n'.repeat(100_000),
			});
			expect(answer.status).toBe(201);
		}
		expect(service.context.waiters.bytes.notifications).toBeLessThanOrEqual(300_000);
		// The newest is kept: its run takes it as soon as it waits.
		expect((await wait(service, 'wfr_n5', 1, '')).status).toBe(200);
		expect(service.context.waiters.all()).toEqual([]);
		// The oldest was dropped: its run waits.
		expect((await wait(service, 'wfr_n1', 1, '')).status).toBe(200);
		expect(service.context.waiters.all()).toHaveLength(1);
	});
});
