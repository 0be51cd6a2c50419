/**
 * A run's steps on a time line, against the embedded local service in the deployed dialect with
 * a real workflow SDK `serve()` route on loopback: a run that sleeps, runs two steps in
 * parallel, waits for an event, retries a step and fails on another, followed live at 80x24 and
 * 200x50; a step opened from its bar.
 */
import { Client as WorkflowClient } from '@upstash/workflow';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialectPresets } from '../../../../source/api/dialect.js';
import { type Fixture, startFixture } from '../../../local/helpers.js';
import { serve, serveOptions, startWorkflowApp, type WorkflowApp } from '../../../support/workflow-app.js';
import { keys, mountTui, type Screen, selectRow } from '../../harness.js';

/** The time line's row of step `name`: a line that shows its name then its bar. */
function barLine(frame: string, name: string): string | undefined {
	return frame.split('\n').find((line) => new RegExp(`^[› ] ${name} +[ █░×]*[█░×]`).test(line));
}

/** A row's duration in milliseconds, as its last column shows it. */
function durationOf(line: string): number {
	const match = /(\d+(?:\.\d+)?)(ms|s)\s*$/.exec(
		line.replace(/ (retry|failed|event|sleep|start|call).*$/, ''),
	);
	if (!match) throw new Error(`no duration in ${line}`);
	return Number(match[1]) * (match[2] === 's' ? 1000 : 1);
}

/** How long a run may take to get somewhere on a loaded two-core machine. */
const slow = 45_000;

/** The column where a row's bar starts. */
const barStart = (line: string, name: string) =>
	line.indexOf(name) + name.length + line.slice(line.indexOf(name) + name.length).search(/[█░×]/);

describe("a workflow run's time line", () => {
	let fixture: Fixture;
	let app: WorkflowApp;
	let workflow: WorkflowClient;
	const attempts = new Map<string, number>();

	beforeAll(async () => {
		fixture = await startFixture({ dialect: dialectPresets.deployed });
		const { service } = fixture;
		app = await startWorkflowApp({
			'/mix': serve(async (context) => {
				const id = context.workflowRunId;
				await context.run('reserve', () => ({ reserved: 1 }));
				await context.sleep('cool down', 1);
				await Promise.all([context.run('left', () => 20), context.run('right', () => 22)]);
				await context.waitForEvent('wait for go', `go-${id}`, { timeout: '30s' });
				await context.run('flaky', () => {
					attempts.set(id, (attempts.get(id) ?? 0) + 1);
					if (attempts.get(id)! < 2) throw new Error('flake');
					return 'steady';
				});
				await context.run('boom', () => {
					throw new Error('kaput');
				});
			}, serveOptions(service)).handler,
		});
		workflow = new WorkflowClient({ baseUrl: service.queueUrl, token: service.token, retry: false });
		// The SDK logs each error the route throws: here they are what the run is about.
		vi.spyOn(console, 'error').mockImplementation(() => {});
	});

	afterAll(async () => {
		vi.restoreAllMocks();
		await app.close();
		await fixture.close();
	});

	async function onRun(columns: number, rows: number, body: (screen: Screen, id: string) => Promise<void>) {
		const { workflowRunId: id } = await workflow.trigger({
			url: `${app.url}/mix`,
			body: { columns },
			retries: 1,
			retryDelay: '300',
		});
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
		[80, 24],
		[200, 50],
	])(
		'draws the steps of a run on one axis and follows it to its failure, at %ix%i',
		(columns, rows) =>
			onRun(columns, rows, async (screen, id) => {
				// Steps take their time on a loaded machine: the waits for the run's progress are long.
				await screen.waitFor(
					(f) => f.includes(id) && f.includes('wait for go'),
					'the run waiting for its event',
					slow,
				);
				await selectRow(screen, id);
				await screen.press(keys.enter);
				const waiting = await screen.waitFor(
					(f) => (f.includes(`Workflow run ${id} running`) && barLine(f, '→ wait for go') ? f : undefined),
					'the time line of the waiting run',
				);
				// A legend and a scale labelled in time, from 0.
				expect(waiting).toMatch(/█ running +░ waiting +× failed attempt/);
				expect(waiting).toMatch(/\n +0 +\d+(\.\d)?m?s +\d/);
				for (const line of waiting.split('\n')) expect([...line].length).toBeLessThanOrEqual(columns);
				// The sleep waits; the two branches of the Promise.all start together, after it.
				expect(barLine(waiting, 'cool down')).toMatch(/░{2,}/);
				const [left, right] = [barLine(waiting, '‖ left')!, barLine(waiting, '‖ right')!];
				expect(barStart(left, '‖ left')).toBe(barStart(right, '‖ right'));
				expect(barStart(left, '‖ left')).toBeGreaterThan(
					barStart(barLine(waiting, 'cool down')!, 'cool down'),
				);
				// The wait is waiting, and grows while the run waits.
				const first = barLine(waiting, '→ wait for go')!;
				expect(first).toMatch(/░+ +\d/);
				await screen.waitFor((f) => {
					const line = barLine(f, '→ wait for go');
					return line !== undefined && durationOf(line) >= durationOf(first) + 1000;
				}, 'the wait growing');

				await workflow.notify({ eventId: `go-${id}`, eventData: { go: true } });
				// New steps appear as the run goes on; it fails on the last.
				const failed = await screen.waitFor(
					(f) => (f.includes(`Workflow run ${id} failed`) && barLine(f, '→ boom') ? f : undefined),
					'the run failed, its last step marked',
					slow,
				);
				expect(barLine(failed, 'wait for go')).toMatch(/░/);
				expect(barLine(failed, 'flaky')).toMatch(/█/);
				// Two attempts failed: the first, then its retry.
				const boom = barLine(failed, '→ boom')!;
				expect(boom).toMatch(/× +\d+(\.\d)?m?s/);
				if (columns >= 120) expect(boom).toContain('failed after 1/1');
				expect(failed).toMatch(/failure +boom: HTTP 500/);
				// Enter on its bar opens the step: what failed, each attempt.
				await selectRow(screen, '→ boom');
				if (columns === 80) {
					// In a short terminal the steps scroll under their scale, which stays.
					screen.resize(columns, 14);
					const short = await screen.waitFor(
						(f) => (f.split('\n').length <= 14 && barLine(f, '→ boom') ? f : undefined),
						'the last step in a short terminal',
					);
					expect(short).not.toContain('steps done');
					expect(short).not.toMatch(/\n[› ] init +█/);
					expect(short).toMatch(/\n +0 +\d+(\.\d)?m?s +\d/);
					screen.resize(columns, rows);
					await screen.waitFor((f) => f.includes('steps done'), 'the whole height again');
				}
				await screen.press(keys.enter);
				const step = await screen.waitFor(
					(f) => (f.includes('Failed attempts') ? f : undefined),
					"the failed step's detail",
				);
				expect(step).toMatch(/step +boom/);
				expect(step).toMatch(/state +failed/);
				expect(step).toContain('kaput');
				await screen.press(keys.esc);
				await screen.waitFor((f) => barLine(f, '→ boom'), 'back on the time line');
				await screen.press(keys.esc);
				await screen.waitFor((f) => /state +run id +steps/.test(f), 'back to the list');
			}),
		150_000,
	);
});
