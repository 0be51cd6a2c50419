/**
 * Workflow triggers: batch and single, run ids, deduplication of runs. A run's first call
 * carries its steps so far as the workflow SDK reads them: the initial payload, base64.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conformant } from '../support/conformance.js';
import { type Fixture, raw, type Sink, startFixture, startSink } from './helpers.js';

/** The initial payload in the body of a run's first call. */
function initialPayload(body: Buffer): string {
	const steps = JSON.parse(body.toString()) as { body: string; callType: string }[];
	expect(steps).toHaveLength(1);
	expect(steps[0]!.callType).toBe('step');
	return Buffer.from(steps[0]!.body, 'base64').toString();
}

let fx: Fixture;
let sink: Sink;

beforeEach(async () => {
	fx = await startFixture();
	sink = await startSink();
});

afterEach(async () => {
	await fx.close();
	await sink.close();
});

describe('workflow triggers', () => {
	it('starts one run per item, each a message carrying its run id and creation time', async () => {
		const before = Date.now();
		const results = await conformant(fx.client).batchTrigger([
			{ destination: `${sink.url}/wf1`, body: '{"step":1}', headers: { 'Content-Type': 'application/json' } },
			{
				destination: `${sink.url}/wf2`,
				headers: { 'Svc-Workflow-RunId': 'wfr_given', 'Svc-Forward-X-A': 'a' },
			},
		]);
		expect(results).toHaveLength(2);
		expect(results[0]!.workflowRunId).toMatch(/^wfr_[A-Za-z0-9]+$/);
		expect(results[1]).toMatchObject({ workflowRunId: 'wfr_given', deduplicated: false });
		expect(results[0]!.workflowCreatedAt).toBeGreaterThanOrEqual(before);
		const got = await sink.waitFor(2);
		const first = got.find((r) => r.url === '/wf1')!;
		const second = got.find((r) => r.url === '/wf2')!;
		expect(initialPayload(first.body)).toBe('{"step":1}');
		expect(first.headers['content-type']).toBe('application/json');
		expect(first.headers['svc-workflow-runid']).toBe(results[0]!.workflowRunId);
		expect(first.headers['svc-workflow-createdat']).toBe(String(results[0]!.workflowCreatedAt));
		expect(second.headers['svc-workflow-runid']).toBe('wfr_given');
		expect(second.headers['x-a']).toBe('a');
		expect(second.headers['svc-signature']).toBeTruthy();
	});

	it('does not start a run id the account already has', async () => {
		const [first] = await conformant(fx.client).batchTrigger([
			{ destination: `${sink.url}/wf`, headers: { 'Svc-Workflow-RunId': 'wfr_once' } },
		]);
		await sink.waitFor(1);
		const again = await conformant(fx.client).batchTrigger([
			{ destination: `${sink.url}/wf`, headers: { 'Svc-Workflow-RunId': 'wfr_once' } },
			{ destination: `${sink.url}/wf` },
		]);
		expect(again[0]).toEqual({
			workflowRunId: 'wfr_once',
			workflowCreatedAt: first!.workflowCreatedAt,
			deduplicated: true,
		});
		expect(again[1]!.deduplicated).toBe(false);
		await sink.waitFor(2);
		const single = await conformant(fx.client).trigger(`${sink.url}/wf`, 'x', {
			'Svc-Workflow-RunId': 'wfr_once',
		});
		expect(single).toMatchObject({ workflowRunId: 'wfr_once', deduplicated: true });
	});

	it('refuses a batch with a repeated run id, and starts none of it', async () => {
		const response = await raw(`${fx.service.queueUrl}/v2/batch/trigger`, {
			method: 'POST',
			headers: { authorization: `Bearer ${fx.service.token}`, 'content-type': 'application/json' },
			body: JSON.stringify([
				{ destination: `${sink.url}/a`, headers: { 'Svc-Workflow-RunId': 'wfr_twice' } },
				{ destination: `${sink.url}/b`, headers: { 'Svc-Workflow-RunId': 'wfr_twice' } },
			]),
		});
		expect(response.status).toBe(400);
		expect(response.json()).toEqual({ error: expect.stringContaining('wfr_twice') });
		const later = await conformant(fx.client).batchTrigger([
			{ destination: `${sink.url}/c`, headers: { 'Svc-Workflow-RunId': 'wfr_twice' } },
		]);
		expect(later[0]!.deduplicated).toBe(false);
	});

	it('refuses malformed batches with 400 naming the item', async () => {
		const url = `${fx.service.queueUrl}/v2/batch/trigger`;
		const headers = { authorization: `Bearer ${fx.service.token}`, 'content-type': 'application/json' };
		for (const body of [
			'{"destination": "x"}',
			'[{"body": "no destination"}]',
			'[{"destination": "not a url"}]',
			`[{"destination": "${sink.url}", "headers": {"Svc-Retries": "many"}}]`,
			'[oops',
		]) {
			const response = await raw(url, { method: 'POST', headers, body });
			expect(response.status, body).toBe(400);
			expect(response.json()).toEqual({ error: expect.any(String) });
		}
		expect(sink.received).toHaveLength(0);
	});

	it('triggers a single run with the body and configuration of the request', async () => {
		const result = await conformant(fx.client).trigger(`${sink.url}/single?x=1`, 'single body', {
			'Svc-Forward-X-B': 'b',
			'content-type': 'text/plain',
		});
		expect(result.workflowRunId).toMatch(/^wfr_/);
		const [got] = await sink.waitFor(1);
		expect(got!.url).toBe('/single?x=1');
		expect(initialPayload(got!.body)).toBe('single body');
		expect(got!.headers['svc-workflow-sdk-version']).toBe('1');
		expect(got!.headers['x-b']).toBe('b');
		expect(got!.headers['svc-workflow-runid']).toBe(result.workflowRunId);
	});
});
