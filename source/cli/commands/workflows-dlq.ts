/**
 * `mqtop workflows dlq list|show|resume|restart|delete|callback`: the dead letters of failed
 * workflow runs (docs/protocol/workflows.md#dead-letters-of-runs). Resume goes on from the step
 * that failed, restart from the start, each as a new run; the edits act on the dlq ids given,
 * or on everything a filter matches, on the whole queue only with --all. They ask nothing:
 * scripts run them.
 */
import { DurationError, parseDuration } from '../../api/duration.js';
import { parseTimeBound } from '../../api/filter-settings.js';
import type {
	FailedRun,
	Revival,
	RevivalOverrides,
	WorkflowDlqFilter,
	WorkflowDlqSelection,
} from '../../api/workflow-dlq-api.js';
import { WorkflowDlqRecord } from '../../api/workflow-schemas.js';
import { orMissing, text } from '../../format/missing.js';
import { formatTime } from '../../format/time.js';
import { sanitize } from '../../text/sanitize.js';
import { type ParsedArgs, UsageError } from '../args.js';
import type { CommandSpec } from '../define.js';
import { pageFlags, readPageCount } from '../page-flags.js';
import { extraPairs, warnIssues } from '../reading.js';

const actions = ['list', 'show', 'resume', 'restart', 'delete', 'callback'] as const;
type Action = (typeof actions)[number];

function readFilter(args: ParsedArgs): WorkflowDlqFilter {
	const filter: WorkflowDlqFilter = {};
	const url = args.string('url');
	if (url) filter.workflowUrl = url;
	const run = args.string('run');
	if (run) filter.workflowRunId = run;
	const label = args.string('label');
	if (label) filter.label = label;
	const state = args.string('failure-state');
	if (state) filter.failureFunctionState = state.toUpperCase();
	const now = Date.now();
	for (const bound of ['from', 'to'] as const) {
		const given = args.string(bound);
		if (given === undefined) continue;
		try {
			filter[bound === 'from' ? 'fromDate' : 'toDate'] = parseTimeBound(given, now);
		} catch (error) {
			throw new UsageError(`--${bound}: ${(error as Error).message}`);
		}
	}
	return filter;
}

function readOverrides(args: ParsedArgs): RevivalOverrides {
	const overrides: RevivalOverrides = {};
	const retries = args.string('retries');
	if (retries !== undefined) {
		if (!/^\d+$/.test(retries))
			throw new UsageError(`--retries: expected a whole number, got ${JSON.stringify(retries)}`);
		overrides.retries = Number(retries);
	}
	const delay = args.string('delay');
	if (delay !== undefined) {
		try {
			overrides.delayMs = parseDuration(delay);
		} catch (error) {
			if (error instanceof DurationError) throw new UsageError(`--delay: ${error.message}`);
			throw error;
		}
	}
	const label = args.string('set-label');
	if (label) overrides.labels = [label];
	const failureUrl = args.string('failure-url');
	if (failureUrl) overrides.failureCallback = failureUrl;
	return overrides;
}

function selectionOf(args: ParsedArgs, ids: readonly string[]): WorkflowDlqSelection {
	const filter = readFilter(args);
	const filtered = Object.keys(filter).length > 0;
	const all = args.boolean('all');
	const ways = [ids.length > 0, filtered, all].filter(Boolean).length;
	if (ways !== 1) throw new UsageError('give dlq ids, a filter or --all (one of them)');
	if (ids.length > 0) return { dlqIds: ids };
	return filtered ? { filter } : { all: true };
}

function readAction(word: string | undefined): Action {
	if ((actions as readonly (string | undefined)[]).includes(word)) return word as Action;
	throw new UsageError(`expected one of ${actions.join(', ')}, got ${JSON.stringify(word ?? '')}`);
}

function listTable(out: Parameters<CommandSpec['run']>[0]['out'], letters: readonly FailedRun[]): void {
	out.table(
		[
			{ header: 'dlq id' },
			{ header: 'run' },
			{ header: 'workflow url' },
			{ header: 'failed' },
			{ header: 'status', align: 'right' },
			{ header: 'failure callback' },
		],
		letters.map((l) => [
			sanitize(l.dlqId),
			text(l.workflowRunId),
			text(l.workflowUrl ?? l.url),
			orMissing(l.createdAt, formatTime),
			text(l.responseStatus === undefined ? undefined : String(l.responseStatus)),
			text(l.failureFunctionState),
		]),
	);
}

