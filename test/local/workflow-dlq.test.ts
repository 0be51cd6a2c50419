/**
 * The workflow DLQ end to end: real `serve()` routes of the workflow SDK on loopback, driven by
 * the local service in the deployed dialect; each operation through the workflow SDK's
 * `client.dlq` where it has the call, raw HTTP otherwise. A run whose second step fails lands
 * in the DLQ, the step is fixed, the run is resumed and its first step is not run again.
 */
import type { Client } from '@upstash/qstash';
import { Client as WorkflowClient } from '@upstash/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunRecord } from '../../source/local/stores/workflow-run-store.js';
import { waitUntil } from '../support/wait.js';
import {
	type RouteFunction,
	serve,
	serveOptions,
	startWorkflowApp,
	type WorkflowApp,
} from '../support/workflow-app.js';
import {
	bearer,
	type Fixture,
	failure,
	quietly,
	raw,
	type Sink,
	startSdkFixture,
	startSink,
} from './helpers.js';

let fx: Fixture & { qstash: Client };
let app: WorkflowApp;
let workflow: WorkflowClient;

/** Runs of each step, by the run's payload (a resumed run has a new id, the same payload). */
const ran = new Map<string, string[]>();
/** Payloads whose second step still fails. */
const broken = new Set<string>();

const routes: Record<string, RouteFunction> = {
	'/fixable': async (context) => {
		const payload = String(context.requestPayload);
		const note = (step: string) => ran.set(payload, [...(ran.get(payload) ?? []), step]);
		const first = await context.run('first', () => {
			note('first');
			return `${payload}-1`;
		});
		return await context.run('second', () => {
			note('second');
			if (broken.has(payload)) throw new Error('not fixed yet');
			return `${first}-2`;
		});
	},
};

function runOf(id: string): RunRecord | undefined {
	return fx.service.context.runs.get(id);
}

async function ended(id: string, timeoutMs = 20_000): Promise<RunRecord> {
	return waitUntil(
		() => {
			const run = runOf(id);
			return run && run.state !== 'RUN_STARTED' ? run : undefined;
		},
		timeoutMs,
		() => `run ${id} is ${runOf(id)?.state ?? 'unknown'}`,
	);
}

/** Triggers a run of /fixable whose second step fails, and waits for its dead letter. */
async function failedRun(
	payload: string,
	extra: { label?: string } = {},
): Promise<{ runId: string; dlqId: string }> {
	broken.add(payload);
	const { workflowRunId } = await workflow.trigger({
		url: `${app.url}/fixable`,
		body: payload,
		retries: 0,
		...extra,
	});
	const run = await quietly(() => ended(workflowRunId));
	expect(run.state).toBe('RUN_FAILED');
	const dlqId = await waitUntil(() => runOf(workflowRunId)?.dlqId);
	return { runId: workflowRunId, dlqId };
}

const api = (path: string) => `${fx.service.queueUrl}/v2/workflows/dlq${path}`;

beforeAll(async () => {
	fx = await startSdkFixture();
	const handlers: Record<string, (request: Request) => Promise<Response>> = {};
	for (const [path, fn] of Object.entries(routes))
		handlers[path] = serve(fn, serveOptions(fx.service)).handler;
	app = await startWorkflowApp(handlers);
	workflow = new WorkflowClient({ baseUrl: fx.service.queueUrl, token: fx.service.token, retry: false });
});

afterAll(async () => {
	await app.close();
	await fx.close();
});

