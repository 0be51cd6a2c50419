/**
 * Workflow runs end to end: real `serve()` routes of the workflow SDK (`@upstash/workflow`) on
 * loopback, driven by the local service in the deployed dialect exactly as the deployed
 * service drives them. Every call of a route is verified by the SDK's Receiver.
 */
import { Client as QStashClient, Receiver } from '@upstash/qstash';
import { serve as legacyServe } from '@upstash/qstash/workflow';
import { Client as WorkflowClient } from '@upstash/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowRunLog } from '../../source/api/workflow-schemas.js';
import type { RunRecord } from '../../source/local/stores/workflow-run-store.js';
import { conformant } from '../support/conformance.js';
import { listen } from '../support/http-server.js';
import { waitUntil } from '../support/wait.js';
import {
	type RouteFunction,
	serve,
	serveOptions,
	startWorkflowApp,
	type WorkflowApp,
} from '../support/workflow-app.js';
import { type Fixture, failure, quietly, type Sink, startSdkFixture, startSink } from './helpers.js';

let fx: Fixture;
let app: WorkflowApp;
let sink: Sink;
let workflow: WorkflowClient;
/** A loopback URL nobody listens on. */
let nowhere: string;

/** What the steps and failure functions of the routes saw, by run id. */
const seen = new Map<string, unknown[]>();
const note = (runId: string, value: unknown) => {
	if (!seen.has(runId)) seen.set(runId, []);
	seen.get(runId)!.push(value);
};

const routes: Record<string, RouteFunction> = {
	'/sleepy': async (context) => {
		const payload = context.requestPayload as { n: number };
		const first = await context.run('first', () => ({ n: payload.n + 1 }));
		await context.sleep('nap', 1);
		return await context.run('second', () => `${first.n}-done (${context.headers.get('x-tenant')})`);
	},
	'/call': async (context) => {
		const answer = await context.call<{ hello: string }>('ask', {
			url: `${sink.url}/api?q=1`,
			method: 'POST',
			// An object, as the SDK's documentation shows it (its type says string): sent as JSON.
			body: { question: context.requestPayload } as unknown as string,
			headers: { 'x-asked-by': 'workflow' },
		});
		return await context.run('use', () => `${answer.status}:${answer.body.hello}`);
	},
	'/parallel': async (context) => {
		const [a, b] = await Promise.all([context.run('left', () => 20), context.run('right', () => 22)]);
		return await context.run('sum', () => a + b);
	},
	'/wait': async (context) => {
		const { id, timeout } = context.requestPayload as { id: string; timeout: `${bigint}s` };
		const got = await context.waitForEvent('wait for it', id, { timeout });
		return await context.run('after', () => got);
	},
	'/wait-later': async (context) => {
		const { id } = context.requestPayload as { id: string };
		await context.sleep('first a nap', 1);
		const got = await context.waitForEvent('then wait', id, { timeout: '30s' });
		return await context.run('after', () => got);
	},
	'/cancel-me': async (context) => {
		await context.run('one', () => note(context.workflowRunId, 'one'));
		await context.sleep('long nap', 1);
		await context.run('two', () => note(context.workflowRunId, 'two'));
	},
	'/retry-delayed': async (context) => {
		await context.run('only', () => 'done');
	},
	'/sentinel': async (context) => {
		await context.sleep('longer nap', 2);
		await context.run('done', () => 'sentinel');
	},
};

/** Routes with a failure function: the failing step throws until retries are exhausted. */
const failing: Record<string, RouteFunction> = {
	'/call-nowhere': async (context) => {
		await context.call('ask a closed port', { url: nowhere, method: 'GET' });
	},
	'/boom': async (context) => {
		await context.run('fine', () => 'fine');
		await context.run('boom', () => {
			throw new Error('kaput');
		});
	},
};

function runOf(id: string): RunRecord | undefined {
	return fx.service.context.runs.get(id);
}

