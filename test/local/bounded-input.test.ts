/**
 * Bounded input: JSON nested deeper than the local service takes (100 levels of arrays and
 * objects) is refused with 400 naming the limit before anything is kept or started, on every
 * route (a workflow wait, a step, vector metadata); headers past node's limit get 431 naming
 * it. What is kept can be read back and written again: one poisoned request no longer stops
 * every later run from being kept, nor breaks every query or log page after it.
 */

import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { LocalService, LocalServiceOptions } from '../../source/local/service.js';
import { localIndex } from '../../source/local/service-indexes.js';
import { bearer, keptServices, raw } from './helpers.js';

const kept = keptServices('mqtop-bounded-', {});
const start = (dataDir?: string, options?: LocalServiceOptions) => kept.start(dataDir, options);

/** JSON text of an object `levels` deep. */
const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const tooDeep = /nests deeper than 100 levels of arrays and objects, the most the local service takes/;

/** Starts a run that stays in progress (its first call waits an hour). */
async function runInProgress(service: LocalService, runId: string): Promise<void> {
	const answer = await raw(`${service.queueUrl}/v2/trigger/${kept.sink.url}/route`, {
		method: 'POST',
		headers: { ...bearer(service), 'Svc-Workflow-RunId': runId, 'Svc-Delay': '1h' },
		body: '{}',
	});
	expect(answer.status).toBe(200);
}

function step(service: LocalService, runId: string, body: string) {
	return raw(`${service.queueUrl}/v2/publish/${kept.sink.url}/route`, {
		method: 'POST',
		headers: { ...bearer(service), 'Svc-Workflow-RunId': runId, 'Svc-Delay': '1h' },
		body,
	});
}

async function workflowLogs(service: LocalService): Promise<{ workflowRunId: string }[]> {
	const answer = await raw(`${service.queueUrl}/v2/workflows/logs?count=100`, { headers: bearer(service) });
	expect(answer.status).toBe(200);
	return (answer.json() as { runs: { workflowRunId: string }[] }).runs;
}

describe('JSON nested deeper than the service takes', () => {
	it('is refused in a workflow wait, and the runs started after it are kept', async () => {
		const dataDir = kept.dir('wait');
		const service = await start(dataDir);
		await runInProgress(service, 'wfr_waits');
		const wait = await raw(`${service.queueUrl}/v2/wait/paid`, {
			method: 'POST',
			headers: { ...bearer(service), 'Svc-Workflow-RunId': 'wfr_waits', 'content-type': 'application/json' },
			body: `{"url":"${kept.sink.url}/route","timeout":"1h","step":${deep(20_000)}}`,
		});
		expect(wait.status).toBe(400);
		expect(wait.json()).toEqual({ error: expect.stringMatching(tooDeep) });
		expect(service.context.waiters.all()).toEqual([]);
		// At the limit, it is taken.
		const atLimit = await raw(`${service.queueUrl}/v2/wait/paid`, {
			method: 'POST',
			headers: { ...bearer(service), 'Svc-Workflow-RunId': 'wfr_waits', 'content-type': 'application/json' },
			body: `{"url":"${kept.sink.url}/route","timeout":"1h","step":${deep(98)}}`,
		});
		expect(atLimit.status).toBe(200);
		await runInProgress(service, 'wfr_later');
		await service.close();

		const again = await start(dataDir);
		expect(again.context.runs.get('wfr_later')?.state).toBe('RUN_STARTED');
		expect(again.context.waiters.all()).toHaveLength(1);
	});

	it('is refused in a workflow step, and the logs page of the run keeps answering', async () => {
		const service = await start();
		await runInProgress(service, 'wfr_steps');
		const refused = await step(
			service,
			'wfr_steps',
			`{"stepId":1,"stepName":"deep","stepType":"Run","concurrent":1,"out":${deep(20_000)}}`,
		);
		expect(refused.status).toBe(400);
		expect(refused.json()).toEqual({ error: expect.stringMatching(tooDeep) });
		// A call's answer is text inside the step: too deep to read, it is shown as the text it is.
		const call = await step(
			service,
			'wfr_steps',
			JSON.stringify({
				stepId: 1,
				stepName: 'call',
				stepType: 'Call',
				concurrent: 1,
				out: `{"status":200,"body":${deep(20_000)}}`,
			}),
		);
		expect(call.status).toBe(200);
		expect((await workflowLogs(service)).map((run) => run.workflowRunId)).toEqual(['wfr_steps']);
	});

	it('is refused in vector metadata, and queries with metadata keep answering', async () => {
		const service = await start();
		const index = (op: string, body: string) =>
			raw(`${localIndex(service, 'dense').url}/${op}`, {
				method: 'POST',
				headers: {
					authorization: `Bearer ${localIndex(service, 'dense').token}`,
					'content-type': 'application/json',
				},
				body,
			});
		const vector = JSON.stringify(Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0)));
		expect((await index('upsert', `{"id":"kept","vector":${vector},"metadata":{"kind":"a"}}`)).status).toBe(
			200,
		);
		const refused = await index('upsert', `{"id":"deep","vector":${vector},"metadata":${deep(20_000)}}`);
		expect(refused.status).toBe(400);
		expect(refused.json()).toMatchObject({ error: expect.stringMatching(tooDeep) });
		const query = await index('query', `{"vector":${vector},"topK":5,"includeMetadata":true}`);
		expect(query.status).toBe(200);
		expect((query.json() as { result: { id: string }[] }).result.map((r) => r.id)).toEqual(['kept']);
	});
});

describe('headers past the limit', () => {
	it('are answered 431 naming the limit', async () => {
		const service = await start();
		const { port } = new URL(service.queueUrl);
		const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
			const req = request(
				{
					host: '127.0.0.1',
					port,
					path: '/v2/queues',
					headers: { ...bearer(service), 'x-padding': 'x'.repeat(20_000) },
				},
				(res) => {
					let body = '';
					res.on('data', (chunk) => {
						body += chunk;
					});
					res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
				},
			);
			req.on('error', reject);
			req.end();
		});
		expect(answer.status).toBe(431);
		expect(JSON.parse(answer.body)).toEqual({
			error: "the request's headers take more than 16384 bytes, the most the local service takes",
		});
	});
});
