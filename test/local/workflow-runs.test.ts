/**
 * The workflow operations of the local service over HTTP: the run logs and their filters and
 * pages, bulk and single cancel, the steps the SDK fetches, notify and wait refusing what is
 * wrong; a run too large to carry in a body (the SDK fetches its steps), a run started by
 * another (`context.invoke`), and the stores saved and restored.
 */

import { Client as WorkflowClient } from '@upstash/workflow';
import { createWorkflow, serveMany } from '@upstash/workflow/hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowRunsPage } from '../../source/api/workflow-schemas.js';
import {
	type KeptNotification,
	type WaiterRecord,
	WaiterStore,
} from '../../source/local/stores/waiter-store.js';
import {
	type RunEntry,
	type RunRecord,
	WorkflowRunStore,
} from '../../source/local/stores/workflow-run-store.js';
import { waitUntil } from '../support/wait.js';
import { serve, serveOptions, startWorkflowApp, type WorkflowApp } from '../support/workflow-app.js';
import { bearer, type Fixture, raw, type Sink, startSdkFixture, startSink } from './helpers.js';

let fx: Fixture;
let sink: Sink;
let small: Fixture;
let app: WorkflowApp;
let workflow: WorkflowClient;

const h = (extra: Record<string, string> = {}) => ({ ...bearer(fx.service), ...extra });

/** Starts a run on the sink as the SDK's trigger does: one batch item marked Workflow-Init. */
async function start(path: string, extra: Record<string, string> = {}): Promise<string> {
	const runId = `wfr_${path.replace(/\W/g, '')}_${Math.random().toString(36).slice(2, 8)}`;
	const response = await raw(`${fx.service.queueUrl}/v2/batch`, {
		method: 'POST',
		headers: h({ 'content-type': 'application/json' }),
		body: JSON.stringify([
			{
				destination: `${sink.url}${path}`,
				headers: {
					'Upstash-Workflow-Init': 'true',
					'Upstash-Workflow-RunId': runId,
					'Upstash-Workflow-Sdk-Version': '1',
					'Upstash-Delay': '1h',
					...extra,
				},
				body: '{}',
			},
		]),
	});
	expect(response.status, response.text).toBe(200);
	return runId;
}

async function logs(query: string) {
	const response = await raw(`${fx.service.queueUrl}/v2/workflows/logs${query}`, { headers: h() });
	return {
		status: response.status,
		page: response.status === 200 ? WorkflowRunsPage.parse(response.json()) : undefined,
		text: response.text,
	};
}

beforeAll(async () => {
	fx = await startSdkFixture();
	sink = await startSink();
	// A plan whose messages are small: a run's history soon outgrows a message.
	small = await startSdkFixture({ limits: { max_message_size: 1500 } });
	const parent = createWorkflow(async (context) => {
		const answer = await context.invoke('ask the child', {
			workflow: child,
			body: { n: (context.requestPayload as { n: number }).n },
		});
		return await context.run('after', () => answer);
	}, serveOptions(fx.service));
	const child = createWorkflow(
		async (context) => await context.run('double', () => (context.requestPayload as { n: number }).n * 2),
		serveOptions(fx.service),
	);
	const flows = serveMany({ parent, child });
	app = await startWorkflowApp({
		'/flows/parent': (request) => flows({ req: { url: request.url, raw: request } } as never),
		'/flows/child': (request) => flows({ req: { url: request.url, raw: request } } as never),
		'/big': serve(async (context) => {
			let total = 0;
			for (let i = 0; i < 4; i++) total += (await context.run(`chunk ${i}`, () => 'x'.repeat(400))).length;
			return total;
		}, serveOptions(small.service)).handler,
	});
	workflow = new WorkflowClient({ baseUrl: fx.service.queueUrl, token: fx.service.token, retry: false });
});

afterAll(async () => {
	await app.close();
	await sink.close();
	await small.close();
	await fx.close();
});

