/**
 * The Workflows pane against the embedded local service in the deployed dialect, with runs
 * driven by a real workflow SDK `serve()` route on loopback: a run is watched as it advances
 * step by step, its steps opened, and another cancelled after its request was shown.
 */
import { Client as WorkflowClient } from '@upstash/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectPresets } from '../../../../source/api/dialect.js';
import { serve, serveOptions, startWorkflowApp, type WorkflowApp } from '../../../support/workflow-app.js';
import { keys, lineOf, mountTui, type Screen, type Session, selectRow, startSession } from '../../harness.js';

/** The table row of run `id`: a line under the table header that shows it. */
function rowOf(frame: string, id: string): string | undefined {
	const lines = frame.split('\n');
	const header = lines.findIndex((line) => /^ *state +run id +steps/.test(line));
	return header < 0 ? undefined : lines.slice(header + 1).find((line) => line.includes(id));
}

describe('Workflows pane', () => {
	let session: Session;
	let app: WorkflowApp;
	let workflow: WorkflowClient;

	beforeAll(async () => {
		session = await startSession({
			service: { dialect: dialectPresets.deployed },
			pane: 'workflows',
			columns: 200,
			rows: 50,
		});
		const { service } = session.fixture;
		app = await startWorkflowApp({
			'/order': serve(async (context) => {
				const first = await context.run('reserve stock', () => ({ reserved: 2 }));
				await context.sleep('cool down', 1);
				await context.run('charge', () => ({ charged: 12, token: 'tok_secret_1234' }));
				const { eventData } = await context.waitForEvent('wait for go', `go-${context.workflowRunId}`, {
					timeout: '30s',
				});
				return await context.run('ship', () => ({ ...first, eventData }));
			}, serveOptions(service)).handler,
		});
		workflow = new WorkflowClient({ baseUrl: service.queueUrl, token: service.token, retry: false });
	});

	afterAll(async () => {
		await session.close();
		await app.close();
	});

	it('follows a run step by step, and opens its steps with what went in and out', async () => {
		const { screen } = session;
		const { workflowRunId: id } = await workflow.trigger({ url: `${app.url}/order`, body: { order: 9 } });
		const sleeping = await screen.waitFor(
			(f) => (rowOf(f, id)?.includes('cool down: sleeping until') ? rowOf(f, id) : undefined),
			'the run sleeping after its first step',
		);
		expect(sleeping).toMatch(new RegExp(`running +${id} +1 +cool down`));
		const waiting = await screen.waitFor(
			(f) => (rowOf(f, id)?.includes(`wait for go: waiting for go-${id}`) ? rowOf(f, id) : undefined),
			'the run waiting for its event',
		);
		expect(waiting).toMatch(new RegExp(`running +${id} +3 `));

		await workflow.notify({ eventId: `go-${id}`, eventData: { go: true } });
		const done = await screen.waitFor(
			(f) => (rowOf(f, id)?.includes('success') ? rowOf(f, id) : undefined),
			'the run done',
		);
		expect(done).toMatch(new RegExp(`success +${id} +5 `));

		await selectRow(screen, id);
		await screen.press(keys.enter);
		const detail = await screen.waitFor(
			(f) => (f.includes(`Workflow run ${id} success`) && /\n[› ] ship +█/.test(f) ? f : undefined),
			'the steps of the run on its time line',
		);
		expect(lineOf(detail, 'steps done')).toMatch(/steps done +5/);
		expect(lineOf(detail, 'result')).toContain('{"reserved":2,"eventData":{"go":true}}');
		const names = detail
			.split('\n')
			.map((line) => /^[› ] (.+?) +[ █░×]*[█░×] +\d/.exec(line)?.[1])
			.filter(Boolean);
		expect(names).toEqual(['init', 'reserve stock', 'cool down', 'charge', 'wait for go', 'ship']);

		/** Opens a step from its bar, and returns its detail. */
		const openStep = async (name: string, shows: string) => {
			await selectRow(screen, name);
			await screen.press(keys.enter);
			const step = await screen.waitFor((f) => (f.includes(shows) ? f : undefined), `the step ${name}`);
			expect(step).toMatch(new RegExp(`step +${name}`));
			await screen.press(keys.esc);
			await screen.waitFor((f) => /\n[› ] ship +█/.test(f), 'back on the time line');
			return step;
		};
		expect(await openStep('cool down', 'sleep 1s')).toMatch(/state +done/);
		const wait = await openStep('wait for go', 'Output');
		expect(wait).toContain(`event go-${id}, timeout 30s`);
		expect(wait).toContain('{"go":true}');
		// Secrets in a step's output are masked.
		const charge = await openStep('charge', 'Output');
		expect(charge).toContain('{"charged":12,"token":"••••••••"}');
		expect(charge).not.toContain('tok_secret_1234');
		await screen.press(keys.esc);
		await screen.waitFor((f) => rowOf(f, id), 'back to the list');
	});

	it('cancels a running run after showing the exact request, and never in read-only mode', async () => {
		const { screen, fixture } = session;
		const { workflowRunId: id } = await workflow.trigger({ url: `${app.url}/order`, body: { order: 10 } });
		await screen.waitFor((f) => rowOf(f, id)?.includes('waiting for go-'), 'the run waiting');

		// Read-only: the key says why, and nothing is sent.
		const readOnly = mountTui(
			fixture.client,
			{ embedded: true, accountId: fixture.service.accountId },
			{ pane: 'workflows', readOnly: true, columns: 200, rows: 50 },
		);
		try {
			await readOnly.waitFor((f) => rowOf(f, id), 'the run in the read-only monitor');
			await selectRow(readOnly, id);
			await readOnly.press('c');
			await readOnly.waitFor((f) => f.includes('read-only: cancelling runs is disabled'), 'the refusal');
		} finally {
			readOnly.unmount();
		}
		expect(fixture.service.context.runs.get(id)!.state).toBe('RUN_STARTED');

		await selectRow(screen, id);
		await screen.press('c');
		const confirm = await screen.waitFor(
			(f) => (f.includes(`DELETE /v2/workflows/runs/${id}`) ? f : undefined),
			'the request shown before it is sent',
		);
		expect(confirm).toContain(`cancel workflow run ${id}`);
		expect(confirm).toContain('(no body)');
		await screen.press('n');
		await screen.waitFor((f) => rowOf(f, id), 'back with nothing sent');
		expect(fixture.service.context.runs.get(id)!.state).toBe('RUN_STARTED');

		await screen.press('c');
		await screen.waitFor((f) => f.includes(`DELETE /v2/workflows/runs/${id}`), 'the request again');
		await screen.press('y');
		await screen.waitFor((f) => f.includes(`✓ cancelled ${id}`), 'the cancel accepted');
		expect(fixture.service.context.runs.get(id)!.state).toBe('RUN_CANCELED');
		await screen.waitFor((f) => rowOf(f, id)?.includes('cancelled'), 'the run shown cancelled');
		// A run that has ended is not cancelled again.
		await screen.press('c');
		await screen.waitFor(
			(f) => f.includes('has ended: only a run in progress can be cancelled'),
			'the refusal',
		);
	});

	/** A new run of /order and a monitor of its own at this size, on the Workflows pane; unmounted after `body`. */
	async function onNewRun(
		columns: number,
		rows: number,
		body: (screen: Screen, id: string) => Promise<void>,
	): Promise<void> {
		const { fixture } = session;
		const { workflowRunId: id } = await workflow.trigger({ url: `${app.url}/order`, body: { columns } });
		const screen = mountTui(
			fixture.client,
			{ embedded: true, accountId: fixture.service.accountId },
			{ pane: 'workflows', columns, rows },
		);
		try {
			await body(screen, id);
		} finally {
			screen.unmount();
		}
	}

	it.each([
		[200, 50],
		[80, 24],
	])('says in one line why a cancel was refused, at %ix%i', (columns, rows) =>
		onNewRun(columns, rows, async (screen, id) => {
			const { fixture } = session;
			await screen.waitFor((f) => rowOf(f, id)?.includes('running'), 'the run');
			await selectRow(screen, id);
			await screen.press('c');
			await screen.waitFor((f) => f.includes(`DELETE /v2/workflows/runs/${id}`), 'the request shown');
			// Cancelled elsewhere meanwhile: the service refuses the second cancel.
			await fixture.client.workflows.cancel(id);
			await screen.press('y');
			const line = await screen.waitFor((f) => f.split('\n').find((l) => l.startsWith('✗ ')), 'the refusal');
			expect(line).toMatch(new RegExp(`^✗ cancel workflow run ${id} failed: HTTP 4\\d\\d`));
			// Said once: what was asked, and that it failed; then what the service said.
			expect(line.match(/cancel workflow run/g)).toHaveLength(1);
			expect(line.match(/failed/g)).toHaveLength(1);
		}),
	);

	it.each([
		[200, 50],
		[80, 24],
	])('opens a waiting run whose counts agree and whose times stay whole, at %ix%i', (columns, rows) =>
		onNewRun(columns, rows, async (screen, id) => {
			await screen.waitFor((f) => rowOf(f, id)?.includes('wait for go'), 'the run waiting');
			await selectRow(screen, id);
			await screen.press(keys.enter);
			const barsOf = (f: string) => f.split('\n').filter((line) => /^[› ] \S.*[█░] +\d/.test(line));
			// The steps done (after init), and the one in motion, on the time line. The message that
			// brought the wait may still be on its way for a moment after the wait is registered (the
			// app answers it after asking to wait), and is shown in motion until it is answered.
			const detail = await screen.waitFor(
				(f) =>
					f.includes(`Workflow run ${id}`) &&
					f.includes('waiting for go-') &&
					barsOf(f).length === Number(/steps done +(\d+)/.exec(f)?.[1]) + 2
						? f
						: undefined,
				'its detail, the steps done and the wait on the time line',
			);
			expect(barsOf(detail).at(-1)).toMatch(/→ wait for go +[ █]*░+ +\d/);
			// The time it waits until is whole (on the next line when it has to be), never cut in two.
			expect(detail).toMatch(/until\s+\d\d:\d\d:\d\d\n/);
			await screen.press(keys.esc);
			await workflow.notify({ eventId: `go-${id}`, eventData: { go: true } });
		}),
	);
});
