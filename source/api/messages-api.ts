/**
 * Messages in delivery: read or cancel one, and operations on many at once: batch publish (one
 * answer per item, each item with its own headers, nothing shared between items) and bulk
 * cancel by ids, by filter or all.
 */
import { type CancelFilter, filterQuery, withQuery } from './filters.js';
import { readBody } from './http.js';
import type { Liberal } from './liberal.js';
import { BatchResults, prepareBatchResults } from './messaging-schemas.js';
import { apiPath } from './paths.js';
import { CancelResult, Message } from './schemas.js';
import { type ApiRequest, type Messaging, type PublishLike, read, sendRead } from './transport.js';

export interface BatchItem extends PublishLike {
	/** Enqueue the item to this queue instead of publishing it. */
	queueName?: string;
}

/** One batch item as the service takes it: destination as given, its headers, its body. */
export interface BatchItemWire {
	destination: string;
	headers: Record<string, string>;
	body?: string;
	queue?: string;
}

export function batchItemWire(messaging: Messaging, item: BatchItem): BatchItemWire {
	const { headers } = messaging.describePublish(item);
	const wire: BatchItemWire = { destination: item.destination, headers };
	if (item.body !== undefined)
		wire.body = typeof item.body === 'string' ? item.body : Buffer.from(item.body).toString('utf8');
	if (item.queueName !== undefined) wire.queue = item.queueName;
	return wire;
}

export function batchRequest(messaging: Messaging, items: readonly BatchItem[]): ApiRequest {
	return {
		operation: `publish a batch of ${items.length}`,
		method: 'POST',
		path: '/v2/batch',
		json: items.map((item) => batchItemWire(messaging, item)),
	};
}

/** `DELETE /v2/messages/{id}`: cancels one message that has not been delivered yet. */
export function cancelMessageRequest(messageId: string): ApiRequest {
	return {
		operation: `cancel message ${messageId}`,
		method: 'DELETE',
		path: apiPath`/v2/messages/${messageId}`,
	};
}

/** Which waiting messages a bulk cancel takes: by id, by filter, or all of them. */
export type CancelSelection = { messageIds: readonly string[] } | { filter: CancelFilter } | { all: true };

export function cancelMessagesRequest(selection: CancelSelection): ApiRequest {
	let params: [string, string][] = [];
	let what = 'all messages';
	if ('messageIds' in selection) {
		if (selection.messageIds.length === 0)
			throw new Error('give at least one messageId, or cancel all explicitly');
		params = selection.messageIds.map((id) => ['messageIds', id]);
		what = `${selection.messageIds.length} messages`;
	} else if ('filter' in selection) {
		params = filterQuery(selection.filter);
		if (params.length === 0)
			throw new Error('the filter selects nothing: give a filter, or cancel all explicitly');
		what = 'the matching messages';
	}
	return { operation: `cancel ${what}`, method: 'DELETE', path: withQuery('/v2/messages', params) };
}

export class MessagesApi {
	constructor(private readonly messaging: Messaging) {}

	/** A message still in delivery. */
	read(messageId: string, signal?: AbortSignal) {
		return read(this.messaging, 'read message', apiPath`/v2/messages/${messageId}`, Message, signal);
	}

	/** The reference answers `{cancelled: 1}`, the SDK reads no body: an empty answer is `{}`. */
	async cancelOne(messageId: string) {
		const request = cancelMessageRequest(messageId);
		const response = await this.messaging.send(request);
		if (response.text.trim() === '') return {} as Liberal<typeof CancelResult>;
		return readBody(request.operation, response, CancelResult).data;
	}

	/** Publishes every item; one answer per item, an array of answers for a URL Group item. */
	batch(items: readonly BatchItem[]) {
		return sendRead(this.messaging, batchRequest(this.messaging, items), BatchResults, {
			prepare: prepareBatchResults,
		});
	}

	/** How many were cancelled; undefined when the service answered without saying (no body). */
	async cancel(selection: CancelSelection): Promise<number | undefined> {
		const request = cancelMessagesRequest(selection);
		const response = await this.messaging.send(request);
		// The deployed service may answer without a body (docs/protocol/messages.md#cancel).
		if (response.text.trim() === '') return undefined;
		return readBody(request.operation, response, CancelResult).data.cancelled;
	}
}