describe('workflow run logs', () => {
	it('lists runs newest first and filters them by id, URL, state, label and creation', async () => {
		const a = await start('/a', { 'Upstash-Label': 'blue' });
		const b = await start('/b');
		const c = await start('/a');
		const all = await logs('?count=100');
		const ids = all.page!.runs.map((r) => r.workflowRunId);
		expect(ids.indexOf(c)).toBeLessThan(ids.indexOf(b));
		expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));

		expect((await logs(`?workflowRunId=${a}`)).page!.runs.map((r) => r.workflowRunId)).toEqual([a]);
		expect(
			(await logs(`?workflowUrl=${encodeURIComponent(`${sink.url}/a`)}`)).page!.runs.map(
				(r) => r.workflowRunId,
			),
		).toEqual([c, a]);
		// A URL filter of the logs is exact: a prefix matches nothing.
		expect((await logs(`?workflowUrl=${encodeURIComponent(`${sink.url}/`)}`)).page!.runs).toEqual([]);
		expect((await logs('?label=blue')).page!.runs.map((r) => r.workflowRunId)).toEqual([a]);
		const run = all.page!.runs.find((r) => r.workflowRunId === b)!;
		expect(
			(await logs(`?workflowRuns=${b}@${run.workflowRunCreatedAt}`)).page!.runs.map((r) => r.workflowRunId),
		).toEqual([b]);
		expect((await logs(`?state=RUN_STARTED&workflowRunId=${a}`)).page!.runs).toHaveLength(1);
		expect((await logs(`?state=RUN_SUCCESS&workflowRunId=${a}`)).page!.runs).toHaveLength(0);
		// A run waiting for its first call is a step in progress.
		expect((await logs(`?state=STEP_PROGRESS&workflowRunId=${a}`)).page!.runs).toHaveLength(1);
	});

	it('pages with a cursor, and refuses what it does not know', async () => {
		for (let i = 0; i < 3; i++) await start('/paged', { 'Upstash-Label': 'paged' });
		const first = await logs('?label=paged&count=2');
		expect(first.page!.runs).toHaveLength(2);
		expect(first.page!.cursor).toEqual(expect.any(String));
		const second = await logs(`?label=paged&count=2&cursor=${encodeURIComponent(first.page!.cursor!)}`);
		expect(second.page!.runs).toHaveLength(1);
		expect(second.page!.cursor).toBeUndefined();
		const seen = [...first.page!.runs, ...second.page!.runs].map((r) => r.workflowRunId);
		expect(new Set(seen).size).toBe(3);

		for (const [query, wanted] of [
			['?sate=RUN_STARTED', 'unknown parameter "sate"'],
			['?state=SLEEPY', 'state: expected one of'],
			['?cursor=nope', 'cursor'],
			['?groupBy=messageId', 'groupBy'],
			['?count=0', 'count'],
		] as const) {
			const refused = await logs(query);
			expect(refused.status, query).toBe(400);
			expect((JSON.parse(refused.text) as { error: string }).error, query).toContain(wanted);
		}
	});
});