async function finished(id: string, timeoutMs = 15_000): Promise<RunRecord> {
	return waitUntil(
		() => {
			const run = runOf(id);
			return run && run.state !== 'RUN_STARTED' ? run : undefined;
		},
		timeoutMs,
		() => `run ${id} is ${runOf(id)?.state ?? 'unknown'}`,
	);
}

/** The run's log as the SDK's `logs()` reads it, checked against the shape mqtop declares. */
async function logOf(workflowRunId: string): Promise<WorkflowRunLog> {
	const { runs } = await workflow.logs({ workflowRunId });
	expect(runs).toHaveLength(1);
	return WorkflowRunLog.parse(runs[0]);
}

beforeAll(async () => {
	const closed = await listen((_req, res) => res.end());
	await closed.close();
	nowhere = `${closed.url}/gone`;
	fx = await startSdkFixture();
	sink = await startSink((req, _i, res) => {
		if (req.url.startsWith('/api')) {
			res.writeHead(201, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ hello: 'world', asked: JSON.parse(req.body.toString()) }));
			return;
		}
		res.end('ok');
	});
	const handlers: Record<string, (request: Request) => Promise<Response>> = {};
	for (const [path, fn] of Object.entries(routes))
		handlers[path] = serve(fn, serveOptions(fx.service)).handler;
	for (const [path, fn] of Object.entries(failing)) {
		handlers[path] = serve(
			fn,
			serveOptions(fx.service, {
				failureFunction: async ({ context, failStatus, failResponse }) => {
					note(context.workflowRunId, {
						failStatus,
						failResponse,
						payload: context.requestPayload,
						tenant: context.headers.get('x-tenant'),
					});
					return 'failure handled';
				},
			}),
		).handler;
	}
	// The same route, but its Receiver knows other keys: no call of the service passes.
	handlers['/strangers'] = serve(
		routes['/sleepy']!,
		serveOptions(fx.service, {}, { current: 'sig_not_the_current', next: 'sig_not_the_next' }),
	).handler;
	// Without keys the SDK takes a direct request as the start of a run (its first invocation).
	handlers['/direct'] = serve(routes['/sleepy']!, serveOptions(fx.service, { receiver: undefined })).handler;
	// The workflow module of @upstash/qstash, older than @upstash/workflow: started by a plain
	// publish to the route; its failure function reads the source message's body (the steps).
	handlers['/legacy'] = legacyServe(
		async (context) => {
			await context.run('fails', () => {
				throw new Error('my-custom-error');
			});
		},
		{
			qstashClient: new QStashClient({
				baseUrl: fx.service.queueUrl,
				token: fx.service.token,
				retry: false,
				enableTelemetry: false,
			}),
			receiver: new Receiver({
				currentSigningKey: fx.service.currentSigningKey,
				nextSigningKey: fx.service.nextSigningKey,
			}),
			retries: 0,
			env: {},
			failureFunction: (context, failStatus, failResponse, failHeaders) => {
				note(context.workflowRunId, {
					failStatus,
					failResponse,
					failHeaders,
					payload: context.requestPayload,
					authentication: context.headers.get('authentication'),
				});
			},
		},
	);
	app = await startWorkflowApp(handlers);
	workflow = new WorkflowClient({ baseUrl: fx.service.queueUrl, token: fx.service.token, retry: false });
});

afterAll(async () => {
	await app.close();
	await sink.close();
	await fx.close();
});

