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

/** Lines of a step's input, output or errors, under a short label, wrapped. */
function stepValues(label: string, values: readonly string[], width: number, tone?: Tone): DetailLine[] {
	return values.flatMap((value, i) =>
		wrapText(sanitize(value), Math.max(10, width - 9)).map((text, j) => ({
			label: i === 0 && j === 0 ? `     ${label.padEnd(4)}` : ' '.repeat(9),
			text,
			...(tone ? { tone } : {}),
		})),
	);
}

/** Everything known of a run: its facts, then its steps one by one. */
export function runDetail(run: RunLog, now: number, width: number): DetailLine[] {
	const summary = summarizeRun(run, now);
	const kv = (label: string, value: string, tone?: Tone) => pair(label, value, width, labelWidth, tone);
	const lines: DetailLine[] = [
		...kv('state', sanitize(stateWord(summary.state)), stateTone(summary.state)),
		...kv('workflow', sanitize(summary.url ?? '')),
	];
	if (summary.startedAt !== undefined) lines.push(...kv('started', formatClockMillis(summary.startedAt)));
	if (run.workflowRunCompletedAt !== undefined)
		lines.push(...kv('ended', formatClockMillis(run.workflowRunCompletedAt)));
	if (summary.durationMs !== undefined) lines.push(...kv('took', formatElapsed(summary.durationMs)));
	lines.push(...kv('steps done', String(summary.stepsDone)));
	if (summary.current) lines.push(...kv('now', sanitize(summary.current), 'info'));
	if (run.workflowRunResponse !== undefined)
		lines.push(...kv('result', sanitize(shownValue(run.workflowRunResponse)), 'ok'));
	if (summary.failure) lines.push(...kv('failure', sanitize(summary.failure), 'error'));
	const fn = failureFunctionState(run);
	if (fn && run.failureFunction?.url)
		lines.push(...kv('failure function', `${sanitize(run.failureFunction.url)} (${sanitize(fn)})`));
	if (run.dlqId) lines.push(...kv('dead letter id', sanitize(run.dlqId), 'error'));
	const labels = run.labels ?? (run.label ? [run.label] : []);
	if (labels.length > 0) lines.push(...kv('labels', sanitize(labels.join(', '))));
	if (run.flowControlKey) lines.push(...kv('flow control', sanitize(run.flowControlKey)));
	if (run.workflowRunCallerIp) lines.push(...kv('caller IP', sanitize(run.workflowRunCallerIp)));

	const rows = stepRows(run);
	// Counted as 'steps done' counts them: the start is step 0, listed but not counted.
	lines.push(...title(`Steps (the start, then ${summary.stepsDone} done; oldest first)`));
	if (rows.length === 0) lines.push({ text: 'none reported', dim: true });
	let index = 0;
	for (const row of rows) {
		const marker = row.group === 'next' ? '→' : row.group === 'parallel' ? '‖' : String(index);
		if (row.group !== 'next') index++;
		const facts = [
			row.type ?? '',
			row.at !== undefined ? formatClockMillis(row.at) : '',
			row.afterMs !== undefined ? `+${formatElapsed(row.afterMs)}` : '',
			row.retries ? `retried ${row.retries}` : '',
			row.nextAt !== undefined ? `next ${formatClock(row.nextAt)}` : '',
		]
			.filter(Boolean)
			.join(' · ');
		lines.push(
			{
				label: `${marker.padStart(3)} `,
				text: `${sanitize(row.name)}  ${sanitize(stateWord(row.state))}${facts ? ` · ${sanitize(facts)}` : ''}`,
				tone: stateTone(row.state),
			},
			...stepValues('in', row.input, width),
			...stepValues('out', row.output, width),
			...stepValues('err', row.errors, width, 'error'),
		);
	}
	lines.push(...unknownFieldsSection(WorkflowRunLog, run, width, labelWidth));
	return lines;
}
