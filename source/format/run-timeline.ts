/**
 * A workflow run's steps on one time axis, read from its log (docs/protocol/workflows.md#run-logs):
 * for each step when it could start (the step before it was done), how long it waited (a sleep,
 * a `waitForEvent`, a delayed or retried call) and ran, and the attempts that failed. Pure; the
 * view only draws what this computes (./timeline-layout.ts fits it to columns).
 *
 * What the log says of time, per step: a done step's `createdAt` is when the route submitted it,
 * which ends a `Run` or `Call` step and starts a sleep (it ends `sleepFor` later, or at
 * `sleepUntil`); a done `Wait` ends then, and began `waitTimeoutDuration` before its
 * `waitTimeoutDeadline`. What is in motion (`next`) was created when the step before it was done,
 * is due at `nextDeliveryTime`, and failed at each of its `errors[].time`.
 */
import { parseDuration } from '../api/duration.js';
import type { RunLog } from '../api/workflows-api.js';
import { allSteps, isDone, type Step, stepName } from './workflow-run.js';

export type SpanKind = 'run' | 'wait';

export interface TimelineSpan {
	kind: SpanKind;
	from: number;
	to: number;
}

export interface TimelineStep {
	/** Its place among the log's steps (stepRows), for opening it. */
	index: number;
	name: string;
	/** `sequential`, `parallel` (a branch of one Promise.all) or `next` (in motion, or where it stopped). */
	group: string;
	state: string | undefined;
	/** From when it could start to when it was done (or now). */
	from: number;
	to: number;
	spans: TimelineSpan[];
	/** When each attempt that failed failed. */
	failures: number[];
	/** Still going: it ends now. */
	live: boolean;
	failed: boolean;
	/** What it waits for or did, in a few words: `sleep 1s`, `event go`, `retry 2/3`. */
	note: string;
}

export interface RunTimeline {
	/** The run's start and its end (now while it runs): the axis. */
	start: number;
	end: number;
	steps: TimelineStep[];
}

const finite = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

function durationMs(text: string | number | undefined): number | undefined {
	if (typeof text === 'number') return Number.isFinite(text) && text >= 0 ? text * 1000 : undefined;
	if (text === undefined) return undefined;
	try {
		return parseDuration(text);
	} catch {
		return undefined;
	}
}

/** Spans from `from` to `to` of one kind; none when they are out of order. */
function span(kind: SpanKind, from: number, to: number): TimelineSpan[] {
	return to >= from ? [{ kind, from, to }] : [];
}

const isSleep = (step: Step) => step.stepType === 'SleepFor' || step.stepType === 'SleepUntil';
const isWait = (step: Step) =>
	step.stepType === 'Wait' || step.stepType === 'WaitForWebhook' || !!step.waitEventId;

/** A step of a done group (a sleep there may still be sleeping). */
function doneSpans(
	step: Step,
	ready: number,
	now: number,
): { spans: TimelineSpan[]; to: number; live: boolean; note: string } {
	const at = finite(step.createdAt) ? Math.max(ready, step.createdAt) : ready;
	if (isSleep(step)) {
		const due =
			step.nextDeliveryTime ??
			(step.sleepUntil !== undefined && finite(step.sleepUntil)
				? step.sleepUntil * 1000
				: (durationMs(step.sleepFor) ?? 0) + at);
		const live = step.state === 'STEP_PROGRESS';
		const to = live ? Math.max(at, Math.min(now, due)) : Math.max(at, due);
		const note =
			step.sleepFor !== undefined
				? `sleep ${typeof step.sleepFor === 'number' ? `${step.sleepFor}s` : step.sleepFor}`
				: 'sleep';
		return { spans: [...span('run', ready, at), ...span('wait', at, to)], to, live, note };
	}
	if (isWait(step)) {
		const timeout = durationMs(step.waitTimeoutDuration);
		const began =
			finite(step.waitTimeoutDeadline) && timeout !== undefined ? step.waitTimeoutDeadline - timeout : ready;
		const from = Math.min(at, Math.max(ready, began));
		const note = `${step.waitTimeout ? 'timed out: ' : ''}event ${step.waitEventId ?? ''}`.trim();
		return { spans: [...span('run', ready, from), ...span('wait', from, at)], to: at, live: false, note };
	}
	return { spans: span('run', ready, at), to: at, live: false, note: step.stepType === 'Call' ? 'call' : '' };
}

