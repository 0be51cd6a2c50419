/**
 * The dead letter queue beyond reading one record: listing with the filters of the
 * reference, retrying one or many (answering the new message ids) and deleting many.
 */
import { type DlqFilter, filterQuery, withQuery } from './filters.js';
import { DlqDeleted, DlqRetried, DlqRetriedMany, preparePage } from './messaging-schemas.js';
import { encodePublishOptions, type PublishOptions } from './publish-options.js';
import { DlqPage } from './schemas.js';
import { type ApiRequest, type Messaging, read, segment, sendRead } from './transport.js';

/** The largest page the deployed service answers. */
export const dlqPageLimit = 100;

/** Which dead letters a bulk operation takes: by id, by filter (paged), or all (paged). */
export type DlqSelection =
	| { dlqIds: readonly string[] }
	| { filter: DlqFilter; count?: number; cursor?: string }
	| { all: true; count?: number; cursor?: string };

export interface DlqListQuery {
	filter?: DlqFilter;
	dlqIds?: readonly string[];
	count?: number;
	cursor?: string;
}

function pageSize(count: number | undefined): number | undefined {
	return count === undefined ? undefined : Math.max(1, Math.min(dlqPageLimit, Math.floor(count)));
}

function selectionQuery(selection: DlqSelection): [string, string][] {
	if ('dlqIds' in selection) {
		if (selection.dlqIds.length === 0) throw new Error('give at least one dlqId, or select all explicitly');
		return selection.dlqIds.map((id) => ['dlqIds', id]);
	}
	const params = 'filter' in selection ? filterQuery(selection.filter) : [];
	if ('filter' in selection && params.length === 0)
		throw new Error('the filter selects nothing: give a filter, or select all explicitly');
	const count = pageSize(selection.count);
	if (count !== undefined) params.push(['count', String(count)]);
	if (selection.cursor) params.push(['cursor', selection.cursor]);
	return params;
}

function describeSelection(selection: DlqSelection): string {
	if ('dlqIds' in selection) return `${selection.dlqIds.length} dead letters`;
	return 'all' in selection ? 'all dead letters' : 'the matching dead letters';
}

export function retryDlqRequest(
	messaging: Messaging,
	dlqId: string,
	overrides: PublishOptions = {},
): ApiRequest {
	return {
		operation: `retry dead letter ${dlqId}`,
		method: 'POST',
		path: `/v2/dlq/retry/${segment(dlqId)}`,
		headers: Object.fromEntries(encodePublishOptions(overrides, messaging.settings.dialect)),
	};
}

export function retryDlqManyRequest(
	messaging: Messaging,
	selection: DlqSelection,
	overrides: PublishOptions = {},
): ApiRequest {
	return {
		operation: `retry ${describeSelection(selection)}`,
		method: 'POST',
		path: withQuery('/v2/dlq/retry', selectionQuery(selection)),
		headers: Object.fromEntries(encodePublishOptions(overrides, messaging.settings.dialect)),
	};
}

export function deleteDlqManyRequest(selection: DlqSelection): ApiRequest {
	return {
		operation: `delete ${describeSelection(selection)}`,
		method: 'DELETE',
		path: withQuery('/v2/dlq', selectionQuery(selection)),
	};
}

export class DlqApi {
	constructor(private readonly messaging: Messaging) {}

	/** A page of dead letters, oldest first; `cursor` continues the listing. */
	list(query: DlqListQuery = {}, signal?: AbortSignal) {
		const params: [string, string][] = query.dlqIds
			? query.dlqIds.map((id) => ['dlqIds', id])
			: filterQuery(query.filter ?? {});
		const count = pageSize(query.count);
		if (count !== undefined) params.push(['count', String(count)]);
		if (query.cursor && !query.dlqIds) params.push(['cursor', query.cursor]);
		const path = withQuery('/v2/dlq', params);
		return read(this.messaging, 'list dead letters', path, DlqPage, signal, preparePage);
	}

	/** Publishes the dead letter again (options override the original's) and removes it. */
	async retry(dlqId: string, overrides?: PublishOptions): Promise<string> {
		const answer = await sendRead(
			this.messaging,
			retryDlqRequest(this.messaging, dlqId, overrides),
			DlqRetried,
		);
		return answer.data.messageId;
	}

	retryMany(selection: DlqSelection, overrides?: PublishOptions) {
		return sendRead(
			this.messaging,
			retryDlqManyRequest(this.messaging, selection, overrides),
			DlqRetriedMany,
			{
				prepare: preparePage,
			},
		);
	}

	deleteMany(selection: DlqSelection) {
		return sendRead(this.messaging, deleteDlqManyRequest(selection), DlqDeleted, { prepare: preparePage });
	}
}