describe('cancelling runs', () => {
	it('cancels by URL prefix (or exactly), by label, up to a count, and refuses a misspelt filter', async () => {
		const x1 = await start('/cancel/x1');
		const x2 = await start('/cancel/x2', { 'Upstash-Label': 'red' });
		const y = await start('/cancel-y');
		const cancel = (query: string) =>
			raw(`${fx.service.queueUrl}/v2/workflows/runs${query}`, { method: 'DELETE', headers: h() });
		const misspelt = await cancel('?workflowURL=x');
		expect(misspelt.status).toBe(400);
		expect(fx.service.context.runs.get(x1)!.state).toBe('RUN_STARTED');

		expect(
			(
				await cancel(`?workflowUrl=${encodeURIComponent(`${sink.url}/cancel/x`)}&workflowUrlExactMatch=true`)
			).json(),
		).toEqual({ cancelled: 0 });
		expect((await cancel(`?label=red`)).json()).toEqual({ cancelled: 1 });
		expect(fx.service.context.runs.get(x2)!.state).toBe('RUN_CANCELED');
		expect((await cancel(`?workflowUrl=${encodeURIComponent(`${sink.url}/cancel`)}&count=1`)).json()).toEqual(
			{ cancelled: 1 },
		);
		const left = [x1, y].filter((id) => fx.service.context.runs.get(id)!.state === 'RUN_STARTED');
		expect(left).toHaveLength(1);
		expect((await cancel(`?workflowRunIds=${left[0]}`)).json()).toEqual({ cancelled: 1 });
		// Nothing of the cancelled runs is left to deliver.
		expect(
			[...fx.service.context.engine.messages.values()].filter((m) =>
				[x1, x2, y].includes(m.workflowRunId ?? ''),
			),
		).toEqual([]);
	});

	it('says 404 for a run it does not know and 400 for cancelling one that has ended', async () => {
		const id = await start('/once');
		const one = (runId: string) =>
			raw(`${fx.service.queueUrl}/v2/workflows/runs/${runId}`, { method: 'DELETE', headers: h() });
		expect((await one(id)).status).toBe(200);
		const again = await one(id);
		expect(again.status).toBe(400);
		expect(again.json()).toEqual({ error: expect.stringContaining('already ended (RUN_CANCELED)') });
		expect((await one('wfr_never')).status).toBe(404);
		// The end the SDK sends (cancel=false) is done whenever it comes, and leaves the run as it ended.
		const end = await raw(`${fx.service.queueUrl}/v2/workflows/runs/${id}?cancel=false`, {
			method: 'DELETE',
			headers: h(),
			body: '"late result"',
		});
		expect(end.status).toBe(200);
		expect(fx.service.context.runs.get(id)).toMatchObject({ state: 'RUN_CANCELED' });
		expect(fx.service.context.runs.get(id)!.response).toBeUndefined();
		// A step for a run that ended is refused the way the SDK reads it (400: exit quietly).
		const step = await raw(`${fx.service.queueUrl}/v2/batch`, {
			method: 'POST',
			headers: h({ 'content-type': 'application/json' }),
			body: JSON.stringify([
				{
					destination: `${sink.url}/once`,
					headers: { 'Upstash-Workflow-RunId': id, 'Upstash-Workflow-Init': 'false' },
					body: '{}',
				},
			]),
		});
		expect(step.status).toBe(400);
		expect(step.json()).toEqual({ error: expect.stringContaining('has ended') });
		const steps = await raw(`${fx.service.queueUrl}/v2/workflows/runs/${id}`, { headers: h() });
		expect(steps.status).toBe(404);
	});
});

describe('events', () => {
	it('refuses a wait or a notify that cannot be right', async () => {
		const id = await start('/events');
		const wait = (eventId: string, body: unknown, runId = id) =>
			raw(`${fx.service.queueUrl}/v2/wait/${eventId}`, {
				method: 'POST',
				headers: h({ 'content-type': 'application/json', 'Upstash-Workflow-RunId': runId }),
				body: JSON.stringify(body),
			});
		const step = { stepId: 1, stepName: 'wait', stepType: 'Wait', concurrent: 1 };
		expect((await wait('e', { url: `${sink.url}/events`, timeout: 'soon', step })).status).toBe(400);
		expect((await wait('e', { timeout: '1s', step })).status).toBe(400);
		expect((await wait('e', { url: `${sink.url}/events`, timeout: '1s', step }, 'wfr_never')).status).toBe(
			404,
		);
		const ok = await wait('e', { url: `${sink.url}/events`, timeout: '1h', step });
		expect(ok.status).toBe(200);
		const waiters = await raw(`${fx.service.queueUrl}/v2/waiters/e`, { headers: h() });
		expect(waiters.json()).toEqual([expect.objectContaining({ url: `${sink.url}/events` })]);
		const notifyRun = await raw(`${fx.service.queueUrl}/v2/notify/wfr_never/e`, {
			method: 'POST',
			headers: h(),
			body: 'x',
		});
		expect(notifyRun.status).toBe(404);
		const tooDeep = await raw(`${fx.service.queueUrl}/v2/notify/a/b/c`, {
			method: 'POST',
			headers: h(),
			body: 'x',
		});
		expect(tooDeep.status).toBe(400);
		// Cancelling the run ends its wait.
		await raw(`${fx.service.queueUrl}/v2/workflows/runs/${id}`, { method: 'DELETE', headers: h() });
		expect((await raw(`${fx.service.queueUrl}/v2/waiters/e`, { headers: h() })).json()).toEqual([]);
	});
});