describe('workflow runs through the SDK on the local service', () => {
	it('runs a step, sleeps, runs another and ends with the result, headers on every call', async () => {
		const { workflowRunId } = await workflow.trigger({
			url: `${app.url}/sleepy`,
			body: { n: 1 },
			headers: { 'x-tenant': 'acme' },
			label: 'nightly',
			flowControl: { key: 'wf-key', parallelism: 1 },
		});
		const run = await finished(workflowRunId);
		expect(run.state).toBe('RUN_SUCCESS');
		expect(run.response).toBe(JSON.stringify('2-done (acme)'));

		// The route ends the run during its last call: wait for that call's answer too.
		const calls = await waitUntil(() => {
			const got = app.callsOf('/sleepy').filter((c) => c.headers['upstash-workflow-runid'] === workflowRunId);
			return got.length === 4 && got.every((c) => c.status !== 0) ? got : undefined;
		});
		for (const call of calls) {
			expect(call.status).toBe(200);
			expect(call.headers['upstash-workflow-sdk-version']).toBe('1');
			expect(call.headers['upstash-workflow-createdat']).toBe(String(run.createdAt));
			expect(call.headers['x-tenant']).toBe('acme');
			expect(call.headers['upstash-label']).toBe('nightly');
			expect(call.headers['upstash-signature']).toBeTruthy();
		}
		// Each call carries the initial payload and the steps so far.
		const bodies = calls.map((c) => JSON.parse(c.body) as { body: string }[]);
		expect(bodies.map((b) => b.length)).toEqual([1, 2, 3, 4]);
		expect(Buffer.from(bodies[3]![0]!.body, 'base64').toString()).toBe('{"n":1}');
		// The sleep: the call after it came a second later.
		expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(950);

		const log = await logOf(workflowRunId);
		expect(log).toMatchObject({ workflowState: 'RUN_SUCCESS', label: 'nightly', flowControlKey: 'wf-key' });
		const steps = log.steps.flatMap((group) => group.steps);
		expect(steps.map((s) => [s.stepName, s.stepType, s.state])).toEqual([
			['init', 'Initial', 'STEP_SUCCESS'],
			['first', 'Run', 'STEP_SUCCESS'],
			['nap', 'SleepFor', 'STEP_SUCCESS'],
			['second', 'Run', 'STEP_SUCCESS'],
		]);
		expect(steps[1]!.out).toBe('{"n":2}');
		expect(steps[2]).toMatchObject({ sleepFor: 1 });
	});

	it('calls a URL for context.call and hands its answer to the route', async () => {
		const { workflowRunId } = await workflow.trigger({ url: `${app.url}/call`, body: 'why?' });
		const run = await finished(workflowRunId);
		expect(run.state).toBe('RUN_SUCCESS');
		expect(run.response).toBe(JSON.stringify('201:world'));
		const asked = sink.received.find((r) => r.url === '/api?q=1')!;
		expect(asked.method).toBe('POST');
		expect(JSON.parse(asked.body.toString())).toEqual({ question: 'why?' });
		expect(asked.headers['x-asked-by']).toBe('workflow');

		const log = await logOf(workflowRunId);
		const ask = log.steps.flatMap((g) => g.steps).find((s) => s.stepName === 'ask')!;
		expect(ask).toMatchObject({
			stepType: 'Call',
			callUrl: `${sink.url}/api?q=1`,
			callMethod: 'POST',
			callResponseStatus: 201,
		});
		expect(JSON.parse(ask.callBody as string)).toEqual({ question: 'why?' });
		expect(JSON.parse(ask.callResponseBody as string)).toEqual({
			hello: 'world',
			asked: { question: 'why?' },
		});
	});

	it('runs two steps in parallel and goes on with both results', async () => {
		const { workflowRunId } = await workflow.trigger({ url: `${app.url}/parallel` });
		const run = await finished(workflowRunId);
		expect(run.state).toBe('RUN_SUCCESS');
		expect(run.response).toBe('42');
		const log = await logOf(workflowRunId);
		const parallel = log.steps.find((g) => g.type === 'parallel')!;
		expect(parallel.steps.map((s) => [s.stepName, s.out, s.concurrent])).toEqual([
			['left', '20', 2],
			['right', '22', 2],
		]);
		expect(log.steps.at(-1)!.steps[0]).toMatchObject({ stepName: 'sum', out: '42' });
	});

	it('waits for an event until a notify releases it', async () => {
		const eventId = `order-${Date.now()}`;
		const { workflowRunId } = await workflow.trigger({
			url: `${app.url}/wait`,
			body: { id: eventId, timeout: '30s' },
		});
		const waiters = await waitUntil(async () => {
			const found = await workflow.getWaiters({ eventId });
			return found.length > 0 ? found : undefined;
		});
		expect(waiters).toEqual([
			expect.objectContaining({ url: `${app.url}/wait`, deadline: expect.any(Number) }),
		]);
		const waiting = await logOf(workflowRunId);
		expect(waiting.steps.at(-1)).toMatchObject({
			type: 'next',
			steps: [expect.objectContaining({ stepName: 'wait for it', waitEventId: eventId })],
		});

		const notified = await workflow.notify({ eventId, eventData: { paid: 12 } });
		expect(notified).toEqual([expect.objectContaining({ messageId: expect.stringMatching(/^msg_/) })]);
		const run = await finished(workflowRunId);
		expect(run.state).toBe('RUN_SUCCESS');
		expect(JSON.parse(run.response!)).toEqual({ eventData: { paid: 12 }, timeout: false });
		expect(await workflow.getWaiters({ eventId })).toEqual([]);
		// Nobody waits any more: a second notify reaches no one.
		expect(await workflow.notify({ eventId, eventData: 'late' })).toEqual([]);
	});

	it('ends a wait at its timeout', async () => {
		const { workflowRunId } = await workflow.trigger({
			url: `${app.url}/wait`,
			body: { id: `never-${Date.now()}`, timeout: '1s' },
		});
		const run = await finished(workflowRunId);
		expect(JSON.parse(run.response!)).toEqual({ timeout: true });
		const log = await logOf(workflowRunId);
		expect(log.steps.flatMap((g) => g.steps).find((s) => s.stepName === 'wait for it')).toMatchObject({
			stepType: 'Wait',
			waitTimeout: true,
			waitTimeoutDuration: '1s',
		});
	});

	it('keeps an event notified to a run before it waits, and hands it over when it does', async () => {
		const eventId = `early-${Date.now()}`;
		const { workflowRunId } = await workflow.trigger({ url: `${app.url}/wait-later`, body: { id: eventId } });
		const kept = await workflow.notify({ eventId, eventData: 'early bird', workflowRunId });
		expect(kept).toMatchObject({ workflowRunId });
		const run = await finished(workflowRunId);
		expect(JSON.parse(run.response!)).toEqual({ eventData: 'early bird', timeout: false });
	});

	it('stops calling the route once a run is cancelled', async () => {
		const { workflowRunId } = await workflow.trigger({ url: `${app.url}/cancel-me` });
		// Cancelled while it sleeps: step one is done, step two is due in a second.
		await waitUntil(() => (seen.get(workflowRunId)?.includes('one') ? true : undefined));
		await waitUntil(() => (runOf(workflowRunId)?.entries.length === 3 ? true : undefined));
		expect(await workflow.cancel({ ids: [workflowRunId] })).toEqual({ cancelled: 1 });
		const callsAtCancel = app.callsOf('/cancel-me').length;

		const run = await finished(workflowRunId);
		expect(run.state).toBe('RUN_CANCELED');
		const engine = fx.service.context.engine;
		expect([...engine.messages.values()].filter((m) => m.workflowRunId === workflowRunId)).toEqual([]);
		// A run that sleeps longer than the cancelled one would have: when it is done, the
		// cancelled run's next step would long have been due.
		const sentinel = await workflow.trigger({ url: `${app.url}/sentinel` });
		expect((await finished(sentinel.workflowRunId)).state).toBe('RUN_SUCCESS');
		expect(seen.get(workflowRunId)).not.toContain('two');
		expect(app.callsOf('/cancel-me')).toHaveLength(callsAtCancel);
		expect((await logOf(workflowRunId)).workflowState).toBe('RUN_CANCELED');
		// A cancelled run cannot be cancelled again.
		expect(await workflow.cancel({ ids: [workflowRunId] })).toEqual({ cancelled: 0 });
	});

	it('fails a run whose step fails past its retries, and calls its failure function', async () => {
		const { workflowRunId } = await workflow.trigger({
			url: `${app.url}/boom`,
			body: { order: 7 },
			headers: { 'x-tenant': 'acme' },
			retries: 2,
		});
		const run = await quietly(() => finished(workflowRunId));
		expect(run.state).toBe('RUN_FAILED');
		await waitUntil(() => (runOf(workflowRunId)?.failure?.state === 'CALLBACK_SUCCESS' ? true : undefined));
		expect(seen.get(workflowRunId)).toEqual([
			{ failStatus: 500, failResponse: 'kaput', payload: { order: 7 }, tenant: 'acme' },
		]);
		const boomCalls = app
			.callsOf('/boom')
			.filter((c) => c.headers['upstash-workflow-runid'] === workflowRunId && c.status === 500);
		expect(boomCalls).toHaveLength(3);
		expect(boomCalls.map((c) => c.headers['upstash-retried'])).toEqual(['0', '1', '2']);

		const log = await logOf(workflowRunId);
		expect(log.workflowState).toBe('RUN_FAILED');
		expect(log.dlqId).toEqual(expect.any(String));
		expect(log.failureFunction).toMatchObject({ state: 'CALLBACK_SUCCESS', failStatus: 500 });
		const failed = log.steps.at(-1)!;
		expect(failed.type).toBe('next');
		expect(failed.steps[0]).toMatchObject({ state: 'STEP_FAILED', stepName: 'boom', retries: 2 });
		expect(failed.steps[0]!.errors).toHaveLength(3);
	});

	it('fails a run whose context.call gets no answer at all, and tells the failure function why', async () => {
		const { workflowRunId } = await workflow.trigger({ url: `${app.url}/call-nowhere`, retries: 0 });
		const run = await quietly(() => finished(workflowRunId));
		expect(run.state).toBe('RUN_FAILED');
		await waitUntil(() => (runOf(workflowRunId)?.failure?.state === 'CALLBACK_SUCCESS' ? true : undefined));
		const [failure] = seen.get(workflowRunId) as { failStatus: number; failResponse: string }[];
		expect(failure!.failStatus).toBe(0);
		expect(failure!.failResponse).toMatch(/ECONNREFUSED|connect/);
		expect(run.dlqId).toEqual(expect.any(String));
	});

	it('sends the failure to a failure URL when the run names one', async () => {
		const { workflowRunId } = await workflow.trigger({
			url: `${app.url}/boom`,
			body: 'payload',
			failureUrl: `${sink.url}/failed`,
			retries: 0,
		});
		await quietly(() => finished(workflowRunId));
		const [failure] = await waitUntil(() => {
			const got = sink.received.filter((r) => r.url === '/failed');
			return got.length > 0 ? got : undefined;
		});
		expect(failure!.headers['upstash-workflow-runid']).toBe(workflowRunId);
		expect(failure!.headers['upstash-workflow-is-failure']).toBe('true');
		const body = JSON.parse(failure!.body.toString());
		expect(body).toMatchObject({ status: 500, workflowRunId, url: `${app.url}/boom` });
		expect(Buffer.from(body.sourceBody, 'base64').toString()).toBe('payload');
		expect(JSON.parse(Buffer.from(body.body, 'base64').toString())).toMatchObject({ message: 'kaput' });
		expect(seen.get(workflowRunId)).toBeUndefined();
	});

	it('starts runs from the trigger and the batch trigger like the SDK does, deduplicating run ids', async () => {
		const id = `wfr_trigger_${Date.now()}`;
		const single = await conformant(fx.client).trigger(`${app.url}/sleepy`, '{"n":10}', {
			'Upstash-Workflow-RunId': id,
			'Upstash-Forward-X-Tenant': 'one',
			'content-type': 'application/json',
		});
		expect(single).toMatchObject({ workflowRunId: id, deduplicated: false });
		const [again, batchRun] = await conformant(fx.client).batchTrigger([
			{ destination: `${app.url}/sleepy`, headers: { 'Upstash-Workflow-RunId': id } },
			{ destination: `${app.url}/parallel` },
		]);
		expect(again).toEqual({
			workflowRunId: id,
			workflowCreatedAt: single.workflowCreatedAt,
			deduplicated: true,
		});
		expect((await finished(id)).response).toBe(JSON.stringify('11-done (one)'));
		expect((await finished(batchRun!.workflowRunId)).response).toBe('42');
		// The SDK's own trigger with a run id that exists starts nothing either.
		const entries = runOf(id)!.entries.length;
		await workflow.trigger({ url: `${app.url}/sleepy`, workflowRunId: id.slice(4), body: { n: 0 } });
		expect(runOf(id)!.entries).toHaveLength(entries);
		expect([...fx.service.context.engine.messages.values()].filter((m) => m.workflowRunId === id)).toEqual(
			[],
		);
	});

	it('starts a run when the route is called directly and no signing keys are set', async () => {
		const response = await fetch(`${app.url}/direct`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-tenant': 'direct' },
			body: '{"n":100}',
		});
		expect(response.status).toBe(200);
		const { workflowRunId } = (await response.json()) as { workflowRunId: string };
		const run = await finished(workflowRunId);
		expect(run.response).toBe(JSON.stringify('101-done (direct)'));
	});

	it('fails a run whose route does not accept the signatures of the service', async () => {
		const { workflowRunId } = await workflow.trigger({
			url: `${app.url}/strangers`,
			body: { n: 1 },
			retries: 0,
		});
		const run = await quietly(() => finished(workflowRunId));
		expect(run.state).toBe('RUN_FAILED');
		expect(run.entries[0]!.errors[0]!.body).toMatch(/signature/i);
	});

	it('counts workflow runs and messages by outcome in the usage statistics', async () => {
		const stats = await conformant(fx.client).getMqStats(fx.service.accountId, '1h');
		const total = (id: string) =>
			stats.daily_workflow_messages
				.find((s) => s.id === id)!
				.data_points.reduce((sum, p) => sum + (p.y ?? 0), 0);
		const runs = fx.service.context.runs.newestFirst();
		const count = (state: string) => runs.filter((r) => r.state === state).length;
		expect(total('run_started')).toBe(runs.length);
		expect(total('run_success')).toBe(count('RUN_SUCCESS'));
		expect(total('run_failed')).toBe(count('RUN_FAILED'));
		expect(total('run_canceled')).toBe(count('RUN_CANCELED'));
		expect(total('failed')).toBeGreaterThan(0);
		const messages = runs.reduce((sum, r) => sum + r.entries.length + (r.failure ? 1 : 0), 0);
		const usedWorkflow = stats.daily_used_workflow.reduce((sum, p) => sum + (p.y ?? 0), 0);
		expect(usedWorkflow).toBe(messages);
		const today = stats.daily_requests.filter((p) => (p.workflow_run ?? 0) > 0);
		expect(today.reduce((sum, p) => sum + (p.workflow_run ?? 0), 0)).toBe(runs.length);
		expect(today.reduce((sum, p) => sum + (p.workflow_message ?? 0), 0)).toBe(messages);
	});
});

