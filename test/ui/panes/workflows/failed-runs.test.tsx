/**
 * The Failed runs view (the workflow DLQ) against the embedded local service in the deployed
 * dialect, with failed runs of a real workflow SDK `serve()` route on loopback: reached with d
 * from Workflows; a run resumed from its failed step, another restarted, one deleted, each
 * after its exact request was shown; at 200x50 and 80x24.
 */
import { Client as WorkflowClient } from '@upstash/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectPresets } from '../../../../source/api/dialect.js';
import { waitUntil } from '../../../support/wait.js';
import { serve, serveOptions, startWorkflowApp, type WorkflowApp } from '../../../support/workflow-app.js';
import { keys, mountTui, type Screen, type Session, selectRow, startSession } from '../../harness.js';

describe('Failed runs view', () => {
	let session: Session;
	let app: WorkflowApp;
	let workflow: WorkflowClient;
	const ran = new Map<string, string[]>();
	const broken = new Set<string>();

	const runOf = (id: string) => session.fixture.service.context.runs.get(id);

	/** A run whose second step fails: its dlq id once it is in the DLQ. */
	async function failedRun(payload: string): Promise<{ runId: string; dlqId: string }> {
		broken.add(payload);
		const { workflowRunId } = await workflow.trigger({
			url: `${app.url}/fixable`,
			body: payload,
			retries: 0,
		});
		const dlqId = await waitUntil(() => runOf(workflowRunId)?.dlqId, 20_000, 'the run in the DLQ');
		return { runId: workflowRunId, dlqId };
	}

	beforeAll(async () => {
		session = await startSession({
			service: { dialect: dialectPresets.deployed },
			pane: 'workflows',
			columns: 200,
			rows: 50,
		});
		const { service } = session.fixture;
		app = await startWorkflowApp({
			'/fixable': serve(async (context) => {
				const payload = String(context.requestPayload);
				const note = (step: string) => ran.set(payload, [...(ran.get(payload) ?? []), step]);
				await context.run('first', () => note('first'));
				await context.run('second', () => {
					note('second');
					if (broken.has(payload)) throw new Error('not fixed yet');
				});
			}, serveOptions(service)).handler,
		});
		workflow = new WorkflowClient({ baseUrl: service.queueUrl, token: service.token, retry: false });
	});

	afterAll(async () => {
		await session.close();
		await app.close();
	});

	it('resumes a failed run from its failed step after showing the request, and restarts and deletes others', async () => {
		const { screen } = session;
		const resume = await failedRun('ui-resume');
		const restart = await failedRun('ui-restart');
		const remove = await failedRun('ui-delete');
		await screen.press('d');
		await screen.waitFor(
			(f) => f.includes(resume.runId) && f.includes(remove.runId),
			'the failed runs listed',
		);

		broken.delete('ui-resume');
		await selectRow(screen, resume.runId);
		await screen.press('u');
		const confirm = await screen.waitFor(
			(f) => (f.includes(`POST /v2/workflows/dlq/resume/${resume.dlqId}`) ? f : undefined),
			'the resume request shown before it is sent',
		);
		expect(confirm).toContain('from the step that failed');
		await screen.press('y');
		const done = await screen.waitFor(
			(f) => f.split('\n').find((l) => l.startsWith(`✓ resumed ${resume.dlqId}: new run `)),
			'the resume accepted',
		);
		const newRun = /new run (\S+)/.exec(done)![1]!;
		await waitUntil(() => (runOf(newRun)?.state === 'RUN_SUCCESS' ? true : undefined), 20_000);
		expect(ran.get('ui-resume')).toEqual(['first', 'second', 'second']);

		broken.delete('ui-restart');
		await screen.waitFor(
			(f) => f.includes(restart.runId) && !f.includes(resume.runId),
			'the list without it',
		);
		await selectRow(screen, restart.runId);
		await screen.press('R');
		await screen.waitFor(
			(f) => f.includes(`POST /v2/workflows/dlq/restart/${restart.dlqId}`),
			'the restart request shown',
		);
		await screen.press('y');
		await screen.waitFor((f) => f.includes(`✓ restarted ${restart.dlqId}`), 'the restart accepted');
		await waitUntil(() => (ran.get('ui-restart')?.length === 4 ? true : undefined), 20_000);

		await screen.waitFor((f) => !f.includes(restart.runId), 'the list without the restarted run');
		await selectRow(screen, remove.runId);
		await screen.press('D');
		await screen.waitFor((f) => f.includes(`DELETE /v2/workflows/dlq/${remove.dlqId}`), 'the delete request');
		await screen.press('n');
		await screen.waitFor((f) => f.includes(remove.runId) && f.includes('failed run'), 'back, nothing sent');
		expect(session.fixture.service.context.dlq.get(remove.dlqId, Date.now())).toBeDefined();
		await screen.press('D');
		await screen.waitFor((f) => f.includes(`DELETE /v2/workflows/dlq/${remove.dlqId}`), 'the delete again');
		await screen.press('y');
		await screen.waitFor((f) => f.includes(`✓ deleted ${remove.dlqId}`), 'the delete accepted');
		expect(session.fixture.service.context.dlq.get(remove.dlqId, Date.now())).toBeUndefined();
		await screen.press('w');
		await screen.waitFor((f) => /state +run id +steps/.test(f), 'back on Workflows');
	});

	it.each([
		[200, 50],
		[80, 24],
	])('shows a failed run and its request at %ix%i', async (columns, rows) => {
		const { fixture } = session;
		const { runId, dlqId } = await failedRun(`ui-size-${columns}`);
		const screen: Screen = mountTui(
			fixture.client,
			{ embedded: true, accountId: fixture.service.accountId },
			{ pane: 'failedRuns', columns, rows },
		);
		try {
			await screen.waitFor((f) => f.includes(dlqId), 'the failed run listed');
			// The keys' line is whole at either width: a shorter one where the full one does not fit.
			await screen.waitFor((f) => f.includes('c failure callback again · w runs'), 'the keys whole');
			await selectRow(screen, dlqId);
			await screen.press(keys.enter);
			await screen.waitFor(
				(f) => f.includes(`Failed run ${runId}`) && f.includes('status 500'),
				'its detail',
			);
			await screen.press(keys.esc);
			await screen.waitFor(
				(f) => f.includes(dlqId) && !f.includes(`Failed run ${runId}`),
				'back to the list',
			);
			await screen.press('c');
			const confirm = await screen.waitFor(
				(f) => (f.includes(`POST /v2/workflows/dlq/callback/${dlqId}`) ? f : undefined),
				'the callback request shown',
			);
			for (const line of confirm.split('\n')) expect(line.length).toBeLessThanOrEqual(columns);
			await screen.press('n');
			await screen.waitFor((f) => f.includes(dlqId) && !f.includes('POST /v2/'), 'back, nothing sent');
		} finally {
			screen.unmount();
		}
	});
});
