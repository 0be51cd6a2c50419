/**
 * `mqtop workflows` end to end: the built CLI as a child process against `mqtop serve
 * --dialect deployed`, with runs driven by real workflow SDK routes on loopback.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client as WorkflowClient } from '@upstash/workflow';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { dialectPresets } from '../../source/api/dialect.js';
import { maskText } from '../../source/text/mask.js';
import { listen, type TestServer } from '../support/http-server.js';
import { waitUntil } from '../support/wait.js';
import { serve, serveOptions, startWorkflowApp, type WorkflowApp } from '../support/workflow-app.js';
import { assertBuilt, baseEnv, runCli, type Served, startServe } from './child.js';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let home: string;
let served: Served;
let app: WorkflowApp;
let api: TestServer;
let client: MqClient;
let workflow: WorkflowClient;
let info: { queueUrl: string; token: string; currentSigningKey: string; nextSigningKey: string };

const env = () =>
	baseEnv(home, { MQTOP_QUEUE_URL: info.queueUrl, MQTOP_TOKEN: info.token, MQTOP_DIALECT: 'deployed' });
const cli = (...args: string[]) => runCli(args, { env: env() });

async function ended(id: string) {
	return waitUntil(
		async () => {
			const { data } = await client.workflows.run(id);
			return data && data.workflowState !== 'RUN_STARTED' ? data : undefined;
		},
		20_000,
		`run ${id} did not end`,
	);
}

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-workflows-'));
	served = await startServe(baseEnv(home), ['--dialect', 'deployed']);
	info = served.info as typeof info;
	api = await listen((_req, res) => {
		res.setHeader('content-type', 'application/json');
		res.end('{"ok":true}');
	});
	const options = serveOptions(info);
	app = await startWorkflowApp({
		'/ok': serve(async (context) => {
			const answer = await context.call('check', {
				url: `${api.url}/check`,
				headers: { authorization: 'Bearer secret-value-123' },
			});
			return await context.run('done', () => answer.status);
		}, options).handler,
		'/fails': serve(async (context) => {
			await context.run('boom', () => {
				throw new Error('kaput');
			});
		}, options).handler,
		'/waits': serve(async (context) => {
			const { eventData } = await context.waitForEvent('wait for payment', 'evt-cli', { timeout: 60 });
			return await context.run('after', () => eventData);
		}, options).handler,
	});
	client = new MqClient({
		queueUrl: info.queueUrl,
		managementUrl: info.queueUrl,
		token: info.token,
		email: '',
		apiKey: '',
		dialect: dialectPresets.deployed,
		timeoutMs: 5000,
	});
	workflow = new WorkflowClient({ baseUrl: info.queueUrl, token: info.token, retry: false });
});

afterAll(async () => {
	await app?.close();
	await api?.close();
	await served?.stop();
});

describe('mqtop workflows', () => {
	it('lists runs newest first, shows one with its steps, notifies a waiting one and cancels another', async () => {
		const ok = await workflow.trigger({ url: `${app.url}/ok` });
		const failed = await workflow.trigger({ url: `${app.url}/fails`, retries: 0 });
		const waiting = await workflow.trigger({ url: `${app.url}/waits` });
		expect((await ended(ok.workflowRunId)).workflowState).toBe('RUN_SUCCESS');
		expect((await ended(failed.workflowRunId)).workflowState).toBe('RUN_FAILED');
		await waitUntil(async () =>
			(await client.workflows.waiters('evt-cli')).data.length === 1 ? true : undefined,
		);

		const list = await cli('workflows', 'list');
		expect(list.code, list.stderr).toBe(0);
		const lines = list.stdout.split('\n');
		const row = (id: string) => lines.find((line) => line.startsWith(id)) ?? '';
		expect(lines[0]).toMatch(/^run\s+state\s+steps\s+current step\s+started\s+took\s+failure/);
		expect(lines.indexOf(row(waiting.workflowRunId))).toBeLessThan(lines.indexOf(row(ok.workflowRunId)));
		expect(row(ok.workflowRunId)).toMatch(/success\s+2\s/);
		// Took as the TUI says it: to the millisecond under a second, then to a tenth (2.1s, never 3s for 2.089 s).
		expect(row(ok.workflowRunId)).toMatch(/\s(\d+ms|\d+\.\ds)(\s|$)/);
		expect(row(failed.workflowRunId)).toMatch(/failed\s+0\s.*boom: HTTP 500: kaput · no failure function$/);
		expect(row(waiting.workflowRunId)).toMatch(/running\s+0\s+wait for payment: waiting for evt-cli until/);

		const json = await cli('workflows', 'list', '--state', 'failed', '--json');
		expect(JSON.parse(json.stdout).map((r: { workflowRunId: string }) => r.workflowRunId)).toEqual([
			failed.workflowRunId,
		]);

		const show = await cli('workflows', 'show', ok.workflowRunId);
		expect(show.code, show.stderr).toBe(0);
		expect(show.stdout).toMatch(/state\s+success/);
		expect(show.stdout).toMatch(/check\s+Call\s+done\s+\d\d:\d\d:\d\d\.\d{3}\s+\+\d+(ms|\.\ds)/);
		expect(show.stdout).toContain(`GET ${api.url}/check`);
		expect(show.stdout).toMatch(new RegExp(`authorization: ${maskText}`, 'i'));
		expect(show.stdout).not.toContain('secret-value-123');
		expect(show.stdout).toContain('out HTTP 200');
		expect(show.stdout).toContain('{"ok":true}');

		const showFailed = await cli('workflows', 'show', failed.workflowRunId);
		expect(showFailed.stdout).toMatch(/failure\s+boom: HTTP 500: kaput/);
		expect(showFailed.stdout).toMatch(/→ boom\s+failed/);
		expect(showFailed.stdout).toContain('err HTTP 500: kaput');

		const waiters = await cli('workflows', 'waiters', 'evt-cli');
		expect(waiters.stdout).toMatch(/^run\s+workflow url\s+until/);
		expect(waiters.stdout).toMatch(new RegExp(`\n${waiting.workflowRunId} +${app.url}/waits `));
		const notified = await cli('workflows', 'notify', 'evt-cli', '--data', '{"paid":true}');
		expect(notified.code, notified.stderr).toBe(0);
		expect(notified.stdout).toContain(`notified ${waiting.workflowRunId}`);
		const released = await ended(waiting.workflowRunId);
		expect(released.workflowRunResponse).toBe('{"paid":true}');

		const again = await workflow.trigger({ url: `${app.url}/waits` });
		await waitUntil(async () =>
			(await client.workflows.waiters('evt-cli')).data.length === 1 ? true : undefined,
		);
		const cancel = await cli('workflows', 'cancel', again.workflowRunId);
		expect(cancel.code, cancel.stderr).toBe(0);
		expect(cancel.stdout).toBe('cancelled 1 workflow run\n');
		expect((await ended(again.workflowRunId)).workflowState).toBe('RUN_CANCELED');
		const twice = await cli('workflows', 'cancel', again.workflowRunId);
		expect(twice.code).toBe(1);
		expect(twice.stderr).toContain('has already ended');
	});

	it('says what is wrong: an unknown run, a bad state, nothing to cancel', async () => {
		const unknown = await cli('workflows', 'show', 'wfr_nope');
		expect(unknown.code).toBe(1);
		const said = 'no workflow run "wfr_nope" (it may be older than the logs keep)';
		expect(unknown.stderr).toBe(`mqtop: ${said}\n`);
		const json = await cli('workflows', 'show', 'wfr_nope', '--json');
		expect(json.code).toBe(1);
		expect(json.stdout).toBe('');
		expect(JSON.parse(json.stderr)).toEqual({ error: said, exitCode: 1 });
		const state = await cli('workflows', 'list', '--state', 'sleepy');
		expect(state.code).toBe(2);
		expect(state.stderr).toContain('--state');
		const nothing = await cli('workflows', 'cancel');
		expect(nothing.code).toBe(2);
		const notFound = await cli('workflows', 'cancel', 'wfr_nope');
		expect(notFound.code).toBe(1);
		expect(notFound.stderr).toContain('not found');
	});
});
