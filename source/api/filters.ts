/**
 * The filters of the listings and bulk operations (delivery logs, the dead letter queue, bulk
 * cancel), named as the deployed service reads them from the query
 * (docs/protocol/logs.md#filters). The client encodes them here; the local service reads the
 * same names, so both sides cannot drift apart.
 *
 * A multi-value filter matches a record whose value equals any of the given values (OR);
 * separate filters must all match (AND). Several values are sent as repeated parameters.
 */

export type OneOrMany<T> = T | readonly T[];

/** Filters every listing and bulk operation takes. */
export interface MessageFilter {
	/** Destination URL. */
	url?: OneOrMany<string>;
	/** URL Group name. */
	topicName?: OneOrMany<string>;
	scheduleId?: OneOrMany<string>;
	queueName?: OneOrMany<string>;
	label?: OneOrMany<string>;
	/** IP address of the publisher. */
	callerIp?: OneOrMany<string>;
	flowControlKey?: OneOrMany<string>;
	/** Unix milliseconds, inclusive. */
	fromDate?: number;
	/** Unix milliseconds, inclusive. */
	toDate?: number;
}

/** Host and path of the destination URL: logs and bulk cancel take them, the DLQ does not. */
export interface DestinationFilter {
	host?: OneOrMany<string>;
	path?: OneOrMany<string>;
}

export interface LogFilter extends MessageFilter, DestinationFilter {
	messageId?: string;
	messageIds?: readonly string[];
	/** Log states; `IN_PROGRESS` stands for ACTIVE, RETRY and ERROR. */
	state?: OneOrMany<string>;
}

export interface DlqFilter extends MessageFilter {
	messageId?: string;
	/** Status of the last delivery attempt. */
	responseStatus?: OneOrMany<number>;
}

export type CancelFilter = MessageFilter & DestinationFilter;

/** Every filter name the service reads, with whether it takes several values. */
export const filterFields = {
	messageId: 'single',
	messageIds: 'many',
	dlqIds: 'many',
	url: 'many',
	topicName: 'many',
	scheduleId: 'many',
	queueName: 'many',
	label: 'many',
	callerIp: 'many',
	flowControlKey: 'many',
	host: 'many',
	path: 'many',
	state: 'many',
	responseStatus: 'many',
	source: 'many',
	workflowRunId: 'many',
	workflowUrl: 'many',
	workflowCreatedAt: 'many',
	failureFunctionState: 'many',
	fromDate: 'time',
	toDate: 'time',
} as const;
export type FilterField = keyof typeof filterFields;

/** The query parameters of a filter, repeated for several values, in a stable order. */
export function filterQuery(filter: object): [string, string][] {
	const out: [string, string][] = [];
	for (const name of Object.keys(filterFields) as FilterField[]) {
		const value = (filter as Partial<Record<FilterField, unknown>>)[name];
		if (value === undefined || value === null) continue;
		const values = Array.isArray(value) ? (value as unknown[]) : [value];
		for (const item of values) out.push([name, String(item)]);
	}
	return out;
}

/** `path` with `params` appended as its query (after a query it already has). */
export function withQuery(path: string, params: readonly (readonly [string, string])[]): string {
	if (params.length === 0) return path;
	const query = new URLSearchParams(params as [string, string][]).toString();
	return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}
