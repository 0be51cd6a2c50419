/** `mqtop workflows list|show|cancel|notify|waiters|dlq`: workflow runs, their steps, their events, and failed runs. */
import type { Liberal } from '../../api/liberal.js';
import { WorkflowHeaders } from '../../api/workflow-protocol.js';
import { type Waiter, WorkflowRunLog, workflowRunStates } from '../../api/workflow-schemas.js';
import { type RunLog, runsPageLimit, type WorkflowRunFilter } from '../../api/workflows-api.js';
import { missing, orMissing, text } from '../../format/missing.js';
import { formatClockMillis, formatTime } from '../../format/time.js';
import {
	failureFunctionState,
	formatElapsed,
	type StepRow,
	stateWord,
	stepRows,
	summarizeRun,
} from '../../format/workflow-run.js';
import { sanitize } from '../../text/sanitize.js';
import type { StyleName } from '../../text/style.js';
import { type ParsedArgs, UsageError } from '../args.js';
import { type CommandSpec, defineGroup } from '../define.js';
import { RefusedError } from '../failure.js';
import { readStream, stdinHasData } from '../input.js';
import type { Output } from '../output.js';
import { extraPairs, warnIssues } from '../reading.js';
import type { Cell } from '../table.js';
import { workflowsDlq } from './workflows-dlq.js';

/** What `--state` takes besides the service's own names. */
const stateWords: Record<string, string> = {
	running: 'RUN_STARTED',
	started: 'RUN_STARTED',
	success: 'RUN_SUCCESS',
	succeeded: 'RUN_SUCCESS',
	failed: 'RUN_FAILED',
	canceled: 'RUN_CANCELED',
	cancelled: 'RUN_CANCELED',
};

export function stateStyle(state: string | undefined): StyleName | undefined {
	if (state === 'RUN_SUCCESS' || state === 'STEP_SUCCESS') return 'green';
	if (state === 'RUN_FAILED' || state === 'STEP_FAILED') return 'red';
	if (state === 'RUN_STARTED' || state === 'STEP_PROGRESS' || state === 'STEP_RETRY') return 'yellow';
	return 'dim';
}

function stateCell(state: string | undefined): Cell {
	if (state === undefined) return { text: missing, style: 'dim' };
	const style = stateStyle(state);
	const shown = sanitize(stateWord(state));
	return style ? { text: shown, style } : shown;
}

function readState(value: string | undefined): string | undefined {
	if (value === undefined) return undefined;
	const upper = value.toUpperCase();
	const state = stateWords[value.toLowerCase()] ?? upper;
	if (!(workflowRunStates as readonly string[]).includes(state) && !upper.startsWith('STEP_'))
		throw new UsageError(
			`--state: expected running, success, failed, cancelled (or ${workflowRunStates.join(', ')}), got ${JSON.stringify(value)}`,
		);
	return state;
}

function filterOf(args: ParsedArgs): WorkflowRunFilter {
	const filter: WorkflowRunFilter = {};
	const state = readState(args.string('state'));
	if (state) filter.state = state;
	const url = args.string('url');
	if (url) filter.workflowUrl = url;
	const label = args.string('label');
	if (label) filter.label = label;
	return filter;
}

function count(args: ParsedArgs): number {
	const given = args.string('count');
	if (given === undefined) return 20;
	if (!/^\d+$/.test(given) || Number(given) < 1 || Number(given) > 1000)
		throw new UsageError(`--count: expected a whole number from 1 to 1000, got ${JSON.stringify(given)}`);
	return Number(given);
}

export const workflowsList: CommandSpec = {
	name: 'workflows list',
	summary: 'workflow runs, newest first: state, steps done, current step, start, duration, failure',
	usage: '',
	arguments: { min: 0, max: 0 },
	flags: {
		state: {
			type: 'string',
			value: '<state>',
			description: 'only runs in this state: running, success, failed or cancelled',
		},
		url: { type: 'string', value: '<url>', description: 'only runs of this workflow URL (exactly)' },
		label: { type: 'string', value: '<label>', description: 'only runs with this label' },
		count: {
			type: 'string',
			value: '<n>',
			description: `how many runs (default 20; pages of ${runsPageLimit})`,
		},
	},
	examples: ['mqtop workflows list --state failed', 'mqtop workflows list --json | jq .[0].workflowRunId'],
	api: 'queue',
	async run({ args, out, connect }) {
		const filter = filterOf(args);
		const wanted = count(args);
		const { client } = await connect();
		const { data: runs, issues } = await client.workflows.recent(wanted, filter);
		warnIssues(out, 'workflows list', issues);
		if (out.json) return void out.document(runs);
		if (runs.length === 0) return void out.line('no workflow runs');
		const now = Date.now();
		out.table(
			[
				{ header: 'run' },
				{ header: 'state' },
				{ header: 'steps', align: 'right' },
				{ header: 'current step' },
				{ header: 'started' },
				{ header: 'took', align: 'right' },
				{ header: 'failure' },
			],
			runs.map((run) => {
				const s = summarizeRun(run, now);
				return [
					sanitize(s.id),
					stateCell(s.state),
					String(s.stepsDone),
					text(s.current ?? ''),
					orMissing(s.startedAt, formatTime),
					orMissing(s.durationMs, formatElapsed),
					s.failure ? { text: sanitize(s.failure), style: 'red' } : '',
				];
			}),
		);
		return undefined;
	},
};