describe('the workflow DLQ on the local service', () => {
	it('resumes a failed run from the step that failed once it is fixed: the first step is not run again', async () => {
		const { runId, dlqId } = await failedRun('resume-me');
		expect(ran.get('resume-me')).toEqual(['first', 'second']);
		const listed = await raw(`${api('')}?workflowRunId=${runId}`, { headers: bearer(fx.service) });
		expect(listed.status).toBe(200);
		expect(listed.json()).toMatchObject({
			messages: [{ dlqId, workflowRunId: runId, workflowUrl: `${app.url}/fixable`, responseStatus: 500 }],
		});

		broken.delete('resume-me');
		const { workflowRuns, cursor } = await workflow.dlq.resume(dlqId, { retries: 2 });
		expect(cursor).toBeUndefined();
		expect(workflowRuns).toHaveLength(1);
		const resumed = workflowRuns[0]!;
		expect(resumed.workflowRunId).not.toBe(runId);
		const run = await ended(resumed.workflowRunId);
		expect(run.state).toBe('RUN_SUCCESS');
		expect(run.createdAt).toBe(resumed.workflowCreatedAt);
		expect(run.response).toBe(JSON.stringify('resume-me-1-2'));
		expect(run.options.retries).toBe(2);
		// The first step's result came from the failed run; only the second ran again.
		expect(ran.get('resume-me')).toEqual(['first', 'second', 'second']);
		expect(fx.service.context.dlq.get(dlqId, Date.now())).toBeUndefined();
		expect((await workflow.logs({ workflowRunId: resumed.workflowRunId })).runs[0]).toMatchObject({
			workflowState: 'RUN_SUCCESS',
		});
	});

	it('restarts a failed run from the start, with a new run id and the overrides of the request', async () => {
		const { runId, dlqId } = await failedRun('restart-me');
		broken.delete('restart-me');
		const answer = await raw(api(`/restart/${dlqId}`), {
			method: 'POST',
			headers: { ...bearer(fx.service), 'Upstash-Label': 'second-try', 'Upstash-Retries': '1' },
		});
		expect(answer.status).toBe(200);
		const { workflowRunId, workflowCreatedAt } = answer.json() as {
			workflowRunId: string;
			workflowCreatedAt: number;
		};
		expect(workflowRunId).not.toBe(runId);
		expect(workflowCreatedAt).toEqual(expect.any(Number));
		const run = await ended(workflowRunId);
		expect(run.state).toBe('RUN_SUCCESS');
		expect(run.options).toMatchObject({ labels: ['second-try'], retries: 1 });
		expect(ran.get('restart-me')).toEqual(['first', 'second', 'first', 'second']);
		const gone = await raw(api(`/${dlqId}`), { headers: bearer(fx.service) });
		expect(gone.status).toBe(404);
	});

	it('resumes one through its own path, and refuses a run that is not failed or a dead letter that is not there', async () => {
		const { dlqId } = await failedRun('one-path');
		broken.delete('one-path');
		const answer = await raw(api(`/resume/${dlqId}`), { method: 'POST', headers: bearer(fx.service) });
		expect(answer.status).toBe(200);
		const { workflowRunId } = answer.json() as { workflowRunId: string };
		expect((await ended(workflowRunId)).state).toBe('RUN_SUCCESS');
		expect(ran.get('one-path')).toEqual(['first', 'second', 'second']);
		for (const path of [`/resume/${dlqId}`, `/restart/${dlqId}`, '/resume/1-1']) {
			const missing = await raw(api(path), { method: 'POST', headers: bearer(fx.service) });
			expect(missing.status).toBe(404);
			expect(missing.json()).toEqual({ error: expect.stringContaining('not found') });
		}
	});

	it('gets and deletes one dead letter, and leaves the dead letters of plain messages alone', async () => {
		const sink: Sink = await startSink((_r, _i, res) => {
			res.statusCode = 500;
			res.end('down');
		});
		try {
			const plain = await fx.qstash.publish({ url: `${sink.url}/plain`, retries: 0 });
			const plainId = await waitUntil(
				() => fx.service.context.dlq.snapshot().find((l) => l.message.id === plain.messageId)?.dlqId,
			);
			const { runId, dlqId } = await failedRun('get-and-delete');
			const got = await raw(api(`/${dlqId}`), { headers: bearer(fx.service) });
			expect(got.status).toBe(200);
			expect(got.json()).toMatchObject({
				dlqId,
				workflowRunId: runId,
				workflowCreatedAt: runOf(runId)!.createdAt,
			});
			expect((await raw(api(`/${plainId}`), { headers: bearer(fx.service) })).status).toBe(404);
			const listed = (await raw(api(''), { headers: bearer(fx.service) }).then((r) => r.json())) as {
				messages: { dlqId: string }[];
			};
			expect(listed.messages.map((m) => m.dlqId)).toContain(dlqId);
			expect(listed.messages.map((m) => m.dlqId)).not.toContain(plainId);

			const deleted = await raw(api(`/${dlqId}`), { method: 'DELETE', headers: bearer(fx.service) });
			expect(deleted.status).toBe(200);
			expect((await raw(api(`/${dlqId}`), { headers: bearer(fx.service) })).status).toBe(404);
			expect((await raw(api(`/${dlqId}`), { method: 'DELETE', headers: bearer(fx.service) })).status).toBe(
				404,
			);
			// The plain message's dead letter is the DLQ's, not the workflow DLQ's.
			expect((await raw(api(`/${plainId}`), { method: 'DELETE', headers: bearer(fx.service) })).status).toBe(
				404,
			);
			expect(fx.service.context.dlq.get(plainId, Date.now())).toBeDefined();
		} finally {
			await sink.close();
		}
	});

	it('resumes, restarts and deletes in bulk through the SDK: by ids, by filter and all, checked whole', async () => {
		const a = await failedRun('bulk-a', { label: 'bulk' });
		const b = await failedRun('bulk-b', { label: 'bulk' });
		const c = await failedRun('bulk-c');
		broken.delete('bulk-a');
		broken.delete('bulk-b');

		// One id that is not there: 404, and nothing is resumed.
		const refused = await quietly(() => failure(workflow.dlq.resume([a.dlqId, '1-1'])));
		expect(refused.message).toContain('not found');
		expect(fx.service.context.dlq.get(a.dlqId, Date.now())).toBeDefined();

		const byLabel = await workflow.dlq.restart({ filter: { label: 'bulk' } });
		expect(byLabel.cursor).toBeUndefined();
		expect(byLabel.workflowRuns).toHaveLength(2);
		for (const { workflowRunId } of byLabel.workflowRuns)
			expect((await ended(workflowRunId)).state).toBe('RUN_SUCCESS');
		expect(ran.get('bulk-a')).toEqual(['first', 'second', 'first', 'second']);
		expect(fx.service.context.dlq.get(b.dlqId, Date.now())).toBeUndefined();

		// A page of one: the cursor goes on to the next.
		const d = await failedRun('bulk-d');
		const page = await workflow.dlq.delete({ all: true, count: 1 });
		expect(page).toMatchObject({ deleted: 1, cursor: expect.any(String) });
		const rest = await workflow.dlq.delete({ all: true, cursor: page.cursor });
		expect(rest.deleted).toBeGreaterThanOrEqual(1);
		expect(rest.cursor).toBeUndefined();
		for (const id of [c.dlqId, d.dlqId]) expect(fx.service.context.dlq.get(id, Date.now())).toBeUndefined();

		const e = await failedRun('bulk-e');
		broken.delete('bulk-e');
		const all = await workflow.dlq.resume({ all: true });
		expect(all.workflowRuns).toHaveLength(1);
		expect((await ended(all.workflowRuns[0]!.workflowRunId)).state).toBe('RUN_SUCCESS');
		expect(ran.get('bulk-e')).toEqual(['first', 'second', 'second']);
		expect(fx.service.context.dlq.get(e.dlqId, Date.now())).toBeUndefined();
		const f = await failedRun('bulk-f');
		expect(await workflow.dlq.delete([f.dlqId])).toMatchObject({ deleted: 1 });
	});

	it('cancels a failure callback in progress, and refuses when none is', async () => {
		let release: () => void = () => {};
		const held = new Promise<void>((resolve) => {
			release = resolve;
		});
		const failureSink = await startSink(async (_r, _i, res) => {
			await held;
			res.end('late');
		});
		try {
			broken.add('callback');
			const { workflowRunId } = await workflow.trigger({
				url: `${app.url}/fixable`,
				body: 'callback',
				failureUrl: `${failureSink.url}/failed`,
				retries: 0,
			});
			await quietly(() => ended(workflowRunId));
			await failureSink.waitFor(1);
			const dlqId = runOf(workflowRunId)!.dlqId!;
			expect(runOf(workflowRunId)!.failure?.state).toBe('CALLBACK_INPROGRESS');
			const cancelled = await raw(api(`/callback/${dlqId}`), {
				method: 'DELETE',
				headers: bearer(fx.service),
			});
			expect(cancelled.status).toBe(302);
			expect(runOf(workflowRunId)!.failure?.state).toBe('CALLBACK_CANCELED');
			const again = await raw(api(`/callback/${dlqId}`), { method: 'DELETE', headers: bearer(fx.service) });
			expect(again.status).toBe(400);
			expect(again.json()).toEqual({ error: expect.stringContaining('CALLBACK_CANCELED') });
		} finally {
			release();
			await failureSink.close();
		}
	});
});
