/**
 * `mqtop serve --regions` with the workflow SDK in its region migration mode: an app whose
 * environment is what `serve --env` prints (QSTASH_REGION and the per-region variables) serves a
 * workflow with the SDK's `serve()` on loopback; its `Client` triggers it in each region, and
 * each run goes to its end in the region that started it: every call of the route carries that
 * region (Upstash-Region), is verified by the SDK with that region's signing keys, and the steps
 * are published back to that region with its token.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Receiver } from '@upstash/qstash';
import { Client as WorkflowClient } from '@upstash/workflow';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { envVariables, withEnv } from '../support/process-env.js';
import { waitUntil } from '../support/wait.js';
import { type RouteCall, serve, startWorkflowApp, type WorkflowApp } from '../support/workflow-app.js';
import { assertBuilt, baseEnv, runCli, type Served, startServe } from './child.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let home: string;
let served: Served;
let app: WorkflowApp;
let vars: Record<string, string>;
/** What the last step of each run returned, by run id. */
const finished = new Map<string, string>();

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-regions-workflow-'));
	const env = baseEnv(home);
	served = await startServe(env, ['--dialect', 'deployed', '--regions', 'eu-central-1,us-east-1']);
	const printed = await runCli(['serve', '--env'], { env });
	expect(printed.code).toBe(0);
	vars = envVariables(printed.stdout);
	expect(vars.QSTASH_REGION).toBe('EU_CENTRAL_1');
	const handler = serve<{ from: string }>(
		async (context) => {
			const first = await context.run('first', () => `${context.requestPayload.from}:1`);
			await context.sleep('nap', 1);
			const last = await context.run('second', () => `${first}:2`);
			finished.set(context.workflowRunId, last);
			return last;
		},
		// The app's whole environment is what `serve --env` printed: the SDK makes a client and a
		// receiver for each region from it, and picks them by each request's Upstash-Region.
		{ env: { ...vars, UPSTASH_DISABLE_TELEMETRY: '1' } },
	).handler;
	app = await startWorkflowApp({ '/flow': handler });
});

afterAll(async () => {
	await app?.close();
	await served?.stop();
	if (home) await rm(home, { recursive: true, force: true });
});

const runIdOf = (call: RouteCall) => call.headers['upstash-workflow-runid'];

describe('the workflow SDK in region migration mode on mqtop serve --regions', () => {
	it('runs a workflow to its end in each region that triggered it, verified with its keys', async () => {
		const trigger = (region: string, from: string) =>
			withEnv({ ...vars, QSTASH_REGION: region, UPSTASH_DISABLE_TELEMETRY: '1' }, () =>
				new WorkflowClient({}).trigger({ url: `${app.url}/flow`, body: { from }, retries: 0 }),
			);
		const { workflowRunId: euRun } = await trigger('EU_CENTRAL_1', 'eu');
		const { workflowRunId: usRun } = await trigger('US_EAST_1', 'us');

		expect(await waitUntil(() => finished.get(euRun), 60_000, 'the EU run to finish')).toBe('eu:1:2');
		expect(await waitUntil(() => finished.get(usRun), 60_000, 'the US run to finish')).toBe('us:1:2');

		for (const [run, region] of [
			[euRun, 'EU-CENTRAL-1'],
			[usRun, 'US-EAST-1'],
		] as const) {
			const calls = app.calls.filter((call) => runIdOf(call) === run);
			// The first call, each step and the sleep's end: all from the region that started it.
			expect(calls.length).toBeGreaterThanOrEqual(3);
			expect(new Set(calls.map((call) => call.headers['upstash-region']))).toEqual(new Set([region]));
			// Each answered 200 (the last one's answer may still be on its way when the run is done).
			await waitUntil(() => (calls.every((call) => call.status !== 0) ? true : undefined), 30_000);
			expect(calls.map((call) => call.status)).toEqual(calls.map(() => 200));
		}

		// The keys differ: a US call does not verify with the EU keys the SDK would use without the region.
		const usCall = app.calls.find((call) => runIdOf(call) === usRun) as RouteCall;
		const euKeys = new Receiver({
			currentSigningKey: vars.EU_CENTRAL_1_QSTASH_CURRENT_SIGNING_KEY as string,
			nextSigningKey: vars.EU_CENTRAL_1_QSTASH_NEXT_SIGNING_KEY as string,
		});
		await expect(
			euKeys.verify({ signature: usCall.headers['upstash-signature'] as string, body: usCall.body }),
		).rejects.toThrow();

		// Each run is known to its own region only.
		const logsIn = (region: string, run: string) =>
			withEnv({ ...vars, QSTASH_REGION: region, UPSTASH_DISABLE_TELEMETRY: '1' }, () =>
				new WorkflowClient({}).logs({ workflowRunId: run }),
			);
		const euLogs = await waitUntil(async () => {
			const logs = await logsIn('EU_CENTRAL_1', euRun);
			return logs.runs[0]?.workflowState === 'RUN_SUCCESS' ? logs : undefined;
		}, 30_000);
		expect(euLogs.runs).toHaveLength(1);
		expect((await logsIn('EU_CENTRAL_1', usRun)).runs).toHaveLength(0);
		expect((await logsIn('US_EAST_1', euRun)).runs).toHaveLength(0);
	});
});