function stepLines(out: Output, rows: readonly StepRow[]): void {
	const { style } = out;
	rows.forEach((row, index) => {
		const marker = row.group === 'next' ? '→' : row.group === 'parallel' ? '‖' : String(index);
		const state = stateCell(row.state);
		const stateText = typeof state === 'string' ? state : style.paint(state.style ?? 'dim', state.text);
		const timing = [
			row.at !== undefined ? formatClockMillis(row.at) : '',
			row.afterMs !== undefined ? `+${formatElapsed(row.afterMs)}` : '',
			row.retries ? `retried ${row.retries}` : '',
			row.nextAt !== undefined ? `next ${formatClockMillis(row.nextAt)}` : '',
		].filter(Boolean);
		out.line(
			`${style.bold(`${marker.padStart(2)} ${sanitize(row.name)}`)}  ${style.dim(sanitize(row.type ?? ''))}  ${stateText}  ${style.dim(timing.join('  '))}`,
		);
		for (const line of row.input) out.line(`     ${style.dim('in ')} ${sanitize(line)}`);
		for (const line of row.output) out.line(`     ${style.dim('out')} ${sanitize(line)}`);
		for (const error of row.errors) out.line(`     ${style.red('err')} ${sanitize(error)}`);
	});
}

function printRun(out: Output, run: RunLog): void {
	const s = summarizeRun(run, Date.now());
	const fn = run.failureFunction;
	const pairs: [string, Cell][] = [
		['run', sanitize(s.id)],
		['url', text(s.url)],
		['state', stateCell(s.state)],
		['started', orMissing(s.startedAt, formatTime)],
		['ended', orMissing(run.workflowRunCompletedAt, formatTime)],
		['took', orMissing(s.durationMs, formatElapsed)],
		['steps done', String(s.stepsDone)],
	];
	if (s.current) pairs.push(['now', sanitize(s.current)]);
	if (run.workflowRunResponse !== undefined) pairs.push(['result', sanitize(run.workflowRunResponse)]);
	if (s.failure) pairs.push(['failure', { text: sanitize(s.failure), style: 'red' }]);
	if (fn?.url) pairs.push(['failure function', `${sanitize(fn.url)} (${text(failureFunctionState(run))})`]);
	if (run.dlqId) pairs.push(['dlq id', sanitize(run.dlqId)]);
	const labels = run.labels ?? (run.label ? [run.label] : []);
	if (labels.length > 0) pairs.push(['labels', sanitize(labels.join(', '))]);
	if (run.flowControlKey) pairs.push(['flow control', sanitize(run.flowControlKey)]);
	if (run.workflowRunCallerIp) pairs.push(['caller', sanitize(run.workflowRunCallerIp)]);
	pairs.push(...extraPairs(WorkflowRunLog, run));
	out.pairs(pairs);
	out.line();
	stepLines(out, stepRows(run));
}

export const workflowsShow: CommandSpec = {
	name: 'workflows show',
	summary: 'one run with its steps: what went in and came out, timings, retries and errors',
	usage: '<runId>',
	description: [
		'Headers and JSON fields that carry credentials (authorization, tokens, passwords) are masked.',
	],
	arguments: { min: 1, max: 1 },
	api: 'queue',
	async run({ args, out, connect }) {
		const id = args.positionals[0]!;
		const { client } = await connect();
		const { data: run, issues } = await client.workflows.run(id);
		warnIssues(out, 'workflows show', issues);
		if (!run)
			throw new RefusedError(`no workflow run ${JSON.stringify(id)} (it may be older than the logs keep)`);
		if (out.json) out.document(run);
		else printRun(out, run);
		return undefined;
	},
};

