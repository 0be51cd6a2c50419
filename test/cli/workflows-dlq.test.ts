/**
 * `mqtop workflows dlq` end to end: the built CLI as a child process against `mqtop serve
 * --dialect deployed`, with failed runs of a real workflow SDK route on loopback: listed,
 * shown, resumed from the failed step (the first step is not run again), restarted, deleted,
 * and their failure callback called again.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client as WorkflowClient } from '@upstash/workflow';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { dialectPresets } from '../../source/api/dialect.js';
import { waitUntil } from '../support/wait.js';
import { serve, serveOptions, startWorkflowApp, type WorkflowApp } from '../support/workflow-app.js';
import { assertBuilt, baseEnv, runCli, type Served, startServe } from './child.js';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let home: string;
let served: Served;
let app: WorkflowApp;
let client: MqClient;
let workflow: WorkflowClient;
let info: { queueUrl: string; token: string; currentSigningKey: string; nextSigningKey: string };
const ran = new Map<string, string[]>();
const broken = new Set<string>();

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

/** A run of /fixable whose second step fails; its dead letter's id once it is there. */
async function failedRun(payload: string): Promise<string> {
	broken.add(payload);
	const { workflowRunId } = await workflow.trigger({ url: `${app.url}/fixable`, body: payload, retries: 0 });
	expect((await ended(workflowRunId)).workflowState).toBe('RUN_FAILED');
	return waitUntil(async () => (await client.workflows.run(workflowRunId)).data?.dlqId, 20_000);
}

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-workflows-dlq-'));
	served = await startServe(baseEnv(home), ['--dialect', 'deployed']);
	info = served.info as typeof info;
	app = await startWorkflowApp({
		'/fixable': serve(async (context) => {
			const payload = String(context.requestPayload);
			const note = (step: string) => ran.set(payload, [...(ran.get(payload) ?? []), step]);
			await context.run('first', () => note('first'));
			await context.run('second', () => {
				note('second');
				if (broken.has(payload)) throw new Error('not fixed yet');
			});
		}, serveOptions(info)).handler,
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
	await served?.stop();
});

describe('mqtop workflows dlq', () => {
	it('lists and shows failed runs, resumes one from the failed step, restarts another, deletes the rest', async () => {
		const resumeId = await failedRun('cli-resume');
		const restartId = await failedRun('cli-restart');
		const deleteId = await failedRun('cli-delete');

		const list = await cli('workflows', 'dlq', 'list');
		expect(list.code, list.stderr).toBe(0);
		expect(list.stdout).toMatch(/^dlq id\s+run\s+workflow url\s+failed\s+status\s+failure callback/);
		expect(list.stdout).toContain(resumeId);
		const json = JSON.parse((await cli('workflows', 'dlq', 'list', '--json')).stdout);
		expect(json.messages.map((m: { dlqId: string }) => m.dlqId)).toEqual(
			expect.arrayContaining([resumeId, restartId, deleteId]),
		);
		const show = await cli('workflows', 'dlq', 'show', resumeId);
		expect(show.stdout).toMatch(/status\s+500/);
		expect(show.stdout).toContain(`${app.url}/fixable`);

		broken.delete('cli-resume');
		const resumed = await cli('workflows', 'dlq', 'resume', resumeId, '--retries', '2', '--json');
		expect(resumed.code, resumed.stderr).toBe(0);
		const [run] = JSON.parse(resumed.stdout).workflowRuns as { workflowRunId: string }[];
		expect((await ended(run!.workflowRunId)).workflowState).toBe('RUN_SUCCESS');
		expect(ran.get('cli-resume')).toEqual(['first', 'second', 'second']);

		broken.delete('cli-restart');
		const restarted = await cli('workflows', 'dlq', 'restart', restartId);
		expect(restarted.code, restarted.stderr).toBe(0);
		const newId = /restarted as run (\S+)/.exec(restarted.stdout)?.[1];
		expect((await ended(newId!)).workflowState).toBe('RUN_SUCCESS');
		expect(ran.get('cli-restart')).toEqual(['first', 'second', 'first', 'second']);

		const callback = await cli('workflows', 'dlq', 'callback', deleteId);
		expect(callback.code).not.toBe(0);
		expect(callback.stderr).toContain('only one that failed is retried');

		const refused = await cli('workflows', 'dlq', 'delete');
		expect(refused.code).toBe(2);
		expect(refused.stderr).toContain('give dlq ids, a filter or --all');
		const deleted = await cli('workflows', 'dlq', 'delete', '--all', '--json');
		expect(JSON.parse(deleted.stdout)).toEqual({ deleted: 1 });
		expect((await cli('workflows', 'dlq', 'list')).stdout).toContain('no failed workflow runs');
	});
});
