/**
 * What a person wants to know of a workflow run, read from its log (whatever the service
 * left out): how far it got, what it does now, how long it took, why it failed; and its steps
 * one by one with what went in and what came out. Pure functions, shared by `mqtop
 * workflows` and the TUI. Texts are as they came (sanitise them before showing them), with
 * secrets masked: values of headers and JSON fields that carry credentials.
 */
import type { RunLog } from '../api/workflows-api.js';
import { maskText } from '../text/mask.js';
import { dateOf, formatClock, formatSpan } from './time.js';

export type Step = NonNullable<RunLog['steps']>[number]['steps'] extends (infer S)[] | undefined ? S : never;

/** Run and step states in a word, as the commands and the TUI show them; others as they came. */
export const stateWords: Readonly<Record<string, string>> = {
	RUN_STARTED: 'running',
	RUN_SUCCESS: 'success',
	RUN_FAILED: 'failed',
	RUN_CANCELED: 'cancelled',
	STEP_PROGRESS: 'in progress',
	STEP_SUCCESS: 'done',
	STEP_RETRY: 'retrying',
	STEP_FAILED: 'failed',
	STEP_CANCELED: 'cancelled',
};

export function stateWord(state: string | undefined): string {
	return state === undefined ? '' : (stateWords[state] ?? state);
}

/** Names of headers and JSON fields whose values are credentials. */
const secretName = /authorization|cookie|pass(word)?|secret|token|api[-_]?key|signature|credential/i;

function maskedValue(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(maskedValue);
	if (typeof value !== 'object' || value === null) return value;
	return Object.fromEntries(
		Object.entries(value).map(([key, field]) => [
			key,
			secretName.test(key) && field !== null && typeof field !== 'object' ? maskText : maskedValue(field),
		]),
	);
}

/** A value as one line of text: JSON compact with its secret fields masked, text as it is. */
export function shownValue(value: unknown): string {
	if (value === undefined) return '';
	if (typeof value === 'string') {
		const trimmed = value.trim();
		if (trimmed.startsWith('{') || trimmed.startsWith('[') || trimmed.startsWith('"')) {
			try {
				return shownValue(JSON.parse(trimmed));
			} catch {
				return value;
			}
		}
		return value;
	}
	return JSON.stringify(maskedValue(value)) ?? String(value);
}

/** Headers as `Name: value` lines, credentials masked. */
export function shownHeaders(headers: Record<string, unknown> | undefined): string[] {
	return Object.entries(headers ?? {}).map(([name, value]) => {
		const text = Array.isArray(value) ? value.join(', ') : String(value);
		return `${name}: ${secretName.test(name) ? maskText : text}`;
	});
}

/** An attempt's error in a few words: `HTTP 500: kaput`, or the network error. */
export function errorText(error: { error?: string; status?: number; body?: string }): string {
	let message: string | undefined;
	if (error.body) {
		try {
			const parsed = JSON.parse(error.body) as { message?: unknown; error?: unknown };
			message =
				typeof parsed.message === 'string'
					? parsed.message
					: typeof parsed.error === 'string'
						? parsed.error
						: undefined;
		} catch {
			message = error.body.trim().slice(0, 200) || undefined;
		}
	}
	if (error.status !== undefined && error.status > 0)
		return `HTTP ${error.status}${message ? `: ${message}` : ''}`;
	return error.error ?? message ?? 'failed';
}

/** Every step of the log in order: the done groups, then what is in motion. */
export function allSteps(run: RunLog): { group: string; step: Step }[] {
	return (run.steps ?? []).flatMap((group) =>
		(group.steps ?? []).map((step) => ({ group: group.type ?? 'sequential', step })),
	);
}

export const isDone = (group: string, step: Step) => group !== 'next' && step.state !== 'STEP_PROGRESS';

/**
 * What became of a failed run's failure function (or failure URL), in a few words: called,
 * failed, being called, cancelled, or absent (the SDK answered that the route has none).
 */
