/**
 * Workflow webhooks end to end with the official SDK: a `serve()` route of `@upstash/workflow`
 * makes a webhook (`createWebhook`), waits for it (`waitForWebhook`), and a plain HTTP request
 * to the URL it was handed resumes it with that request, or the wait times out.
 */
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
import { type Fixture, startSdkFixture } from './helpers.js';

let fx: Fixture;
let app: WorkflowApp;
let workflow: WorkflowClient;

/** The webhook URL each run was handed, by run id. */
const urls = new Map<string, string>();

interface Heard {
	timeout: boolean;
	method?: string;
	url?: string;
	body?: string;
	signal?: string | null;
	type?: string | null;
}

const routes: Record<string, RouteFunction> = {
	'/hook': async (context) => {
		const { timeout } = context.requestPayload as { timeout: `${bigint}s` };
		const hook = await context.createWebhook('make a webhook');
		urls.set(context.workflowRunId, hook.webhookUrl);
		const got = await context.waitForWebhook('wait for the call', hook, timeout);
		const heard: Heard = got.timeout
			? { timeout: true }
			: {
					timeout: false,
					method: got.request.method,
					url: got.request.url,
					body: await got.request.text(),
					signal: got.request.headers.get('x-signal'),
					type: got.request.headers.get('content-type'),
				};
		return await context.run('after', () => heard);
	},
};

function runOf(id: string): RunRecord | undefined {
	return fx.service.context.runs.get(id);
}

async function finished(id: string): Promise<RunRecord> {
	return waitUntil(
		() => {
			const run = runOf(id);
			return run && run.state !== 'RUN_STARTED' ? run : undefined;
		},
		20_000,
		() => `run ${id} is ${runOf(id)?.state ?? 'unknown'}`,
	);
}

/** The run's webhook URL once the run waits for it. */
async function waitingAt(runId: string): Promise<string> {
	return waitUntil(
		() => (fx.service.context.workflows.waits.isWaiting(runId) ? urls.get(runId) : undefined),
		20_000,
		() => `run ${runId} does not wait for its webhook (URL ${urls.get(runId) ?? 'not made'})`,
	);
}

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

describe('workflow webhooks on the local service', () => {
	it('hands out a token of the deployed shape, whose user id the webhook URL carries', async () => {
		const payload = JSON.parse(Buffer.from(fx.service.token, 'base64').toString('utf8')) as {
			UserID: string;
			Password: string;
		};
		expect(payload.UserID).toBeTruthy();
		expect(payload.Password).toBeTruthy();
		const { workflowRunId } = await workflow.trigger({ url: `${app.url}/hook`, body: { timeout: '60s' } });
		const url = await waitingAt(workflowRunId);
		const prefix = `${fx.service.queueUrl}/v2/workflows/hooks/${payload.UserID}/${workflowRunId}/`;
		expect(url.startsWith(prefix), url).toBe(true);
		expect(url.slice(prefix.length)).toMatch(/^evt_[\w-]+$/);
		await fetch(url, { method: 'PUT', body: 'done' });
		await finished(workflowRunId);
	});

	it('resumes the waiting step with the request that called the URL: method, headers, body, address', async () => {
		const { workflowRunId } = await workflow.trigger({ url: `${app.url}/hook`, body: { timeout: '60s' } });
		const url = await waitingAt(workflowRunId);
		const answer = await fetch(`${url}?status=paid`, {
			method: 'POST',
			headers: { 'x-signal': 'go', 'content-type': 'application/json' },
			body: JSON.stringify({ order: 7 }),
		});
		expect(answer.status).toBe(200);
		expect(await answer.json()).toMatchObject({ workflowRunId });
		const run = await finished(workflowRunId);
		expect(run.state).toBe('RUN_SUCCESS');
		const heard = JSON.parse(run.response!) as Heard;
		expect(heard).toEqual({
			timeout: false,
			method: 'POST',
			url: `${url}?status=paid`,
			body: '{"order":7}',
			signal: 'go',
			type: 'application/json',
		});
	});

	it('times out when nobody calls the URL, and a call after the run ended is refused', async () => {
		const { workflowRunId } = await workflow.trigger({ url: `${app.url}/hook`, body: { timeout: '1s' } });
		const url = await waitingAt(workflowRunId);
		const run = await finished(workflowRunId);
		expect(run.state).toBe('RUN_SUCCESS');
		expect(JSON.parse(run.response!)).toEqual({ timeout: true });
		const late = await fetch(url, { method: 'POST', body: 'too late' });
		expect(late.status).toBe(400);
		expect(await late.text()).toContain('has already ended');
	});

	it("refuses another user's URL, an unknown run and a malformed path, without credentials asked", async () => {
		const base = `${fx.service.queueUrl}/v2/workflows/hooks`;
		const { workflowRunId } = await workflow.trigger({ url: `${app.url}/hook`, body: { timeout: '60s' } });
		const url = await waitingAt(workflowRunId);
		const eventId = url.slice(url.lastIndexOf('/') + 1);
		const stranger = await fetch(`${base}/someone-else/${workflowRunId}/${eventId}`, { method: 'POST' });
		expect(stranger.status).toBe(404);
		const unknown = await fetch(url.replace(workflowRunId, 'wfr_none'), { method: 'POST' });
		expect(unknown.status).toBe(404);
		const short = await fetch(`${base}/only-two/segments`, { method: 'POST' });
		expect(short.status).toBe(400);
		// A body over the message size limit is refused and the run still waits.
		const big = await fetch(url, {
			method: 'POST',
			body: 'x'.repeat(fx.service.context.limits.max_message_size + 1),
		});
		expect(big.status).toBe(413);
		expect(fx.service.context.workflows.waits.isWaiting(workflowRunId)).toBe(true);
		const get = await fetch(url);
		expect(get.status).toBe(200);
		const run = await finished(workflowRunId);
		expect(JSON.parse(run.response!)).toMatchObject({ timeout: false, method: 'GET', body: '' });
	});
});
