import { describe, expect, it } from 'vitest';
import type { RunLog } from '../../source/api/workflows-api.js';
import {
	errorText,
	failureFunctionState,
	formatElapsed,
	shownHeaders,
	shownValue,
	stepRows,
	summarizeRun,
} from '../../source/format/workflow-run.js';
import { maskText } from '../../source/text/mask.js';
import { workflowRuns } from '../fixtures/deployed/answers.js';

const documented = workflowRuns.runs[0] as unknown as RunLog;

describe('a workflow run as a person reads it', () => {
	it('sums up the documented run of the deployed service: steps done, duration, why it failed', () => {
		expect(summarizeRun(documented, Date.now())).toEqual({
			id: 'wfr_nightly-report-01',
			url: 'https://app.example.org/api/nightly',
			state: 'RUN_FAILED',
			stepsDone: 3,
			current: undefined,
			startedAt: 1768478400000,
			durationMs: 60_000,
			failure: 'send report: HTTP 500: mail server down · failure function called',
		});
	});

	it('lists its steps with what went in and came out, credentials masked', () => {
		const rows = stepRows(documented);
		expect(rows.map((r) => [r.group, r.name, r.state])).toEqual([
			['sequential', 'init', 'STEP_SUCCESS'],
			['parallel', 'count orders', 'STEP_SUCCESS'],
			['parallel', 'count refunds', 'STEP_SUCCESS'],
			['sequential', 'fetch rates', 'STEP_SUCCESS'],
			['next', 'send report', 'STEP_FAILED'],
		]);
		expect(rows[1]).toMatchObject({ output: ['412'], afterMs: 5000 });
		expect(rows[3]!.input).toEqual(['GET https://rates.example.org/today', `Authorization: ${maskText}`]);
		expect(rows[3]!.output).toEqual(['HTTP 200', '{"eur":1.09}']);
		expect(rows[4]).toMatchObject({ errors: ['HTTP 500: mail server down'], retries: '1/3' });
	});

	it('says what a running run does now', () => {
		const run = {
			workflowRunId: 'wfr_a',
			workflowState: 'RUN_STARTED',
			workflowRunCreatedAt: 1000,
			steps: [
				{ type: 'sequential', steps: [{ stepName: 'init', stepType: 'Initial', state: 'STEP_SUCCESS' }] },
				{
					type: 'next',
					steps: [
						{
							stepName: 'pay',
							stepType: 'Wait',
							state: 'STEP_PROGRESS',
							waitEventId: 'paid',
							waitTimeoutDeadline: 5000,
						},
						{
							messageId: 'm',
							state: 'STEP_RETRY',
							retried: 1,
							retries: 3,
							errors: [{ error: 'x', status: 502, time: 1 }],
						},
					],
				},
			],
		} as unknown as RunLog;
		const summary = summarizeRun(run, 61_000);
		expect(summary.durationMs).toBe(60_000);
		expect(summary.stepsDone).toBe(0);
		expect(summary.current).toMatch(
			/^pay: waiting for paid until \d\d:\d\d:\d\d, step after init: retry 1\/3 after HTTP 502$/,
		);
	});

	it('reads what is missing or odd without failing', () => {
		const bare = { workflowRunId: 'wfr_b' } as RunLog;
		expect(summarizeRun(bare, 0)).toMatchObject({ id: 'wfr_b', stepsDone: 0, durationMs: undefined });
		expect(stepRows(bare)).toEqual([]);
		expect(failureFunctionState(bare)).toBeUndefined();
	});

	it('masks credentials in JSON values and headers, and keeps text as it is', () => {
		expect(shownValue('{"user":"ann","password":"hunter2","nested":{"apiKey":"k"}}')).toBe(
			`{"user":"ann","password":"${maskText}","nested":{"apiKey":"${maskText}"}}`,
		);
		expect(shownValue('"a string"')).toBe('a string');
		expect(shownValue('not json {')).toBe('not json {');
		expect(shownHeaders({ Cookie: ['a=b'], 'X-Trace': 'abc' })).toEqual([
			`Cookie: ${maskText}`,
			'X-Trace: abc',
		]);
	});

	it('names an error by its status and the message the SDK sends', () => {
		expect(errorText({ status: 500, body: '{"error":"Error","message":"kaput"}' })).toBe('HTTP 500: kaput');
		expect(errorText({ error: 'no response within 30000 ms' })).toBe('no response within 30000 ms');
		expect(errorText({ status: 503, body: 'down for maintenance' })).toBe('HTTP 503: down for maintenance');
		expect(formatElapsed(412)).toBe('412ms');
		expect(formatElapsed(1340)).toBe('1.3s');
		expect(formatElapsed(125_000)).toBe('2m5s');
	});
});
