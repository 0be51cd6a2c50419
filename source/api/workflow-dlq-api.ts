/**
 * The workflow DLQ (upstash/docs `workflow/openapi.yaml`, docs/protocol/workflows.md#dead-letters-of-runs):
 * the dead letters of failed runs, listed with the reference's filters, read, deleted, each
 * run resumed from the step that failed or restarted (a new run; the overrides ride as headers),
 * and its failure callback called again or cancelled. The requests that change state are
 * built apart, so that what a person confirms is what is sent.
 */
import { ApiError } from './errors.js';
import { withQuery } from './filters.js';
import type { Liberal, Reading } from './liberal.js';
import { DlqDeleted, preparePage } from './messaging-schemas.js';
import { type PageQuery, pageQuery, type Selection, selectionQuery } from './paging.js';
import { apiPath, pathSegment } from './paths.js';
import { encodePublishOptions, type PublishOptions } from './publish-options.js';
import { type ApiRequest, type Messaging, read, sendRead } from './transport.js';
import { RevivedRun, RevivedRuns, WorkflowDlqPage, WorkflowDlqRecord } from './workflow-schemas.js';

/** The largest page of the workflow DLQ the reference answers. */
export const workflowDlqPageLimit = 100;

/** What the workflow DLQ can be filtered by (the reference's names). */
export interface WorkflowDlqFilter {
	workflowUrl?: string;
	workflowRunId?: string;
	workflowCreatedAt?: number;
	label?: string;
	failureFunctionState?: string;
	callerIp?: string;
	flowControlKey?: string;
	/** Unix milliseconds, inclusive. */
	fromDate?: number;
	toDate?: number;
}

/** Which dead letters a bulk operation takes: by id, by filter (paged), or all (paged). */
export type WorkflowDlqSelection = Selection<WorkflowDlqFilter>;

/** A failed run's dead letter as read: its `dlqId`, and whatever else the service sent. */
export type FailedRun = Liberal<typeof WorkflowDlqRecord>;
export type FailedRunPage = Liberal<typeof WorkflowDlqPage>;

/** What a resume or restart may change of the run it brings back. */
export type RevivalOverrides = Pick<
	PublishOptions,
	'retries' | 'retryDelay' | 'flowControl' | 'labels' | 'failureCallback' | 'delayMs'
>;

export type Revival = 'resume' | 'restart';

function describe(selection: WorkflowDlqSelection): string {
	if ('dlqIds' in selection) {
		const count = selection.dlqIds.length;
		return `${count} failed workflow run${count === 1 ? '' : 's'}`;
	}
	return 'all' in selection ? 'every failed workflow run' : 'the matching failed workflow runs';
}

/** `POST /v2/workflows/dlq/{resume|restart}/{dlqId}`. */
export function reviveRequest(
	messaging: Messaging,
	how: Revival,
	dlqId: string,
	overrides: RevivalOverrides = {},
): ApiRequest {
	return {
		operation: `${how} failed workflow run ${dlqId}`,
		method: 'POST',
		path: `/v2/workflows/dlq/${how}/${pathSegment(dlqId)}`,
		headers: Object.fromEntries(encodePublishOptions(overrides, messaging.settings.dialect)),
	};
}

/** Whether a request is one `reviveRequest` makes: its answer is the new run. */
export function isRevivalRequest(request: ApiRequest): boolean {
	return request.method === 'POST' && /^\/v2\/workflows\/dlq\/(resume|restart)\/[^/?]+$/.test(request.path);
}

/** `POST /v2/workflows/dlq/{resume|restart}` with a selection. */
export function reviveManyRequest(
	messaging: Messaging,
	how: Revival,
	selection: WorkflowDlqSelection,
	overrides: RevivalOverrides = {},
): ApiRequest {
	return {
		operation: `${how} ${describe(selection)}`,
		method: 'POST',
		path: withQuery(`/v2/workflows/dlq/${how}`, selectionQuery(selection, workflowDlqPageLimit)),
		headers: Object.fromEntries(encodePublishOptions(overrides, messaging.settings.dialect)),
	};
}

