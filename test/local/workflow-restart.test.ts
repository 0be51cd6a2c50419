/**
 * Workflow runs outlive a restart of a local service with a data directory: a run waiting
 * for an event is still waiting after it and goes on when the event comes, a wait whose
 * deadline passed while the service was down ends in its timeout, and each run's history
 * (its steps so far) is the same; a failed run's dead letter is kept, and the run resumes from
 * it. The app is a real `serve()` route of the workflow SDK.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client as WorkflowClient } from '@upstash/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectPresets } from '../../source/api/dialect.js';
import { type LocalService, startLocalService } from '../../source/local/service.js';
import type { RunRecord } from '../../source/local/stores/workflow-run-store.js';
import { waitUntil } from '../support/wait.js';
import { serve, serveOptions, startWorkflowApp, type WorkflowApp } from '../support/workflow-app.js';

let dataDir: string;
let app: WorkflowApp;
let service: LocalService;
/** Steps /fixable ran, and whether its second step still fails. */
const ran: string[] = [];
let fixed = false;

async function start(port = 0): Promise<LocalService> {
	service = await startLocalService({ dataDir, port, dialect: dialectPresets.deployed });
	return service;
}

function client(): WorkflowClient {
	return new WorkflowClient({ baseUrl: service.queueUrl, token: service.token, retry: false });
}

function finished(id: string): Promise<RunRecord> {
	return waitUntil(
		() => {
			const run = service.context.runs.get(id);
			return run && run.state !== 'RUN_STARTED' ? run : undefined;
		},
		15_000,
		() => `run ${id} is ${service.context.runs.get(id)?.state ?? 'unknown'}`,
	);
}

beforeAll(async () => {
	dataDir = await mkdtemp(path.join(tmpdir(), 'mqtop-runs-'));
	const first = await start();
	app = await startWorkflowApp({
		'/wait': serve(async (context) => {
			const { id, timeout } = context.requestPayload as { id: string; timeout: `${bigint}s` };
			await context.run('before', () => 'ready');
			const got = await context.waitForEvent('wait for it', id, { timeout });
			return await context.run('after', () => got);
		}, serveOptions(first)).handler,
		'/fixable': serve(async (context) => {
			await context.run('first', () => void ran.push('first'));
			await context.run('second', () => {
				ran.push('second');
				if (!fixed) throw new Error('not fixed yet');
			});
		}, serveOptions(first)).handler,
	});
});

afterAll(async () => {
	await app?.close();
	await service?.close();
	await rm(dataDir, { recursive: true, force: true });
});

describe('workflow runs across a restart', () => {
	it('keeps runs and their waits: an event after the restart releases one, a deadline passed meanwhile ends the other', async () => {
		const events = client();
		const eventId = `paid-${Date.now()}`;
		const { workflowRunId: waiting } = await events.trigger({
			url: `${app.url}/wait`,
			body: { id: eventId, timeout: '60s' },
		});
		const { workflowRunId: timing } = await events.trigger({
			url: `${app.url}/wait`,
			body: { id: `never-${Date.now()}`, timeout: '2s' },
		});
		// Both routes asked to wait, and their calls have been answered.
		await waitUntil(
			() => (service.context.waiters.all().length === 2 ? true : undefined),
			15_000,
			'two waiters',
		);
		await waitUntil(() =>
			app.calls.length > 0 && app.calls.every((c) => c.status !== 0) ? true : undefined,
		);
		const historyBefore = service.context.runs.get(waiting)!.entries.map((e) => e.messageId);
		const deadline = Math.min(...service.context.waiters.all().map((w) => w.deadline));
		const port = Number(new URL(service.queueUrl).port);
		await service.close();

		// Down past the short wait's deadline.
		await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline + 200 - Date.now())));
		await start(port);
		expect(service.context.runs.get(waiting)?.state).toBe('RUN_STARTED');
		expect(service.context.runs.get(waiting)!.entries.map((e) => e.messageId)).toEqual(historyBefore);

		const timedOut = await finished(timing);
		expect(timedOut.state).toBe('RUN_SUCCESS');
		expect(JSON.parse(timedOut.response!)).toEqual({ timeout: true });

		expect(await client().getWaiters({ eventId })).toHaveLength(1);
		await client().notify({ eventId, eventData: { paid: 12 } });
		const released = await finished(waiting);
		expect(released.state).toBe('RUN_SUCCESS');
		expect(JSON.parse(released.response!)).toEqual({ eventData: { paid: 12 }, timeout: false });
		const { runs } = await client().logs({ workflowRunId: waiting });
		expect(runs[0]?.workflowState).toBe('RUN_SUCCESS');
	});

	it("keeps a failed run's dead letter: after a restart it resumes from the failed step", async () => {
		const { workflowRunId } = await client().trigger({ url: `${app.url}/fixable`, retries: 0 });
		const failed = await finished(workflowRunId);
		expect(failed.state).toBe('RUN_FAILED');
		const dlqId = await waitUntil(() => service.context.runs.get(workflowRunId)?.dlqId);
		await waitUntil(() => (app.calls.every((c) => c.status !== 0) ? true : undefined));
		const port = Number(new URL(service.queueUrl).port);
		await service.close();
		await start(port);

		fixed = true;
		const { workflowRuns } = await client().dlq.resume(dlqId);
		const resumed = await finished(workflowRuns[0]!.workflowRunId);
		expect(resumed.state).toBe('RUN_SUCCESS');
		expect(ran).toEqual(['first', 'second', 'second']);
		expect(service.context.dlq.get(dlqId, Date.now())).toBeUndefined();
	});
});