export function failureFunctionState(run: RunLog): string | undefined {
	const fn = run.failureFunction;
	if (!fn?.state) return undefined;
	const absent = Object.keys(fn.responseHeaders ?? {}).some((name) =>
		name.toLowerCase().endsWith('workflow-failure-callback-notfound'),
	);
	if (absent) return 'none defined';
	const words: Record<string, string> = {
		CALLBACK_SUCCESS: 'called',
		CALLBACK_FAIL: 'failed',
		CALLBACK_INPROGRESS: 'being called',
		CALLBACK_CANCELED: 'cancelled',
	};
	return words[fn.state] ?? fn.state;
}

export interface RunSummary {
	id: string;
	url: string | undefined;
	state: string | undefined;
	/** Steps done, the run's start not counted. */
	stepsDone: number;
	/** What it does now, while it runs. */
	current: string | undefined;
	startedAt: number | undefined;
	/** From its start to its end, or to now while it runs. */
	durationMs: number | undefined;
	failure: string | undefined;
}

/** A step's name; a call of the route that has not said which step it runs is named by the step done before it. */
export function stepName(step: Step, lastDone?: string): string {
	if (step.stepName) return step.stepName;
	if (!step.stepType && (step.callType ?? 'step') === 'step' && lastDone) return `step after ${lastDone}`;
	if (step.stepType === 'Call' || step.callType === 'toCallback') return 'call';
	if (step.callType === 'fromCallback') return 'call answer';
	return 'next step';
}

/** What a step in progress is doing, in a few words. */
function activity(step: Step, lastDone: string | undefined): string {
	const name = stepName(step, lastDone);
	if (step.waitEventId) {
		const until = step.waitTimeoutDeadline ? ` until ${formatClock(step.waitTimeoutDeadline)}` : '';
		return `${name}: waiting for ${step.waitEventId}${until}`;
	}
	if (step.stepType === 'SleepFor' || step.stepType === 'SleepUntil')
		return `${name}: sleeping${step.nextDeliveryTime ? ` until ${formatClock(step.nextDeliveryTime)}` : ''}`;
	if (step.callUrl && step.state !== 'STEP_SUCCESS') return `${name}: calling ${step.callUrl}`;
	const lastError = step.errors?.at(-1);
	if (step.state === 'STEP_RETRY')
		return `${name}: retry ${step.retried ?? step.errors?.length ?? 0}/${step.retries ?? '?'}${lastError ? ` after ${errorText(lastError)}` : ''}`;
	if (step.state === 'STEP_FAILED') return `${name}: failed${lastError ? ` (${errorText(lastError)})` : ''}`;
	if (step.state === 'STEP_CANCELED') return `${name}: cancelled`;
	return name;
}

export function summarizeRun(run: RunLog, now: number): RunSummary {
	const steps = allSteps(run);
	const stepsDone = steps.filter(
		({ group, step }) => isDone(group, step) && step.stepType !== 'Initial',
	).length;
	const inMotion = steps.filter(({ group, step }) => group === 'next' || step.state === 'STEP_PROGRESS');
	const lastDone = steps.findLast(({ group, step }) => isDone(group, step))?.step.stepName;
	const current =
		run.workflowState === 'RUN_STARTED' && inMotion.length > 0
			? inMotion.map(({ step }) => activity(step, lastDone)).join(', ')
			: undefined;
	const startedAt = run.workflowRunCreatedAt;
	const end = run.workflowRunCompletedAt ?? (run.workflowState === 'RUN_STARTED' ? now : undefined);
	let failure: string | undefined;
	if (run.workflowState === 'RUN_FAILED') {
		const failed = inMotion.find(({ step }) => step.state === 'STEP_FAILED')?.step;
		const lastError = failed?.errors?.at(-1);
		const fn = run.failureFunction;
		const cause = lastError
			? errorText(lastError)
			: fn?.failResponse !== undefined
				? errorText({ status: fn.failStatus, body: fn.failResponse })
				: 'failed';
		const where = failed?.stepName ? `${failed.stepName}: ` : '';
		const handled = failureFunctionState(run);
		const fate =
			handled === undefined
				? ''
				: handled === 'none defined'
					? ' · no failure function'
					: ` · failure function ${handled}`;
		failure = `${where}${cause}${fate}`;
	}
	return {
		id: run.workflowRunId,
		url: run.workflowUrl,
		state: run.workflowState,
		stepsDone,
		current,
		startedAt,
		durationMs: startedAt !== undefined && end !== undefined ? Math.max(0, end - startedAt) : undefined,
		failure,
	};
}