describe('what the SDKs read of runs that ended', () => {
	it("lists a failed run's dead letter through the workflow Client, by run id, and no message's", async () => {
		const failingSink = await startSink((_r, _i, res) => {
			res.statusCode = 500;
			res.end('down');
		});
		try {
			// A dead letter of a message that is no part of a run: the workflow DLQ leaves it out.
			const plain = await new QStashClient({
				baseUrl: fx.service.queueUrl,
				token: fx.service.token,
				retry: false,
				enableTelemetry: false,
			}).publish({ url: `${failingSink.url}/plain`, retries: 0 });
			await waitUntil(() =>
				fx.service.context.dlq.snapshot().some((l) => l.message.id === plain.messageId) ? true : undefined,
			);
			const { workflowRunId } = await workflow.trigger({
				url: `${app.url}/boom`,
				body: 'to the dlq',
				retries: 0,
			});
			const { createdAt: workflowCreatedAt } = await quietly(() => finished(workflowRunId));
			await waitUntil(() => (runOf(workflowRunId)?.failure?.state === 'CALLBACK_SUCCESS' ? true : undefined));

			const listed = await workflow.dlq.list({ filter: { workflowRunId } });
			expect(listed.messages).toHaveLength(1);
			expect(listed.messages[0]).toMatchObject({
				workflowRunId,
				workflowCreatedAt,
				workflowUrl: `${app.url}/boom`,
				dlqId: runOf(workflowRunId)!.dlqId,
				responseStatus: 500,
				failureCallbackInfo: { state: 'CALLBACK_SUCCESS' },
			});
			const all = await workflow.dlq.list();
			expect(all.messages.length).toBeGreaterThan(0);
			expect(all.messages.every((m) => typeof m.workflowRunId === 'string')).toBe(true);
			expect(all.messages.map((m) => m.dlqId)).toContain(runOf(workflowRunId)!.dlqId);
			const byUrl = await workflow.dlq.list({
				filter: {
					workflowUrl: `${app.url}/boom`,
					workflowCreatedAt,
					failureFunctionState: 'CALLBACK_SUCCESS',
				},
			});
			expect(byUrl.messages.map((m) => m.workflowRunId)).toEqual([workflowRunId]);
			expect((await workflow.dlq.list({ filter: { workflowRunId: 'wfr_none' } })).messages).toEqual([]);
		} finally {
			await failingSink.close();
		}
	});

	it("calls a run's failure URL again through the workflow Client once it failed, and only then", async () => {
		let up = false;
		const failureSink = await startSink((_r, _i, res) => {
			res.statusCode = up ? 200 : 503;
			res.end(up ? 'noted' : 'not now');
		});
		try {
			const { workflowRunId } = await workflow.trigger({
				url: `${app.url}/boom`,
				body: 'twice',
				failureUrl: `${failureSink.url}/failed`,
				retries: 0,
			});
			const run = await quietly(() => finished(workflowRunId));
			await waitUntil(() => (runOf(workflowRunId)?.failure?.state === 'CALLBACK_FAIL' ? true : undefined));
			const listed = await workflow.dlq.list({ filter: { workflowRunId } });
			const letter = listed.messages.find((m) => m.failureCallbackInfo?.state === 'CALLBACK_FAIL')!;
			expect(letter.failureCallbackInfo).toMatchObject({ responseStatus: 503, responseBody: 'not now' });

			up = true;
			expect(await workflow.dlq.retryFailureFunction({ dlqId: letter.dlqId })).toEqual({
				workflowRunId,
				workflowCreatedAt: run.createdAt,
			});
			await waitUntil(() => (runOf(workflowRunId)?.failure?.state === 'CALLBACK_SUCCESS' ? true : undefined));
			const calls = failureSink.received.filter((r) => r.url === '/failed');
			expect(calls).toHaveLength(2);
			// The same failure, told again: the step's answer and the run's payload.
			const [first, second] = calls.map((c) => JSON.parse(c.body.toString()));
			expect(second).toMatchObject({
				status: 500,
				workflowRunId,
				sourceBody: first.sourceBody,
				body: first.body,
			});
			expect(Buffer.from(second.sourceBody, 'base64').toString()).toBe('twice');
			// Its last call went well: there is nothing to retry.
			const again = await quietly(() => failure(workflow.dlq.retryFailureFunction({ dlqId: letter.dlqId })));
			expect(again).toMatchObject({ status: 400 });
			expect(failureSink.received.filter((r) => r.url === '/failed')).toHaveLength(2);
		} finally {
			await failureSink.close();
		}
	});

	it('answers the end of a run that has already ended as done, and keeps its result', async () => {
		const { workflowRunId } = await workflow.trigger({ url: `${app.url}/parallel` });
		const run = await finished(workflowRunId);
		expect(run.state).toBe('RUN_SUCCESS');
		// What the SDK sends at the end of a run, sent again (a retried last call, or a second route).
		const qstash = new QStashClient({ baseUrl: fx.service.queueUrl, token: fx.service.token, retry: false });
		await qstash.http.request({
			path: ['v2', 'workflows', 'runs', `${workflowRunId}?cancel=false`],
			method: 'DELETE',
			parseResponseAsJson: false,
			body: JSON.stringify('another result'),
		});
		expect(runOf(workflowRunId)).toMatchObject({ state: 'RUN_SUCCESS', response: '42' });
		// A run nobody started is still not found.
		const unknown = await quietly(() =>
			failure(
				qstash.http.request({
					path: ['v2', 'workflows', 'runs', 'wfr_never_started?cancel=false'],
					method: 'DELETE',
					parseResponseAsJson: false,
				}),
			),
		);
		expect(unknown.status).toBe(404);
	});

	it('shows the headers and the retry delay of every step in the run log', async () => {
		const { workflowRunId } = await workflow.trigger({
			url: `${app.url}/retry-delayed`,
			headers: { 'x-tenant': 'acme' },
			retryDelay: '1000 * (1 + retried)',
		});
		await finished(workflowRunId);
		const steps = (await logOf(workflowRunId)).steps.flatMap((g) => g.steps);
		expect(steps.map((s) => s.stepName)).toEqual(['init', 'only']);
		for (const step of steps) {
			expect(step.retryDelay).toBe('1000 * (1 + retried)');
			expect(step.headers).toMatchObject({
				'X-Tenant': ['acme'],
				'Upstash-Workflow-Runid': [workflowRunId],
			});
		}
	});

	it("runs the failure function of @upstash/qstash's workflow with the response headers and the payload", async () => {
		const published = await new QStashClient({
			baseUrl: fx.service.queueUrl,
			token: fx.service.token,
			retry: false,
			enableTelemetry: false,
		}).publishJSON({
			url: `${app.url}/legacy`,
			body: 'my-payload',
			headers: { Authentication: 'Bearer secretPassword' },
		});
		expect(published.messageId).toMatch(/^msg_/);
		// The route logs the error of its step: silenced from the start of the run to its end.
		const { runId, failed } = await quietly(async () => {
			const runId = await waitUntil(() =>
				app.callsOf('/legacy').find((c) => c.headers['upstash-workflow-runid']),
			).then((call) => call.headers['upstash-workflow-runid']!);
			await waitUntil(() => seen.get(runId)?.[0], 15_000);
			const failed = await waitUntil(() =>
				app.callsOf('/legacy').find((c) => c.headers['upstash-workflow-runid'] === runId && c.status === 500),
			);
			return { runId, failed };
		});
		const [handled] = seen.get(runId) as {
			failStatus: number;
			failResponse: string;
			failHeaders: Record<string, string[]>;
			payload: unknown;
			authentication: string | null;
		}[];
		expect(handled).toMatchObject({
			failStatus: 500,
			failResponse: 'my-custom-error',
			payload: 'my-payload',
			authentication: 'Bearer secretPassword',
		});
		expect(failed.status).toBe(500);
		expect(handled!.failHeaders['Content-Length']).toEqual([
			String(Buffer.byteLength(JSON.stringify({ error: 'Error', message: 'my-custom-error' }))),
		]);
		expect(handled!.failHeaders['Content-Type']).toEqual(['text/plain;charset=UTF-8']);
	});
});