export const workflowsDlq: CommandSpec = {
	name: 'workflows dlq',
	summary: 'failed runs; action: list, show, resume (from the failed step), restart, delete, callback',
	usage: '<action> [<dlqId> ...]',
	description: [
		'resume goes on from the step that failed, keeping the results of the steps before it; restart runs ' +
			'the run again from the start. Both make a new run (its id is printed) and take the dead letter ' +
			"out. --retries, --delay, --set-label and --failure-url override the failed run's settings.",
		'callback calls the failure function (or failure URL) of a run again once it failed; with --cancel ' +
			'it cancels the one in progress.',
		'resume, restart and delete act on the dlq ids given, on what the filter flags match, or on every ' +
			'failed run with --all.',
	],
	examples: [
		'mqtop workflows dlq list --url https://app.example.com/api/orders',
		'mqtop workflows dlq resume 1767225600000-0 --retries 5',
		'mqtop workflows dlq restart --label nightly',
		'mqtop workflows dlq delete --all --json',
	],
	arguments: { min: 1, max: 101 },
	flags: {
		url: { type: 'string', value: '<url>', description: 'only runs of this workflow URL' },
		run: { type: 'string', value: '<runId>', description: 'only this failed run' },
		label: { type: 'string', value: '<label>', description: 'only runs with this label' },
		'failure-state': {
			type: 'string',
			value: '<state>',
			description: 'only runs whose failure callback is in this state (CALLBACK_FAIL, ...)',
		},
		from: { type: 'string', value: '<time>', description: 'failed at or after (15m, 2h, a date, unix time)' },
		to: { type: 'string', value: '<time>', description: 'failed at or before' },
		all: { type: 'boolean', description: 'every failed run (resume, restart, delete)' },
		...pageFlags('runs', 'list: '),
		retries: { type: 'string', value: '<n>', description: 'resume/restart: retries of the new run' },
		delay: {
			type: 'string',
			value: '<duration>',
			description: 'resume/restart: wait this long first (10s, 5m)',
		},
		'set-label': { type: 'string', value: '<label>', description: "resume/restart: the new run's label" },
		'failure-url': {
			type: 'string',
			value: '<url>',
			description: "resume/restart: the new run's failure URL",
		},
		cancel: { type: 'boolean', description: 'callback: cancel the failure callback in progress' },
	},
	api: 'queue',
	async run({ args, out, connect }) {
		const [word, ...ids] = args.positionals;
		const action = readAction(word);
		const one = () => {
			if (ids.length !== 1) throw new UsageError(`${action} takes one dlq id`);
			return ids[0]!;
		};
		if (action === 'list') {
			const count = readPageCount(args);
			const filter = readFilter(args);
			const { client } = await connect();
			const cursor = args.string('cursor');
			const { data, issues } = await client.workflowDlq.list({
				filter,
				...(count ? { count } : {}),
				...(cursor ? { cursor } : {}),
			});
			warnIssues(out, 'workflows dlq list', issues);
			if (out.json) return void out.document(data);
			if (data.messages.length === 0)
				return void out.line('no failed workflow runs in the dead letter queue');
			listTable(out, data.messages);
			if (data.cursor) out.line(`more: mqtop workflows dlq list --cursor ${sanitize(data.cursor)}`);
			return undefined;
		}
		if (action === 'show') {
			const id = one();
			const { client } = await connect();
			const { data, issues } = await client.workflowDlq.read(id);
			warnIssues(out, 'workflows dlq show', issues);
			if (out.json) return void out.document(data);
			out.pairs([
				['dlq id', sanitize(data.dlqId)],
				['run', text(data.workflowRunId)],
				['workflow url', text(data.workflowUrl)],
				['failed', orMissing(data.createdAt, formatTime)],
				['status', text(data.responseStatus === undefined ? undefined : String(data.responseStatus))],
				['response', text(data.responseBody)],
				['failure callback', text(data.failureFunctionState)],
				...extraPairs(WorkflowDlqRecord, data),
			]);
			return undefined;
		}
		if (action === 'callback') {
			const id = one();
			const { client } = await connect();
			if (args.boolean('cancel')) {
				await client.workflowDlq.cancelFailureCallback(id);
				if (out.json) return void out.document({ dlqId: id, cancelled: true });
				return void out.line(`cancelled the failure callback of ${sanitize(id)}`);
			}
			const { data } = await client.workflowDlq.retryFailureCallback(id);
			if (out.json) return void out.document(data);
			return void out.line(`called the failure callback of run ${sanitize(data.workflowRunId)} again`);
		}
		if (action === 'delete') {
			const selection = selectionOf(args, ids);
			const { client } = await connect();
			let deleted = 0;
			if (ids.length === 1) {
				await client.workflowDlq.delete(ids[0]!);
				deleted = 1;
			} else deleted = (await client.workflowDlq.deleteMany(selection)).data.deleted ?? 0;
			if (out.json) return void out.document({ deleted });
			return void out.line(`deleted ${deleted} failed workflow run${deleted === 1 ? '' : 's'}`);
		}
		return revive(action, args, ids, out, connect);
	},
};

async function revive(
	how: Revival,
	args: ParsedArgs,
	ids: readonly string[],
	out: Parameters<CommandSpec['run']>[0]['out'],
	connect: Parameters<CommandSpec['run']>[0]['connect'],
): Promise<undefined> {
	const overrides = readOverrides(args);
	const selection = selectionOf(args, ids);
	const { client } = await connect();
	const runs: { workflowRunId: string; workflowCreatedAt?: number | undefined }[] = [];
	if (ids.length === 1) runs.push((await client.workflowDlq.revive(how, ids[0]!, overrides)).data);
	else {
		// By filter or all the service answers a page at a time: its cursor goes on to the next.
		let round: WorkflowDlqSelection = selection;
		for (let i = 0; i < 1000; i++) {
			const { data } = await client.workflowDlq.reviveMany(how, round, overrides);
			runs.push(...data.workflowRuns);
			if (!data.cursor || 'dlqIds' in round) break;
			round = { ...round, cursor: data.cursor };
		}
	}
	if (out.json) return void out.document({ workflowRuns: runs });
	const verb = how === 'resume' ? 'resumed' : 'restarted';
	if (runs.length === 0) return void out.line(`no failed workflow runs ${verb}`);
	for (const run of runs) out.line(`${verb} as run ${sanitize(run.workflowRunId)}`);
	return undefined;
}