/** `DELETE /v2/workflows/dlq/{dlqId}`. */
export function deleteWorkflowDlqRequest(dlqId: string): ApiRequest {
	return {
		operation: `delete failed workflow run ${dlqId}`,
		method: 'DELETE',
		path: `/v2/workflows/dlq/${pathSegment(dlqId)}`,
	};
}

/** `DELETE /v2/workflows/dlq` with a selection. */
export function deleteWorkflowDlqManyRequest(selection: WorkflowDlqSelection): ApiRequest {
	return {
		operation: `delete ${describe(selection)}`,
		method: 'DELETE',
		path: withQuery('/v2/workflows/dlq', selectionQuery(selection, workflowDlqPageLimit)),
	};
}

/** `POST /v2/workflows/dlq/callback/{dlqId}`: the run's failure callback, called again. */
export function retryFailureCallbackRequest(dlqId: string): ApiRequest {
	return {
		operation: `call the failure callback of failed workflow run ${dlqId} again`,
		method: 'POST',
		path: `/v2/workflows/dlq/callback/${pathSegment(dlqId)}`,
	};
}

/** `DELETE /v2/workflows/dlq/callback/{dlqId}`: cancels the failure callback in progress. */
export function cancelFailureCallbackRequest(dlqId: string): ApiRequest {
	return {
		operation: `cancel the failure callback of failed workflow run ${dlqId}`,
		method: 'DELETE',
		path: `/v2/workflows/dlq/callback/${pathSegment(dlqId)}`,
	};
}

export class WorkflowDlqApi {
	constructor(private readonly messaging: Messaging) {}

	/** A page of failed runs' dead letters, oldest first; `cursor` continues the listing. */
	list(query: PageQuery<WorkflowDlqFilter> = {}, signal?: AbortSignal): Promise<Reading<FailedRunPage>> {
		const path = withQuery('/v2/workflows/dlq', pageQuery(query, workflowDlqPageLimit));
		return read(this.messaging, 'list failed workflow runs', path, WorkflowDlqPage, signal, preparePage);
	}

	read(dlqId: string, signal?: AbortSignal) {
		return read(
			this.messaging,
			'read failed workflow run',
			apiPath`/v2/workflows/dlq/${dlqId}`,
			WorkflowDlqRecord,
			signal,
		);
	}

	/** Resumes (from the failed step) or restarts one failed run: its new run. */
	revive(how: Revival, dlqId: string, overrides?: RevivalOverrides) {
		return this.sendRevival(reviveRequest(this.messaging, how, dlqId, overrides));
	}

	/** Sends a revival made by `reviveRequest` as it is (after it was shown): its new run. */
	sendRevival(request: ApiRequest) {
		return sendRead(this.messaging, request, RevivedRun);
	}

	reviveMany(how: Revival, selection: WorkflowDlqSelection, overrides?: RevivalOverrides) {
		return sendRead(
			this.messaging,
			reviveManyRequest(this.messaging, how, selection, overrides),
			RevivedRuns,
			{
				prepare: preparePage,
			},
		);
	}

	async delete(dlqId: string): Promise<void> {
		await this.messaging.send(deleteWorkflowDlqRequest(dlqId));
	}

	deleteMany(selection: WorkflowDlqSelection) {
		return sendRead(this.messaging, deleteWorkflowDlqManyRequest(selection), DlqDeleted, {
			prepare: preparePage,
		});
	}

	retryFailureCallback(dlqId: string) {
		return sendRead(this.messaging, retryFailureCallbackRequest(dlqId), RevivedRun);
	}

	/** The reference answers the cancel with 302 (no redirect to follow): that is success too. */
	async cancelFailureCallback(dlqId: string): Promise<void> {
		try {
			await this.messaging.send(cancelFailureCallbackRequest(dlqId));
		} catch (error) {
			if (error instanceof ApiError && error.status === 302) return;
			throw error;
		}
	}
}
