/** The Workflows pane: rows and columns of the runs, and the detail of one run with its steps. Pure. */
import { WorkflowRunLog } from '../../../api/workflow-schemas.js';
import type { RunLog } from '../../../api/workflows-api.js';
import { formatClock, formatClockMillis } from '../../../format/time.js';
import {
	failureFunctionState,
	formatElapsed,
	type RunSummary,
	shownValue,
	stateWord,
	stepRows,
	summarizeRun,
} from '../../../format/workflow-run.js';
import { sanitize } from '../../../text/sanitize.js';
import { type DetailLine, pair, title, unknownFieldsSection } from '../../kit/detail-view/lines.js';
import { fitUrl } from '../../kit/table/cut.js';
import type { Column } from '../../kit/table/table-view.js';
import { wrapText } from '../../kit/text/wrap.js';
import type { Tone } from '../../theme/theme.js';

export interface RunRow {
	id: string;
	run: RunLog;
	summary: RunSummary;
}

export function runRows(runs: readonly RunLog[], now: number): RunRow[] {
	return runs.map((run) => ({ id: run.workflowRunId, run, summary: summarizeRun(run, now) }));
}

const tones: Record<string, Tone> = {
	RUN_STARTED: 'info',
	RUN_SUCCESS: 'ok',
	RUN_FAILED: 'error',
	RUN_CANCELED: 'muted',
	STEP_PROGRESS: 'info',
	STEP_SUCCESS: 'ok',
	STEP_RETRY: 'warn',
	STEP_FAILED: 'error',
	STEP_CANCELED: 'muted',
};

export function stateTone(state: string | undefined): Tone | undefined {
	return state === undefined ? undefined : tones[state];
}

export function isRunning(row: RunRow): boolean {
	return row.summary.state === 'RUN_STARTED';
}

/** Where the workflow lives, its path first: the host is the same for most runs. */
function workflowText(url: string | undefined): string {
	if (!url) return '';
	try {
		const parsed = new URL(url);
		return sanitize(`${parsed.pathname}${parsed.search}`);
	} catch {
		return sanitize(url);
	}
}

/**
 * The columns of the list. The run id keeps its width while the terminal allows it; what the
 * run does now and why it failed shrink before anything goes; when the terminal is narrow, the
 * start and the workflow's path go first (the detail has them).
 */
export function runColumns(): Column<RunRow>[] {
	return [
		{
			header: 'state',
			cell: (r) => sanitize(stateWord(r.summary.state)),
			tone: (r) => stateTone(r.summary.state),
			minWidth: 9,
		},
		{ header: 'run id', cell: (r) => sanitize(r.id), minWidth: 25, maxWidth: 40 },
		{
			header: 'steps',
			cell: (r) => String(r.summary.stepsDone),
			value: (r) => r.summary.stepsDone,
			align: 'right',
			minWidth: 5,
		},
		{ header: 'current step', cell: (r) => sanitize(r.summary.current ?? ''), minWidth: 12, maxWidth: 60 },
		{
			header: 'took',
			cell: (r) => (r.summary.durationMs === undefined ? '' : formatElapsed(r.summary.durationMs)),
			value: (r) => r.summary.durationMs,
			align: 'right',
			minWidth: 5,
		},
		{
			header: 'failure',
			cell: (r) => sanitize(r.summary.failure ?? ''),
			tone: () => 'error',
			minWidth: 10,
			maxWidth: 70,
		},
		{
			header: 'started',
			cell: (r) => (r.summary.startedAt === undefined ? '' : formatClock(r.summary.startedAt)),
			value: (r) => r.summary.startedAt,
			minWidth: 8,
		},
		{ header: 'workflow', cell: (r) => workflowText(r.summary.url), minWidth: 8, maxWidth: 40, cut: fitUrl },
	];
}

const labelWidth = 18;

