/**
 * Workflow runs (docs/protocol/workflows.md#run-logs, docs/protocol/workflows.md#steps-body,
 * docs/protocol/workflows.md#ending-a-run, docs/protocol/workflows.md#cancel; upstash/docs
 * `workflow/openapi.yaml`):
 * - `GET /v2/workflows/logs` (and `GET /v2/workflows/events`, which the SDK's `logs()`
 *   calls with `groupBy=workflowRunId`): runs newest first with their state and steps;
 * - `GET /v2/workflows/runs/{id}`: a run's steps, as the SDK fetches them (404 once it ended);
 * - `DELETE /v2/workflows/runs/{id}`: cancel a run, or with `cancel=false` (the SDK at the
 *   end of a run, with its result as the body) end it well;
 * - `DELETE /v2/workflows/runs`: cancel the runs in progress that the filters pick.
 */

import type { FilterField } from '../../api/filters.js';
import { workflowRunStates, workflowStepStates } from '../../api/workflow-schemas.js';
import type { ServiceContext } from '../context.js';
import { invalid, notFound } from '../errors.js';
import { readBody } from '../http/body.js';
import { empty, ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import type { RunRecord } from '../stores/workflow-run-store.js';
import { runLog } from '../workflows/run-log.js';
import { matchesFilter, type ParsedFilter, parseFilter } from './filter-query.js';
import { pageCount } from './paging.js';

/** Filters a run shares with messages: what it was started with. */
const sharedFilters: FilterField[] = [
	'label',
	'callerIp',
	'flowControlKey',
	'fromDate',
	'toDate',
	'host',
	'path',
];
const logParameters = [
	'cursor',
	'count',
	'workflowUrl',
	'workflowRunId',
	'workflowCreatedAt',
	'workflowRuns',
	'state',
	'messageId',
	'groupBy',
	'trimBody',
];
const cancelParameters = ['count', 'cursor', 'workflowRunIds', 'workflowUrl', 'workflowUrlExactMatch', 'all'];

/** Runs shown per page by default, and at most (the reference allows 10 a page; locally more). */
const defaultRunsPage = 10;
const maxRunsPage = 100;

function values(query: URLSearchParams, name: string): string[] {
	return query
		.getAll(name)
		.flatMap((value) => (name === 'workflowUrl' ? [value] : value.split(',')))
		.map((value) => value.trim())
		.filter(Boolean);
}

interface RunFilter {
	shared: ParsedFilter;
	ids: string[];
	urls: string[];
	/** A URL filter matches exactly (logs) or as a prefix (bulk cancel, unless told otherwise). */
	exactUrl: boolean;
	createdAt: number[];
	/** `id@createdAt` pairs: when given, the other filters are left aside. */
	pairs: string[];
	states: string[];
	messageId: string | undefined;
}

function whole(name: string, text: string): number {
	if (!/^\d{1,16}$/.test(text))
		throw invalid(`${name}: expected unix milliseconds, got ${JSON.stringify(text)}`);
	return Number(text);
}

function readRunFilter(ctx: ServiceContext, req: Request, other: string[], exactUrl: boolean): RunFilter {
	const query = req.query;
	const shared = parseFilter(query, sharedFilters, [...other, ctx.dialect.tokenParam]);
	const states = values(query, 'state').map((state) => {
		const upper = state.toUpperCase();
		if (![...workflowRunStates, ...workflowStepStates].includes(upper as never))
			throw invalid(
				`state: expected one of ${[...workflowRunStates, ...workflowStepStates].join(', ')}, got ${JSON.stringify(state)}`,
			);
		return upper;
	});
	const urlExact = query.get('workflowUrlExactMatch');
	if (urlExact !== null && !['true', 'false'].includes(urlExact))
		throw invalid(`workflowUrlExactMatch: expected true or false, got ${JSON.stringify(urlExact)}`);
	return {
		shared,
		ids: [...values(query, 'workflowRunId'), ...values(query, 'workflowRunIds')],
		urls: values(query, 'workflowUrl'),
		exactUrl: exactUrl || urlExact === 'true',
		createdAt: values(query, 'workflowCreatedAt').map((text) => whole('workflowCreatedAt', text)),
		pairs: values(query, 'workflowRuns'),
		states,
		messageId: query.get('messageId') || undefined,
	};
}

function runMatches(filter: RunFilter, run: RunRecord): boolean {
	if (filter.pairs.length > 0) return filter.pairs.includes(`${run.id}@${run.createdAt}`);
	if (filter.ids.length > 0 && !filter.ids.includes(run.id)) return false;
	if (filter.createdAt.length > 0 && !filter.createdAt.includes(run.createdAt)) return false;
	if (
		filter.urls.length > 0 &&
		!filter.urls.some((url) => (filter.exactUrl ? run.url === url : run.url.startsWith(url)))
	)
		return false;
	if (filter.states.some((s) => s.startsWith('RUN_')) && !filter.states.includes(run.state)) return false;
	if (filter.messageId !== undefined && !run.entries.some((e) => e.messageId === filter.messageId))
		return false;
	return matchesFilter(filter.shared, {
		messageId: '',
		url: run.url,
		labels: run.options.labels,
		callerIp: run.callerIp,
		flowControlKey: run.options.flowControl?.key,
		time: run.createdAt,
	});
}

function listRuns(ctx: ServiceContext, req: Request): Reply {
	const groupBy = req.query.get('groupBy');
	if (groupBy !== null && groupBy !== 'workflowRunId')
		throw invalid(
			`groupBy: the local service lists runs (groupBy=workflowRunId), got ${JSON.stringify(groupBy)}`,
		);
	const filter = readRunFilter(ctx, req, logParameters, true);
	const count = pageCount(req, defaultRunsPage, maxRunsPage);
	const cursor = req.query.get('cursor') || undefined;
	let runs = ctx.runs.newestFirst();
	if (cursor !== undefined) {
		const at = runs.findIndex((run) => run.id === cursor);
		if (at < 0) throw invalid(`cursor: ${JSON.stringify(cursor)} is not a cursor this service returned`);
		runs = runs.slice(at);
	}
	const stepStates = filter.states.filter((s) => s.startsWith('STEP_'));
	const page = [];
	let next: string | undefined;
	for (const run of runs) {
		if (!runMatches(filter, run)) continue;
		const log = runLog(run, ctx.waiters.forRun(run.id));
		if (
			stepStates.length > 0 &&
			!log.steps.some((g) => g.steps.some((s) => stepStates.includes(s.state ?? '')))
		)
			continue;
		if (page.length === count) {
			next = run.id;
			break;
		}
		page.push(log);
	}
	return ok(next === undefined ? { runs: page } : { cursor: next, runs: page });
}

export const workflowLogs = listRuns;
export const workflowEvents = listRuns;

export function runSteps(ctx: ServiceContext, req: Request): Reply {
	const steps = ctx.workflows.history.steps(req.params.id ?? '');
	// 404, as the SDK reads it: the run ended (or never was), there are no steps to run.
	if (!steps) throw notFound(`workflow run ${JSON.stringify(req.params.id)} is not in progress`);
	return ok(steps);
}

/** `cancel=false` ends a run well (the SDK, with the run's result); otherwise it is cancelled. */
export async function deleteRun(ctx: ServiceContext, req: Request): Promise<Reply> {
	const id = req.params.id ?? '';
	const cancel = req.query.get('cancel');
	if (cancel !== null && cancel !== 'true' && cancel !== 'false')
		throw invalid(`cancel: expected true or false, got ${JSON.stringify(cancel)}`);
	if (cancel === 'false') {
		const body = await readBody(req.raw, ctx.limits.max_message_size);
		ctx.workflows.lifecycle.complete(id, body.toString('utf8'));
		return empty();
	}
	ctx.workflows.lifecycle.cancel(id);
	return empty();
}

export function cancelRuns(ctx: ServiceContext, req: Request): Reply {
	const filter = readRunFilter(ctx, req, cancelParameters, false);
	const all = req.query.get('all');
	if (all !== null && all !== 'true') throw invalid(`all: expected true, got ${JSON.stringify(all)}`);
	const limit = pageCount(req, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
	const cancelled = ctx.workflows.lifecycle.cancelWhere((run) => runMatches(filter, run), limit);
	return ok({ cancelled });
}
