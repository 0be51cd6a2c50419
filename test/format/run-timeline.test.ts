import { describe, expect, it } from 'vitest';
import type { RunLog } from '../../source/api/workflows-api.js';
import { runTimeline } from '../../source/format/run-timeline.js';
import { layoutTimeline, scaleLine, tickLabel } from '../../source/format/timeline-layout.js';
import { workflowRuns } from '../fixtures/deployed/answers.js';

type Group = NonNullable<RunLog['steps']>[number];

function run(steps: Group[], more: Partial<RunLog> = {}): RunLog {
	return {
		workflowRunId: 'wfr_t',
		workflowUrl: 'http://app/t',
		workflowState: 'RUN_SUCCESS',
		workflowRunCreatedAt: 0,
		steps,
		...more,
	} as RunLog;
}

const init: Group = {
	type: 'sequential',
	steps: [{ stepId: 0, stepName: 'init', stepType: 'Initial', state: 'STEP_SUCCESS', createdAt: 0 }],
};
const done = (stepName: string, createdAt: number, more: object = {}): Group => ({
	type: 'sequential',
	steps: [{ stepName, stepType: 'Run', state: 'STEP_SUCCESS', createdAt, ...more }],
});

/** The bar of each row as it is drawn. */
function bars(log: RunLog, now: number, width: number): Record<string, string> {
	const layout = layoutTimeline(runTimeline(log, now), width);
	return Object.fromEntries(layout.rows.map((r) => [r.name.trim(), r.bar.map((p) => p.text).join('')]));
}