/** What a run is, how long it took, and what it does now or how it ended: above its time line. */
export function runFacts(run: RunLog, now: number, width: number): DetailLine[] {
	const summary = summarizeRun(run, now);
	const kv = (label: string, value: string, tone?: Tone) => pair(label, value, width, labelWidth, tone);
	const lines: DetailLine[] = [...kv('workflow', sanitize(summary.url ?? ''))];
	const times = [
		summary.startedAt !== undefined ? `started ${formatClockMillis(summary.startedAt)}` : '',
		run.workflowRunCompletedAt !== undefined ? `ended ${formatClockMillis(run.workflowRunCompletedAt)}` : '',
		summary.durationMs !== undefined ? `took ${formatElapsed(summary.durationMs)}` : '',
	].filter(Boolean);
	if (times.length > 0) lines.push(...kv('when', times.join(' · ')));
	lines.push(...kv('steps done', String(summary.stepsDone)));
	if (summary.current) lines.push(...kv('now', sanitize(summary.current), 'info'));
	if (run.workflowRunResponse !== undefined)
		lines.push(...kv('result', sanitize(shownValue(run.workflowRunResponse)), 'ok'));
	if (summary.failure) lines.push(...kv('failure', sanitize(summary.failure), 'error'));
	return lines;
}

/** The rest of what is known of a run, under its time line, with what mqtop does not read. */
export function runExtras(run: RunLog, width: number): DetailLine[] {
	const kv = (label: string, value: string, tone?: Tone) => pair(label, value, width, labelWidth, tone);
	const lines: DetailLine[] = [];
	const fn = failureFunctionState(run);
	if (fn && run.failureFunction?.url)
		lines.push(...kv('failure function', `${sanitize(run.failureFunction.url)} (${sanitize(fn)})`));
	if (run.dlqId) lines.push(...kv('dead letter id', sanitize(run.dlqId), 'error'));
	const labels = run.labels ?? (run.label ? [run.label] : []);
	if (labels.length > 0) lines.push(...kv('labels', sanitize(labels.join(', '))));
	if (run.flowControlKey) lines.push(...kv('flow control', sanitize(run.flowControlKey)));
	if (run.workflowRunCallerIp) lines.push(...kv('caller IP', sanitize(run.workflowRunCallerIp)));
	const unknown = unknownFieldsSection(WorkflowRunLog, run, width, labelWidth);
	return [...(lines.length > 0 ? [{ text: '', dim: true }, ...lines] : []), ...unknown];
}

/** One step of a run (by its place among the log's steps): what it is, what went in and out, its retries. */
export function stepDetail(run: RunLog, index: number, width: number): DetailLine[] {
	const row = stepRows(run)[index];
	if (!row) return [{ text: "this step is no longer in the run's log", dim: true }];
	const kv = (label: string, value: string, tone?: Tone) => pair(label, value, width, labelWidth, tone);
	const where =
		row.group === 'parallel' ? 'a branch of parallel steps' : row.group === 'next' ? 'in motion' : '';
	const lines: DetailLine[] = [
		...kv('step', sanitize(row.name)),
		...kv('state', sanitize(stateWord(row.state)), stateTone(row.state)),
	];
	if (row.type || where)
		lines.push(...kv('type', sanitize([row.type ?? '', where].filter(Boolean).join(' · '))));
	if (row.at !== undefined)
		lines.push(...kv(row.group === 'next' ? 'created' : 'submitted', formatClockMillis(row.at)));
	if (row.afterMs !== undefined) lines.push(...kv('since the last step', `+${formatElapsed(row.afterMs)}`));
	if (row.retries) lines.push(...kv('failed attempts', `${row.retries} retries`, 'warn'));
	if (row.nextAt !== undefined) lines.push(...kv('due', formatClockMillis(row.nextAt)));
	const section = (name: string, values: readonly string[], tone?: Tone) =>
		values.length === 0
			? []
			: [
					...title(name),
					...values.flatMap((value) =>
						wrapText(sanitize(value), Math.max(10, width - 2)).map((text) => ({
							text,
							...(tone ? { tone } : {}),
						})),
					),
				];
	lines.push(
		...section('Input', row.input),
		...section('Output', row.output),
		...section('Failed attempts (newest 10, oldest first)', row.errors, 'error'),
	);
	return lines;
}