describe('runs the SDK drives in other ways', () => {
	it('carries a run too large for a body by letting the SDK fetch its steps', async () => {
		const client = new WorkflowClient({
			baseUrl: small.service.queueUrl,
			token: small.service.token,
			retry: false,
		});
		const { workflowRunId } = await client.trigger({ url: `${app.url}/big` });
		const run = await waitUntil(() => {
			const found = small.service.context.runs.get(workflowRunId);
			return found && found.state !== 'RUN_STARTED' ? found : undefined;
		}, 15_000);
		expect(run.state).toBe('RUN_SUCCESS');
		expect(run.response).toBe('1600');
		const calls = app.callsOf('/big');
		// The last calls came without a body: the SDK fetched the steps itself.
		expect(calls.some((c) => c.body === '')).toBe(true);
		expect(calls.every((c) => c.status === 200 || c.status === 0)).toBe(true);
	});

	it('starts a run from another with context.invoke and hands its result back', async () => {
		const { workflowRunId } = await workflow.trigger({ url: `${app.url}/flows/parent`, body: { n: 21 } });
		const run = await waitUntil(() => {
			const found = fx.service.context.runs.get(workflowRunId);
			return found && found.state !== 'RUN_STARTED' ? found : undefined;
		}, 15_000);
		expect(run.state).toBe('RUN_SUCCESS');
		expect(JSON.parse(run.response!)).toEqual({ body: 42, isFailed: false, isCanceled: false });
		const child = fx.service.context.runs
			.newestFirst()
			.find((r) => r.invoker?.workflowRunId === workflowRunId)!;
		expect(child.url).toBe(`${app.url}/flows/child`);
		expect(child.state).toBe('RUN_SUCCESS');
	});
});

/** A sink that holds what it is told as JSON, as the journal would write it. */
function memorySink<T>() {
	const records = new Map<string, string>();
	return {
		records,
		sink: {
			put: (key: string, value: T) => records.set(key, JSON.stringify(value)),
			delete: (key: string) => records.delete(key),
			clear: () => records.clear(),
		},
		kept: () =>
			[...records]
				.sort(([a], [b]) => (a < b ? -1 : 1))
				.map(([key, text]) => [key, JSON.parse(text) as T] as [string, T]),
	};
}

describe('the stores of runs and waiters', () => {
	it('keep each record as plain data through their sinks, and restore from them', () => {
		const runs = memorySink<RunRecord>();
		const entries = memorySink<RunEntry>();
		const store = new WorkflowRunStore({ runs: runs.sink, entries: entries.sink });
		for (const run of fx.service.context.runs.newestFirst().reverse()) store.add(structuredClone(run));
		// Kept without their histories: each entry is kept on its own.
		expect(runs.kept().every(([, run]) => run.entries === undefined)).toBe(true);
		const copy = new WorkflowRunStore();
		copy.restore(
			runs.kept().map(([, run]) => run),
			entries.kept(),
		);
		expect(copy.newestFirst()).toEqual(store.newestFirst());
		const someMessage = store.newestFirst()[0]!.entries[0]!.messageId;
		expect(copy.byMessageId(someMessage)?.id).toBe(store.byMessageId(someMessage)?.id);

		const waiterSink = memorySink<WaiterRecord>();
		const notifications = memorySink<KeptNotification>();
		const waiters = new WaiterStore({ waiters: waiterSink.sink, notifications: notifications.sink });
		waiters.add({
			id: 'r:1:e',
			eventId: 'e',
			runId: 'r',
			url: 'http://x',
			timeoutUrl: 'http://x',
			timeout: '1s',
			deadline: 5,
			headers: {},
			step: { stepId: 1 },
			createdAt: 1,
		});
		for (const [eventId, data] of [
			['f', 'eA=='],
			['f', 'eQ=='],
			['g', 'eg=='],
		])
			waiters.keep({ runId: 'r', eventId: eventId!, data: data!, createdAt: 2 });
		expect(waiters.take('r', 'g')?.data).toBe('eg==');
		const later = memorySink<KeptNotification>();
		const restored = new WaiterStore({ waiters: memorySink<WaiterRecord>().sink, notifications: later.sink });
		restored.restore(
			waiterSink.kept().map(([, waiter]) => waiter),
			notifications.kept(),
		);
		expect(restored.all()).toEqual(waiters.all());
		expect(restored.take('r', 'f')?.data).toBe('eA==');
		expect(restored.take('r', 'f')?.data).toBe('eQ==');
		expect(restored.take('r', 'g')).toBeUndefined();
		// The numbering goes on after the kept one: a new notification sorts after every kept one.
		restored.keep({ runId: 'r', eventId: 'h', data: 'aA==', createdAt: 3 });
		const [newKey] = [...later.records.keys()];
		expect(notifications.kept().every(([key]) => key < newKey!)).toBe(true);
	});
});