describe("a run's steps on one time axis", () => {
	it('puts each step from when the one before it was done to when it was submitted', () => {
		const t = runTimeline(run([init, done('a', 100), done('b', 400)], { workflowRunCompletedAt: 400 }), 999);
		expect(t).toMatchObject({ start: 0, end: 400 });
		expect(t.steps.map((s) => [s.name, s.from, s.to, s.spans])).toEqual([
			['init', 0, 0, []],
			['a', 0, 100, [{ kind: 'run', from: 0, to: 100 }]],
			['b', 100, 400, [{ kind: 'run', from: 100, to: 400 }]],
		]);
	});

	it('scales the axis to the columns left, and labels it', () => {
		const log = run([init, done('a', 100), done('b', 400)], { workflowRunCompletedAt: 400 });
		const narrow = layoutTimeline(runTimeline(log, 0), 80);
		expect(2 + narrow.nameWidth + 1 + narrow.barWidth + 1 + narrow.durationWidth).toBe(80);
		expect(narrow.msPerCell).toBeCloseTo(400 / narrow.barWidth);
		// A quarter of the time is a quarter of the bar.
		const shown = bars(log, 0, 80);
		expect(shown.a!.length).toBe(Math.ceil(narrow.barWidth / 4));
		expect(shown.b).toMatch(/^ +█+$/);
		expect(shown.b!.length).toBe(narrow.barWidth);
		expect(narrow.scale).toMatch(/^0 +\d+ms +\d+ms/);
		expect(narrow.scale.length).toBe(narrow.barWidth);
		const wide = layoutTimeline(runTimeline(log, 0), 200);
		expect(wide.barWidth).toBeGreaterThan(narrow.barWidth * 2);
		expect(wide.noteWidth).toBeGreaterThan(0);
		expect(wide.rows[0]!.note).toBe('start');
	});

	it('draws a sleep waiting from its submission to its end, and the step after it from there', () => {
		const log = run(
			[
				init,
				done('a', 100),
				{
					type: 'sequential',
					steps: [
						{ stepName: 'nap', stepType: 'SleepFor', sleepFor: 2, state: 'STEP_SUCCESS', createdAt: 110 },
					],
				},
				done('b', 2200),
			],
			{ workflowRunCompletedAt: 2200 },
		);
		const t = runTimeline(log, 0);
		expect(t.steps[2]).toMatchObject({ from: 100, to: 2110, note: 'sleep 2s' });
		expect(t.steps[2]!.spans).toEqual([
			{ kind: 'run', from: 100, to: 110 },
			{ kind: 'wait', from: 110, to: 2110 },
		]);
		expect(t.steps[3]).toMatchObject({ from: 2110, to: 2200 });
		expect(bars(log, 0, 80).nap).toMatch(/^ +█+░+$/);
	});

	it('draws a wait for an event from when it began (its deadline less its timeout)', () => {
		const wait: Group = {
			type: 'sequential',
			steps: [
				{
					stepName: 'go',
					stepType: 'Wait',
					state: 'STEP_SUCCESS',
					createdAt: 5000,
					waitEventId: 'e',
					waitTimeoutDuration: '30s',
					waitTimeoutDeadline: 31_000,
				},
			],
		};
		const t = runTimeline(run([init, done('a', 900), wait], { workflowRunCompletedAt: 5000 }), 0);
		expect(t.steps[2]!.spans).toEqual([
			{ kind: 'run', from: 900, to: 1000 },
			{ kind: 'wait', from: 1000, to: 5000 },
		]);
		expect(t.steps[2]!.note).toBe('event e');
	});

	it('puts the branches of one Promise.all side by side, and the step after them after the last', () => {
		const log = run(
			[
				init,
				done('a', 100),
				{
					type: 'parallel',
					steps: [
						{ stepName: 'left', stepType: 'Run', state: 'STEP_SUCCESS', createdAt: 300, concurrent: 2 },
						{ stepName: 'right', stepType: 'Run', state: 'STEP_SUCCESS', createdAt: 700, concurrent: 2 },
					],
				},
				done('sum', 800),
			],
			{ workflowRunCompletedAt: 800 },
		);
		const t = runTimeline(log, 0);
		expect(t.steps.slice(2).map((s) => [s.name, s.group, s.from, s.to])).toEqual([
			['left', 'parallel', 100, 300],
			['right', 'parallel', 100, 700],
			['sum', 'sequential', 700, 800],
		]);
		const shown = bars(log, 0, 80);
		// Both start in the same column.
		expect(shown['‖ left']!.indexOf('█')).toBe(shown['‖ right']!.indexOf('█'));
		expect(shown['‖ right']!.length).toBeGreaterThan(shown['‖ left']!.length);
	});

	it('shows an instant as one cell, never none', () => {
		const log = run([init, done('a', 0), done('b', 1000)], { workflowRunCompletedAt: 1000 });
		const shown = bars(log, 0, 80);
		expect(shown.init).toBe('█');
		expect(shown.a).toBe('█');
		const empty = layoutTimeline(runTimeline(run([init], { workflowRunCompletedAt: 0 }), 0), 80);
		expect(empty.rows[0]!.bar).toEqual([{ kind: 'run', text: '█' }]);
		expect(empty.scale.startsWith('0')).toBe(true);
	});

	it('follows a run still running to now: a sleep grows, and a call answered is shown once', () => {
		const sleeping: Group = {
			type: 'sequential',
			steps: [
				{
					stepName: 'nap',
					stepType: 'SleepFor',
					sleepFor: 10,
					state: 'STEP_PROGRESS',
					createdAt: 100,
					nextDeliveryTime: 10_100,
				},
			],
		};
		// The call that submitted the sleep, not yet answered.
		const next: Group = {
			type: 'next',
			steps: [{ state: 'STEP_PROGRESS', createdAt: 50, nextDeliveryTime: 50 }],
		};
		const log = run([init, done('a', 50), sleeping, next], { workflowState: 'RUN_STARTED' });
		const early = runTimeline(log, 2050);
		expect(early.end).toBe(2050);
		expect(early.steps.map((s) => s.name)).toEqual(['init', 'a', 'nap']);
		expect(early.steps[2]).toMatchObject({ from: 50, to: 2050, live: true });
		const later = runTimeline(log, 4050);
		expect(later.steps[2]!.to).toBe(4050);
		const [before, after] = [layoutTimeline(early, 80), layoutTimeline(later, 80)];
		expect(before.rows[2]!.duration.trim()).toBe('2.0s');
		expect(after.rows[2]!.duration.trim()).toBe('4.0s');
	});

	it('shows a call in motion: delayed until it is due, then running; retries waited out between failed attempts', () => {
		const moving: Group = {
			type: 'next',
			steps: [
				{
					stepName: 'flaky',
					state: 'STEP_RETRY',
					createdAt: 1000,
					retries: 3,
					retried: 2,
					nextDeliveryTime: 5000,
					errors: [
						{ error: 'x', status: 500, time: 1100 },
						{ error: 'x', status: 500, time: 2100 },
					],
				},
			],
		};
		const log = run([init, done('a', 1000), moving], { workflowState: 'RUN_STARTED' });
		const waiting = runTimeline(log, 4000).steps[2]!;
		expect(waiting).toMatchObject({
			group: 'next',
			from: 1000,
			to: 4000,
			failures: [1100, 2100],
			note: 'retry 2/3',
			live: true,
		});
		expect(waiting.spans).toEqual([
			{ kind: 'run', from: 1000, to: 1100 },
			{ kind: 'wait', from: 1100, to: 2100 },
			{ kind: 'wait', from: 2100, to: 4000 },
			{ kind: 'run', from: 4000, to: 4000 },
		]);
		const again = runTimeline(log, 6000).steps[2]!;
		expect(again.spans.at(-1)).toEqual({ kind: 'run', from: 5000, to: 6000 });
		const bar = bars(log, 6000, 80)['→ flaky']!;
		expect(bar.match(/×/g)).toHaveLength(2);
		expect(bar).toMatch(/^ +█*×░+×░+█+$/);
	});

	it('marks the step that failed the run, ending at its last failed attempt', () => {
		const failed: Group = {
			type: 'next',
			steps: [
				{
					stepName: 'boom',
					state: 'STEP_FAILED',
					createdAt: 1000,
					retries: 1,
					retried: 1,
					errors: [
						{ error: 'x', status: 500, time: 1200 },
						{ error: 'x', status: 500, time: 3000 },
					],
				},
			],
		};
		const log = run([init, done('a', 1000), failed], {
			workflowState: 'RUN_FAILED',
			workflowRunCompletedAt: 3001,
		});
		const step = runTimeline(log, 99_999).steps[2]!;
		expect(step).toMatchObject({ failed: true, live: false, to: 3000, note: 'failed after 1/1' });
		const layout = layoutTimeline(runTimeline(log, 99_999), 80);
		expect(layout.rows[2]!.bar.at(-1)).toEqual({ kind: 'fail', text: '×' });
		expect(layout.rows[2]!.duration.trim()).toBe('2.0s');
	});

	it('scales a span of days, and keeps its labels apart', () => {
		const day = 86_400_000;
		const log = run(
			[
				init,
				done('a', 1000),
				{
					type: 'sequential',
					steps: [
						{ stepName: 'nap', stepType: 'SleepFor', sleepFor: '3d', state: 'STEP_SUCCESS', createdAt: 2000 },
					],
				},
				done('b', 3 * day + 3000),
			],
			{ workflowRunCompletedAt: 3 * day + 3000 },
		);
		const layout = layoutTimeline(runTimeline(log, 0), 80);
		expect(layout.rows.map((r) => r.duration.trim())).toEqual(['0ms', '1.0s', '3d1s', '1.0s']);
		expect(layout.scale).toMatch(/^0 +\S+ +\S+/);
		expect(layout.scale).toContain('1d');
		// The nap fills nearly the whole bar; the steps around it take one cell each.
		expect(bars(log, 0, 80).nap).toMatch(/^█░{50,}$/);
		for (const width of [40, 80, 200]) {
			const scale = scaleLine(3 * day, width);
			expect(scale).toHaveLength(width);
			expect(scale).toMatch(/^0( +\S+)+ *$/);
		}
		expect([0, 250, 1500, 2000, 90_000].map(tickLabel)).toEqual(['0', '250ms', '1.5s', '2s', '1m30s']);
	});

	it('escapes the control characters of a name before it is measured and cut to its column', () => {
		const log = run([init, done('\x1b[31mred\x1b[0m and a long name after it', 100)], {
			workflowRunCompletedAt: 100,
		});
		const layout = layoutTimeline(runTimeline(log, 0), 80);
		const name = layout.rows[1]!.name;
		expect(name).not.toContain('\x1b');
		expect(name.startsWith('\\x1b[31mred')).toBe(true);
		expect([...name].length).toBe(layout.nameWidth);
	});

	it("draws the deployed service's documented run", () => {
		const layout = layoutTimeline(runTimeline(workflowRuns.runs[0] as unknown as RunLog, 0), 80);
		expect(layout.rows.map((r) => r.name.trim())).toEqual([
			'init',
			'‖ count orders',
			'‖ count refunds',
			'fetch rates',
			'→ send report',
		]);
		expect(layout.rows.at(-1)!.step.failed).toBe(true);
		for (const row of layout.rows)
			expect(row.bar.map((p) => p.text).join('').length).toBeLessThanOrEqual(layout.barWidth);
	});
});