/** A short span with the precision steps need: `412ms`, `1.3s`, then `2m5s`. */
export function formatElapsed(ms: number): string {
	const span = Math.max(0, Math.round(ms));
	if (span < 1000) return `${span}ms`;
	if (span < 60_000) return `${(span / 1000).toFixed(1)}s`;
	return formatSpan(span);
}

export interface StepRow {
	/** `sequential`, `parallel` (a branch of a Promise.all), or `next` (in motion, or where it stopped). */
	group: string;
	name: string;
	type: string | undefined;
	state: string | undefined;
	/** When the step was done (its result taken), or its message created. */
	at: number | undefined;
	/** Since the step before it was done. */
	afterMs: number | undefined;
	/** Attempts that failed, of those allowed (`1/3`). */
	retries: string | undefined;
	/** What went in: a call's request, a wait's event, a sleep, the run's payload. */
	input: string[];
	/** What came out: the result, a call's answer, the event's data. */
	output: string[];
	errors: string[];
	/** When it is due (a sleep's end, a retry). */
	nextAt: number | undefined;
}

function inputOf(step: Step): string[] {
	if (step.stepType === 'Initial') return [];
	if (step.callUrl)
		return [
			`${step.callMethod ?? 'GET'} ${step.callUrl}`,
			...shownHeaders(step.callHeaders),
			...(step.callBody !== undefined && step.callBody !== '' ? [shownValue(step.callBody)] : []),
		];
	if (step.waitEventId)
		return [
			`event ${step.waitEventId}${step.waitTimeoutDuration ? `, timeout ${step.waitTimeoutDuration}` : ''}`,
		];
	if (step.sleepFor !== undefined)
		return [`sleep ${typeof step.sleepFor === 'number' ? `${step.sleepFor}s` : step.sleepFor}`];
	if (step.sleepUntil !== undefined) {
		// Unix seconds; a number no date can hold is shown as it came.
		const at = dateOf(step.sleepUntil * 1000);
		return [`sleep until ${at ? at.toISOString() : step.sleepUntil}`];
	}
	return [];
}

function outputOf(step: Step): string[] {
	if (step.callResponseStatus !== undefined)
		return [
			`HTTP ${step.callResponseStatus}`,
			...(step.callResponseBody !== undefined ? [shownValue(step.callResponseBody)] : []),
		];
	if (step.waitEventId && step.state === 'STEP_SUCCESS')
		return step.waitTimeout ? ['timed out'] : [shownValue(step.out)];
	if (step.out === undefined || step.out === '') return [];
	return [shownValue(step.out)];
}

/** Errors in order, the same error in a row said once with how often: `HTTP 500: kaput (×3)`. */
function collapsed(errors: readonly string[]): string[] {
	const out: { text: string; times: number }[] = [];
	for (const text of errors) {
		const last = out.at(-1);
		if (last?.text === text) last.times++;
		else out.push({ text, times: 1 });
	}
	return out.map(({ text, times }) => (times > 1 ? `${text} (×${times})` : text));
}

export function stepRows(run: RunLog): StepRow[] {
	let previous: number | undefined;
	let lastDone: string | undefined;
	return allSteps(run).map(({ group, step }) => {
		const name = stepName(step, lastDone);
		if (isDone(group, step)) lastDone = step.stepName ?? lastDone;
		const at = step.createdAt;
		const afterMs =
			group !== 'next' && at !== undefined && previous !== undefined ? at - previous : undefined;
		if (group !== 'next' && at !== undefined) previous = at;
		const failedAttempts = step.retried ?? step.errors?.length;
		return {
			group,
			name,
			type: step.stepType,
			state: step.state,
			at,
			afterMs,
			retries:
				step.retries !== undefined && (failedAttempts ?? 0) > 0
					? `${failedAttempts}/${step.retries}`
					: undefined,
			input: inputOf(step),
			output: outputOf(step),
			errors: collapsed((step.errors ?? []).map(errorText)),
			nextAt: step.nextDeliveryTime,
		};
	});
}