export const workflowsCancel: CommandSpec = {
	name: 'workflows cancel',
	summary: 'cancel runs in progress: by id, by workflow URL (a prefix), or --all',
	usage: '[<runId> ...]',
	description: ['A cancelled run is called no more: its waiting steps, sleeps and waits are dropped.'],
	examples: [
		'mqtop workflows cancel wfr_abc',
		'mqtop workflows cancel --url https://app.example.com/api/orders',
		'mqtop workflows cancel --all',
	],
	arguments: { min: 0, max: 100 },
	flags: {
		url: { type: 'string', value: '<url>', description: 'every run whose workflow URL starts with this' },
		all: { type: 'boolean', description: 'every run in progress' },
	},
	api: 'queue',
	async run({ args, out, connect }) {
		const ids = args.positionals;
		const url = args.string('url');
		const all = args.boolean('all');
		const ways = [ids.length > 0, url !== undefined, all].filter(Boolean).length;
		if (ways !== 1) throw new UsageError('give run ids, --url or --all (one of them)');
		const { client } = await connect();
		let cancelled: number;
		if (ids.length === 1) {
			await client.workflows.cancel(ids[0]!);
			cancelled = 1;
		} else if (ids.length > 1) cancelled = await client.workflows.cancelMany({ workflowRunIds: ids });
		else if (url !== undefined)
			cancelled = await client.workflows.cancelMany({ filter: { workflowUrl: url } });
		else cancelled = await client.workflows.cancelMany({ all: true });
		if (out.json) return void out.document({ cancelled });
		out.line(`cancelled ${cancelled} workflow run${cancelled === 1 ? '' : 's'}`);
		return undefined;
	},
};

export const workflowsNotify: CommandSpec = {
	name: 'workflows notify',
	summary: 'hand an event to the steps waiting for it (waitForEvent)',
	usage: '<eventId>',
	description: [
		'The data is --data, or stdin when it is not a terminal. With --run, only that run gets it, and it is ' +
			'kept until the run waits for it.',
	],
	examples: ['mqtop workflows notify order-42-paid --data \'{"amount":12}\''],
	arguments: { min: 1, max: 1 },
	flags: {
		data: { type: 'string', value: '<text>', description: 'the event data (default: stdin, or empty)' },
		run: { type: 'string', value: '<runId>', description: 'only this run' },
	},
	api: 'queue',
	async run({ args, out, io, connect }) {
		const eventId = args.positionals[0]!;
		const data =
			args.string('data') ?? (stdinHasData(io) ? (await readStream(io.stdin)).toString('utf8') : '');
		const { client } = await connect();
		const { data: results, issues } = await client.workflows.notify(eventId, data, args.string('run'));
		warnIssues(out, 'workflows notify', issues);
		if (out.json) return void out.document(results);
		const reached = results.filter((r) => r.messageId);
		if (reached.length === 0)
			out.line(
				args.string('run') ? 'kept for the run until it waits for the event' : 'nobody waits for that event',
			);
		for (const result of reached)
			out.line(
				`notified ${text(result.workflowRunId ?? result.waiter?.url)} (message ${text(result.messageId)})`,
			);
		return undefined;
	},
};

export const workflowsWaiters: CommandSpec = {
	name: 'workflows waiters',
	summary: 'the steps waiting for an event',
	usage: '<eventId>',
	arguments: { min: 1, max: 1 },
	api: 'queue',
	async run({ args, out, connect }) {
		const { client } = await connect();
		const { data: waiters, issues } = await client.workflows.waiters(args.positionals[0]!);
		warnIssues(out, 'workflows waiters', issues);
		if (out.json) return void out.document(waiters);
		if (waiters.length === 0) return void out.line('nobody waits for that event');
		// The run a waiter belongs to travels in its headers, as the step's message carried it.
		const runIdHeader = new WorkflowHeaders(client.settings.dialect).runId.toLowerCase();
		const runOf = (w: Liberal<typeof Waiter>) =>
			Object.entries(w.headers ?? {}).find(([name]) => name.toLowerCase() === runIdHeader)?.[1]?.[0];
		out.table(
			[{ header: 'run' }, { header: 'workflow url' }, { header: 'until' }],
			waiters.map((w: Liberal<typeof Waiter>) => [
				text(runOf(w)),
				text(w.url),
				orMissing(w.deadline, (s) => formatTime(s * 1000)),
			]),
		);
		return undefined;
	},
};

export const workflowsCommand = defineGroup(
	'workflows',
	'workflow runs: list, show, cancel, notify, waiters, dlq',
	[workflowsList, workflowsShow, workflowsCancel, workflowsNotify, workflowsWaiters, workflowsDlq],
);