/** A message in motion, or where it stopped: ran, failed, waited out its retry delay, ran again. */
function movingSpans(
	step: Step,
	ready: number,
	end: number,
	ended: boolean,
): { spans: TimelineSpan[]; from: number; to: number; note: string } {
	const from = finite(step.createdAt) ? step.createdAt : ready;
	if (isWait(step)) {
		const to = Math.max(from, end);
		return { spans: span('wait', from, to), from, to, note: `event ${step.waitEventId ?? ''}`.trim() };
	}
	const failures = (step.errors ?? [])
		.map((e) => e.time)
		.filter(finite)
		.sort((a, b) => a - b);
	const spans: TimelineSpan[] = [];
	let cursor = from;
	failures.forEach((at, i) => {
		spans.push(...span(i === 0 ? 'run' : 'wait', cursor, Math.max(cursor, at)));
		cursor = Math.max(cursor, at);
	});
	const failed = step.state === 'STEP_FAILED' || step.state === 'STEP_CANCELED';
	let to = cursor;
	// A step that failed for good ends at its last failed attempt.
	if (!(failed && ended && failures.length > 0)) {
		const due = step.nextDeliveryTime;
		to = Math.max(cursor, end);
		// Due later than now: it waits (a delay, flow control, a retry's delay), then runs.
		if (finite(due) && due > cursor) {
			spans.push(...span('wait', cursor, Math.min(due, to)));
			spans.push(...span('run', Math.min(due, to), to));
		} else spans.push(...span('run', cursor, to));
	}
	const attempts = step.retried ?? step.errors?.length ?? 0;
	const note =
		attempts > 0
			? `${step.state === 'STEP_FAILED' ? 'failed after' : 'retry'} ${attempts}/${step.retries ?? '?'}`
			: step.stepType === 'Call'
				? 'call'
				: '';
	return { spans, from, to, note };
}

/**
 * Whether a message in motion carried a step that is already among the done ones: the call of
 * the route that submitted it, not yet answered. Shown once, as done.
 */
function alreadyDone(step: Step, done: readonly Step[]): boolean {
	if (isWait(step) || !finite(step.createdAt)) return false;
	return done.some(
		(d) =>
			d.stepType !== 'Initial' &&
			finite(d.createdAt) &&
			d.createdAt > step.createdAt! &&
			(step.stepName === undefined || d.stepName === step.stepName),
	);
}

export function runTimeline(run: RunLog, now: number): RunTimeline {
	const entries = allSteps(run);
	const running = run.workflowState === 'RUN_STARTED';
	const times = entries.map(({ step }) => step.createdAt).filter(finite);
	const start = finite(run.workflowRunCreatedAt)
		? run.workflowRunCreatedAt
		: times.length > 0
			? Math.min(...times)
			: now;
	const end = running ? Math.max(now, start) : (run.workflowRunCompletedAt ?? Math.max(start, ...times));
	const done = entries.filter(({ group }) => group !== 'next').map(({ step }) => step);
	const steps: TimelineStep[] = [];
	let ready = start;
	let lastDone: string | undefined;
	let index = 0;
	for (const group of run.steps ?? []) {
		const kind = group.type ?? 'sequential';
		// The branches of one Promise.all could all start when the step before them was done.
		const groupReady = ready;
		for (const step of group.steps ?? []) {
			const at = index++;
			const name = stepName(step, lastDone);
			if (isDone(kind, step)) lastDone = step.stepName ?? lastDone;
			const base = { index: at, name, group: kind, state: step.state, failed: step.state === 'STEP_FAILED' };
			if (kind === 'next') {
				if (running && alreadyDone(step, done)) continue;
				const moved = movingSpans(step, ready, end, !running);
				const failures = (step.errors ?? []).map((e) => e.time).filter(finite);
				steps.push({
					...base,
					from: moved.from,
					to: moved.to,
					spans: moved.spans,
					failures,
					live: running,
					note: moved.note,
				});
				continue;
			}
			if (step.stepType === 'Initial') {
				const time = finite(step.createdAt) ? step.createdAt : start;
				steps.push({ ...base, from: time, to: time, spans: [], failures: [], live: false, note: 'start' });
				ready = Math.max(ready, time);
				continue;
			}
			const from = kind === 'parallel' ? groupReady : ready;
			const shown = doneSpans(step, from, now);
			steps.push({
				...base,
				from,
				to: shown.to,
				spans: shown.spans,
				failures: [],
				live: shown.live,
				note: shown.note,
			});
			ready = Math.max(ready, shown.to);
		}
	}
	const last = Math.max(end, ...steps.map((s) => s.to));
	return { start, end: last, steps };
}
