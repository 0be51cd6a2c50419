/**
 * Workflow runs (upstash/docs `workflow/openapi.yaml`): their logs
 * (docs/protocol/workflows.md#run-logs), cancel (one run, or many by ids or filters;
 * docs/protocol/workflows.md#cancel), notify a waiting step, and who waits for an event
 * (docs/protocol/workflows.md#events). Answers are read liberally: a run needs only its
 * `workflowRunId`. The requests that change state are built apart, so that what a person confirms
 * is what is sent.
 */
import { type OneOrMany, withQuery } from './filters.js';
import { readBody } from './http.js';
import type { Liberal, Reading } from './liberal.js';
import { apiPath, pathSegment } from './paths.js';
import { type WorkflowTriggerItem, WorkflowTriggerResult, WorkflowTriggerResults } from './schemas.js';
import type { ApiRequest, Messaging } from './transport.js';
import {
	CancelRunsResult,
	NotifyResult,
	NotifyResults,
	Waiters,
	type WorkflowRunLog,
	WorkflowRunsPage,
} from './workflow-schemas.js';

/** The largest page of runs the deployed service's reference allows. */
export const runsPageLimit = 10;

/** What the runs of the logs can be filtered by (the reference's names). */
export interface WorkflowRunFilter {
	workflowRunId?: string;
	/** The workflow's URL, exactly. */
	workflowUrl?: string;
	workflowCreatedAt?: number;
	/** A run state (`RUN_STARTED`, ...) or a step state (`STEP_FAILED`, ...). */
	state?: string;
	label?: string;
	flowControlKey?: string;
	callerIp?: string;
	/** Unix milliseconds, inclusive. */
	fromDate?: number;
	toDate?: number;
}

export interface RunsQuery {
	filter?: WorkflowRunFilter;
	/** Runs per page, at most 10. */
	count?: number;
	cursor?: string;
}

/** Which runs a bulk cancel takes: by id, by filter (a URL is a prefix unless `exactUrl`), or all. */
export type CancelRunsSelection =
	| { workflowRunIds: readonly string[] }
	| {
			filter: {
				workflowUrl?: string;
				exactUrl?: boolean;
				label?: OneOrMany<string>;
				fromDate?: number;
				toDate?: number;
				callerIp?: string;
				flowControlKey?: string;
			};
	  }
	| { all: true };

function params(record: object): [string, string][] {
	const out: [string, string][] = [];
	for (const [name, value] of Object.entries(record)) {
		if (value === undefined || value === null || value === '') continue;
		for (const item of Array.isArray(value) ? value : [value]) out.push([name, String(item)]);
	}
	return out;
}

/** `DELETE /v2/workflows/runs/{id}`: cancels one run in progress. */
export function cancelRunRequest(workflowRunId: string): ApiRequest {
	return {
		operation: `cancel workflow run ${workflowRunId}`,
		method: 'DELETE',
		path: `/v2/workflows/runs/${pathSegment(workflowRunId)}`,
	};
}

/** `DELETE /v2/workflows/runs`: cancels the runs in progress a selection takes. */
export function cancelRunsRequest(selection: CancelRunsSelection): ApiRequest {
	if ('workflowRunIds' in selection) {
		if (selection.workflowRunIds.length === 0)
			throw new Error('give at least one workflow run id, or cancel all explicitly');
		return {
			operation: `cancel ${selection.workflowRunIds.length} workflow runs`,
			method: 'DELETE',
			path: withQuery(
				'/v2/workflows/runs',
				selection.workflowRunIds.map((id) => ['workflowRunIds', id]),
			),
		};
	}
	if ('filter' in selection) {
		const { exactUrl, ...filter } = selection.filter;
		const query = params(filter);
		if (query.length === 0)
			throw new Error('the filter selects nothing: give a filter, or cancel all explicitly');
		if (exactUrl && filter.workflowUrl) query.push(['workflowUrlExactMatch', 'true']);
		return {
			operation: 'cancel the matching workflow runs',
			method: 'DELETE',
			path: withQuery('/v2/workflows/runs', query),
		};
	}
	return { operation: 'cancel all workflow runs', method: 'DELETE', path: '/v2/workflows/runs' };
}

/**
 * `POST /v2/notify/{eventId}` (every waiter of the event) or, with a run,
 * `POST /v2/notify/{workflowRunId}/{eventId}` (kept until that run waits).
 */
