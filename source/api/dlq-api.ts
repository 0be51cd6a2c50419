/**
 * The dead letter queue beyond reading one record: listing with the filters of the
 * reference, retrying one or many (answering the new message ids) and deleting many.
 */
import { type DlqFilter, withQuery } from './filters.js';
import type { Liberal } from './liberal.js';
import { DlqDeleted, DlqRetried, DlqRetriedMany, preparePage } from './messaging-schemas.js';
import { type PageQuery, pageQuery, type Selection, selectionQuery } from './paging.js';
import { apiPath, pathSegment } from './paths.js';
import { encodePublishOptions, type PublishOptions } from './publish-options.js';
import { DlqPage, DlqRecord } from './schemas.js';
import { type ApiRequest, type Messaging, read, sendRead } from './transport.js';

/** The largest page the deployed service answers. */
export const dlqPageLimit = 100;

/** A dead letter as read: its `messageId`, and whatever else the service sent. */
export type DeadLetter = Liberal<typeof DlqRecord>;
export type DeadLetterPage = Liberal<typeof DlqPage>;

/** Which dead letters a bulk operation takes: by id, by filter (paged), or all (paged). */
export type DlqSelection = Selection<DlqFilter>;

/** A page of the listing, or the records of these ids. */
export interface DlqListQuery extends PageQuery<DlqFilter> {
	dlqIds?: readonly string[];
}

function describeSelection(selection: DlqSelection): string {
	if ('dlqIds' in selection) {
		const count = selection.dlqIds.length;
		return `${count} dead letter${count === 1 ? '' : 's'}`;
	}
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
		path: `/v2/dlq/retry/${pathSegment(dlqId)}`,
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
		path: withQuery('/v2/dlq/retry', selectionQuery(selection, dlqPageLimit)),
		headers: Object.fromEntries(encodePublishOptions(overrides, messaging.settings.dialect)),
	};
}

export function deleteDlqManyRequest(selection: DlqSelection): ApiRequest {
	return {
		operation: `delete ${describeSelection(selection)}`,
		method: 'DELETE',
		path: withQuery('/v2/dlq', selectionQuery(selection, dlqPageLimit)),
	};
}

/** Rounds of a bulk operation at most: a service that kept answering cursors cannot loop forever. */
export const maxBulkRounds = 1000;

/** Records a count reads at most before it says "at least". */
export const defaultCountLimit = 10_000;

export interface DlqCount {
	count: number;
	/** False when the listing went on past the limit: there are at least `count`. */
	complete: boolean;
}

export class DlqApi {
	constructor(private readonly messaging: Messaging) {}

	/** A page of dead letters, oldest first; `cursor` continues the listing. */
	list(query: DlqListQuery = {}, signal?: AbortSignal) {
		const { dlqIds, ...page } = query;
		const params = dlqIds
			? [
					...dlqIds.map((id): [string, string] => ['dlqIds', id]),
					...pageQuery({ count: page.count }, dlqPageLimit),
				]
			: pageQuery(page, dlqPageLimit);
		const path = withQuery('/v2/dlq', params);
		return read(this.messaging, 'list dead letters', path, DlqPage, signal, preparePage);
	}

	/** One dead letter, with its body and the delivery that failed. */
	read(dlqId: string, signal?: AbortSignal) {
		return read(this.messaging, 'read dead letter', apiPath`/v2/dlq/${dlqId}`, DlqRecord, signal);
	}

	async delete(dlqId: string): Promise<void> {
		await this.messaging.send({
			operation: 'remove dead letter',
			method: 'DELETE',
			path: apiPath`/v2/dlq/${dlqId}`,
		});
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

	/** How many dead letters a filter matches now, by listing them page by page (up to `limit`). */
	async count(filter: DlqFilter, limit = defaultCountLimit, signal?: AbortSignal): Promise<DlqCount> {
		let count = 0;
		let cursor: string | undefined;
		const seen = new Set<string>();
		for (;;) {
			const { data } = await this.list(
				{ filter, count: dlqPageLimit, ...(cursor ? { cursor } : {}) },
				signal,
			);
			count += data.messages.length;
			cursor = data.cursor;
			if (!cursor || seen.has(cursor) || data.messages.length === 0) return { count, complete: true };
			if (count >= limit) return { count, complete: false };
			seen.add(cursor);
		}
	}

	/**
	 * Retries every dead letter of a selection: the request `retryDlqManyRequest` builds, then
	 * the same with each cursor the service answers, until it answers none. The new message ids,
	 * in the order the service gave them.
	 */
	async retryAll(selection: DlqSelection, overrides?: PublishOptions): Promise<{ messageIds: string[] }> {
		const messageIds: string[] = [];
		await this.everyRound(selection, async (round) => {
			const { data } = await this.retryMany(round, overrides);
			messageIds.push(...data.responses.map((r) => r.messageId));
			return data.cursor;
		});
		return { messageIds };
	}

	/** Deletes every dead letter of a selection, round by round as retryAll does; how many went. */
	async deleteAll(selection: DlqSelection): Promise<{ deleted: number }> {
		let deleted = 0;
		await this.everyRound(selection, async (round) => {
			const { data } = await this.deleteMany(round);
			deleted += data.deleted ?? 0;
			return data.cursor;
		});
		return { deleted };
	}

	private async everyRound(
		selection: DlqSelection,
		round: (selection: DlqSelection) => Promise<string | undefined>,
	): Promise<void> {
		let cursor = await round(selection);
		if ('dlqIds' in selection) return;
		const seen = new Set<string>();
		for (let rounds = 1; cursor && !seen.has(cursor) && rounds < maxBulkRounds; rounds++) {
			seen.add(cursor);
			cursor = await round({ ...selection, cursor });
		}
	}
}
