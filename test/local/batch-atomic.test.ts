/**
 * A batch is acted on whole or not at all: `/v2/batch` (plain items and the workflow SDK's
 * items marked `<prefix>Workflow-Init`) and `/v2/batch/trigger` check every item before any
 * is accepted, so a bad item late in the batch leaves no message delivered, no run started
 * and no queue created by the items before it.
 */
import { Client as WorkflowClient } from '@upstash/workflow';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
	bearer,
	type Fixture,
	failure,
	raw,
	type Sink,
	startFixture,
	startSdkFixture,
	startSink,
} from './helpers.js';

let fx: Fixture;
let sink: Sink;

beforeEach(async () => {
	fx = await startFixture({ limits: { max_queues: 1 } });
	sink = await startSink();
});
afterEach(async () => {
	await fx.close();
	await sink.close();
});

async function post(path: string, items: unknown[]) {
	const answer = await raw(`${fx.service.queueUrl}${path}`, {
		method: 'POST',
		headers: { ...bearer(fx.service), 'content-type': 'application/json' },
		body: JSON.stringify(items),
	});
	return { status: answer.status, error: (answer.json() as { error?: string }).error ?? '' };
}

/** Nothing any refused batch could have left behind. */
async function expectNothingDone(): Promise<void> {
	expect(fx.service.context.engine.messages.size).toBe(0);
	expect(fx.service.context.runs.newestFirst()).toHaveLength(0);
	expect(fx.service.context.queues.list()).toHaveLength(0);
	// Deliveries already started would have reached the sink by the time a later publish does.
	const probe = await raw(`${fx.service.queueUrl}/v2/publish/${sink.url}/probe`, {
		method: 'POST',
		headers: bearer(fx.service),
		body: 'probe',
	});
	expect(probe.status).toBe(200);
	await sink.waitFor(sink.received.length + 1);
	expect(sink.received.map((r) => r.url)).toEqual(sink.received.map(() => '/probe'));
}

const init = (runId: string) => ({
	'Svc-Workflow-Init': 'true',
	'Svc-Workflow-RunId': runId,
	'Svc-Workflow-Sdk-Version': '1',
});

describe('a batch with a bad item', () => {
	it('/v2/batch: publishes nothing and starts no run when a later run id has a control character', async () => {
		const answer = await post('/v2/batch', [
			{ destination: `${sink.url}/first`, body: 'first' },
			{ destination: `${sink.url}/run`, headers: init('wfr_fine'), body: '{}' },
			{ destination: `${sink.url}/run`, headers: init('wfr_bad\u0001id'), body: '{}' },
		]);
		expect(answer.status).toBe(400);
		expect(answer.error).toMatch(/^items\[2\]: /);
		await expectNothingDone();
	});

	it('the workflow SDK’s trigger of several runs: starts none when one run id has a control character', async () => {
		await fx.close();
		fx = await startSdkFixture();
		const client = new WorkflowClient({
			baseUrl: fx.service.queueUrl,
			token: fx.service.token,
			retry: false,
		});
		const refused = await failure(
			client.trigger([
				{ url: `${sink.url}/one`, workflowRunId: 'fine' },
				{ url: `${sink.url}/two`, workflowRunId: 'bad\u0001' },
			]),
		);
		expect(refused.message).toMatch(/items\[1\]: .*control characters/);
		await expectNothingDone();
	});

	it('/v2/batch: starts nothing when a later invoke carries a body that is not JSON', async () => {
		const answer = await post('/v2/batch', [
			{ destination: `${sink.url}/first`, body: 'first' },
			{
				destination: `${sink.url}/run`,
				headers: { ...init('wfr_invoked'), 'Svc-Workflow-Invoke': 'true' },
				body: 'not json',
			},
		]);
		expect(answer.status).toBe(400);
		expect(answer.error).toMatch(/^items\[1\]: /);
		await expectNothingDone();
	});

	it('/v2/batch: creates no queue when the plan has room for fewer than the batch names', async () => {
		const answer = await post('/v2/batch', [
			{ destination: `${sink.url}/a`, queue: 'first-queue' },
			{ destination: `${sink.url}/b`, queue: 'second-queue' },
		]);
		expect(answer.status).toBe(412);
		expect(answer.error).toMatch(/^items\[1\]: .*max_queues/);
		await expectNothingDone();
	});

	it('/v2/batch/trigger: starts no run when a later run id has a control character', async () => {
		const answer = await post('/v2/batch/trigger', [
			{ destination: `${sink.url}/one`, headers: { 'Svc-Workflow-RunId': 'wfr_one' } },
			{ destination: `${sink.url}/two`, headers: { 'Svc-Workflow-RunId': 'wfr_two\u007f' } },
		]);
		expect(answer.status).toBe(400);
		expect(answer.error).toMatch(/^items\[1\]: /);
		await expectNothingDone();
	});

	it('/v2/batch/trigger: starts no run when a later invoke carries a body that is not JSON', async () => {
		const answer = await post('/v2/batch/trigger', [
			{ destination: `${sink.url}/one` },
			{ destination: `${sink.url}/two`, headers: { 'Svc-Workflow-Invoke': 'true' }, body: '{' },
		]);
		expect(answer.status).toBe(400);
		expect(answer.error).toMatch(/^items\[1\]: /);
		await expectNothingDone();
	});
});