export function notifyRequest(eventId: string, data: string, workflowRunId?: string): ApiRequest {
	const path =
		workflowRunId === undefined
			? `/v2/notify/${pathSegment(eventId)}`
			: `/v2/notify/${pathSegment(workflowRunId)}/${pathSegment(eventId)}`;
	return {
		operation: `notify ${eventId}${workflowRunId ? ` for ${workflowRunId}` : ''}`,
		method: 'POST',
		path,
		body: data,
	};
}

export type RunLog = Liberal<typeof WorkflowRunLog>;

export function batchTriggerRequest(items: readonly WorkflowTriggerItem[]): ApiRequest {
	return { operation: 'trigger workflow runs', method: 'POST', path: '/v2/batch/trigger', json: items };
}

export class WorkflowsApi {
	constructor(private readonly messaging: Messaging) {}

	private async read<S extends Parameters<typeof readBody>[2]>(
		request: ApiRequest,
		schema: S,
		signal?: AbortSignal,
	) {
		return readBody(request.operation, await this.messaging.send(request, signal), schema);
	}

	/** A page of runs newest first, with their state and steps; `cursor` continues below it. */
	logs(query: RunsQuery = {}, signal?: AbortSignal): Promise<Reading<Liberal<typeof WorkflowRunsPage>>> {
		const query_ = params(query.filter ?? {});
		if (query.count !== undefined)
			query_.push(['count', String(Math.max(1, Math.min(runsPageLimit, Math.floor(query.count))))]);
		if (query.cursor) query_.push(['cursor', query.cursor]);
		const request: ApiRequest = {
			operation: 'list workflow runs',
			method: 'GET',
			path: withQuery('/v2/workflows/logs', query_),
		};
		return this.read(request, WorkflowRunsPage, signal);
	}

	/** The newest `count` runs (as many pages as that takes). */
	async recent(
		count: number,
		filter: WorkflowRunFilter = {},
		signal?: AbortSignal,
	): Promise<Reading<RunLog[]>> {
		const runs: RunLog[] = [];
		const issues: Reading<unknown>['issues'] = [];
		let cursor: string | undefined;
		do {
			const page = await this.logs(
				{ filter, count: Math.min(runsPageLimit, count - runs.length), cursor },
				signal,
			);
			runs.push(...page.data.runs.slice(0, count - runs.length));
			issues.push(...page.issues);
			cursor = page.data.cursor || undefined;
		} while (cursor && runs.length < count);
		return { data: runs, issues };
	}

	/** One run with its steps; undefined when the service has no run of that id. */
	async run(workflowRunId: string, signal?: AbortSignal): Promise<Reading<RunLog | undefined>> {
		const page = await this.logs({ filter: { workflowRunId }, count: 1 }, signal);
		return { data: page.data.runs.find((run) => run.workflowRunId === workflowRunId), issues: page.issues };
	}

	async cancel(workflowRunId: string): Promise<void> {
		await this.messaging.send(cancelRunRequest(workflowRunId));
	}

	/** Cancels the runs a selection takes; how many were cancelled. */
	async cancelMany(selection: CancelRunsSelection): Promise<number> {
		const request = cancelRunsRequest(selection);
		const response = await this.messaging.send(request);
		if (response.text.trim() === '') return 0;
		return readBody(request.operation, response, CancelRunsResult).data.cancelled ?? 0;
	}

	/** Hands `data` to the steps waiting for the event (of one run, when given). */
	async notify(
		eventId: string,
		data: string,
		workflowRunId?: string,
	): Promise<Reading<Liberal<typeof NotifyResult>[]>> {
		const request = notifyRequest(eventId, data, workflowRunId);
		const response = await this.messaging.send(request);
		if (workflowRunId === undefined) return readBody(request.operation, response, NotifyResults);
		const { data: one, issues } = readBody(request.operation, response, NotifyResult);
		return { data: [one], issues };
	}

	/** The steps waiting for an event. */
	waiters(eventId: string, signal?: AbortSignal) {
		return this.read(
			{ operation: `list waiters of ${eventId}`, method: 'GET', path: `/v2/waiters/${pathSegment(eventId)}` },
			Waiters,
			signal,
		);
	}

	/** Starts a run of the workflow at `destination`, with the body and headers as given. */
	trigger(destination: string, body?: string, headers?: Record<string, string>) {
		return this.read(
			{
				operation: `trigger workflow ${destination}`,
				method: 'POST',
				path: apiPath`/v2/trigger/${destination}`,
				headers: headers ?? {},
				body: body ?? '',
			},
			WorkflowTriggerResult,
		);
	}

	/** Starts a workflow run per item (`POST /v2/batch/trigger`), in order. */
	triggerMany(items: WorkflowTriggerItem[]) {
		return this.read(batchTriggerRequest(items), WorkflowTriggerResults);
	}
}
