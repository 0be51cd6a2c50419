/**
 * zod schemas of the messaging operations beyond the neutral interface
 * (docs/protocol/README.md#areas): queues, schedules, delivery logs, flow control, batch publish
 * and the bulk answers of the dead letter queue. Each is declared with its complete shape and read
 * liberally (liberal.ts, docs/protocol/conventions.md#reading-liberally): only the fields
 * `identified` names are required; a field that is missing, null or of another type reads as absent
 * and is reported, and extra fields are kept.
 */
import { z } from 'zod';
import { identified } from './liberal.js';
import { PublishResult } from './schemas.js';

/** Header values as arrays (the reference) or one string each (some SDK types): both read. */
const HeaderMap = z.record(z.string(), z.union([z.array(z.string()), z.string()]));

export const Queue = identified(
	z.looseObject({
		name: z.string(),
		createdAt: z.number().optional(),
		updatedAt: z.number().optional(),
		parallelism: z.number().optional(),
		paused: z.boolean().optional(),
		/** Messages of the queue not yet delivered, failed or cancelled. */
		lag: z.number().optional(),
	}),
	['name'],
);
export const Queues = z.array(Queue);

export const scheduleStates = ['IN_PROGRESS', 'SUCCESS', 'FAIL'] as const;

export const Schedule = identified(
	z.looseObject({
		scheduleId: z.string(),
		cron: z.string().optional(),
		destination: z.string().optional(),
		createdAt: z.number().optional(),
		method: z.string().optional(),
		header: HeaderMap.optional(),
		body: z.string().optional(),
		bodyBase64: z.string().optional(),
		retries: z.number().optional(),
		/** Seconds. */
		delay: z.number().optional(),
		callback: z.string().optional(),
		failureCallback: z.string().optional(),
		callerIp: z.string().optional(),
		callerIP: z.string().optional(),
		isPaused: z.boolean().optional(),
		queueName: z.string().optional(),
		flowControlKey: z.string().optional(),
		parallelism: z.number().optional(),
		rate: z.number().optional(),
		/** Seconds. */
		period: z.number().optional(),
		retryDelayExpression: z.string().optional(),
		label: z.string().optional(),
		labels: z.array(z.string()).optional(),
		lastScheduleTime: z.number().optional(),
		nextScheduleTime: z.number().optional(),
		/** Message id to IN_PROGRESS, SUCCESS or FAIL, for the messages of the last firing. */
		lastScheduleStates: z.record(z.string(), z.enum(scheduleStates)).optional(),
	}),
	['scheduleId'],
);
export const Schedules = z.array(Schedule);
export const ScheduleCreated = identified(z.looseObject({ scheduleId: z.string() }), ['scheduleId']);

export const LogEntry = identified(
	z.looseObject({
		time: z.number().optional(),
		messageId: z.string(),
		state: z.string().optional(),
		url: z.string().optional(),
		topicName: z.string().optional(),
		endpointName: z.string().optional(),
		method: z.string().optional(),
		header: HeaderMap.optional(),
		/** Base64 of the message body. */
		body: z.string().optional(),
		responseStatus: z.number().optional(),
		responseHeader: HeaderMap.optional(),
		/** Base64 of the response body. */
		responseBody: z.string().optional(),
		error: z.string().optional(),
		nextDeliveryTime: z.number().optional(),
		label: z.string().optional(),
		labels: z.array(z.string()).optional(),
		queueName: z.string().optional(),
		scheduleId: z.string().optional(),
		callerIp: z.string().optional(),
		flowControlKey: z.string().optional(),
		maxRetries: z.number().optional(),
		retryDelayExpression: z.string().optional(),
	}),
	['messageId'],
);

/** The cursor of a page: a string, though older answers sent a number; empty means the end. */
const Cursor = z.string().optional();

export const LogsPage = identified(z.looseObject({ logs: z.array(LogEntry), cursor: Cursor }), ['logs']);

/**
 * `GET /v2/logs` answers `logs`, `GET /v2/events` answers `events`; older answers carry a
 * numeric cursor. Both read as one page shape.
 */
export function prepareLogsPage(json: unknown): unknown {
	if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
	const { events, logs, cursor, ...rest } = json as Record<string, unknown>;
	return { ...rest, logs: logs ?? events, cursor: prepareCursor(cursor) };
}

/** A numeric cursor as text, an empty one as none (the end of the listing). */
export function prepareCursor(cursor: unknown): unknown {
	if (typeof cursor === 'number') return String(cursor);
	return cursor === '' || cursor === null ? undefined : cursor;
}

/** Renames the cursor of a page that has one, for the answers below. */
export function preparePage(json: unknown): unknown {
	if (typeof json !== 'object' || json === null || Array.isArray(json) || !('cursor' in json)) return json;
	return { ...json, cursor: prepareCursor((json as { cursor: unknown }).cursor) };
}

export const FlowControlKey = identified(
	z.looseObject({
		flowControlKey: z.string(),
		/** Messages waiting for the key's limits (or for it to be resumed). */
		waitListSize: z.number().optional(),
		parallelismMax: z.number().optional(),
		parallelismCount: z.number().optional(),
		rateMax: z.number().optional(),
		rateCount: z.number().optional(),
		/** Seconds. */
		ratePeriod: z.number().optional(),
		/** Unix seconds. */
		ratePeriodStart: z.number().optional(),
		isPinnedParallelism: z.boolean().optional(),
		isPinnedRate: z.boolean().optional(),
		isPaused: z.boolean().optional(),
	}),
	['flowControlKey'],
);
export const FlowControlKeys = z.array(FlowControlKey);

/** An array (the reference) or `{flowControls: [...]}` (an older page of the docs). */
export function prepareFlowControlKeys(json: unknown): unknown {
	if (typeof json === 'object' && json !== null && !Array.isArray(json) && 'flowControls' in json)
		return (json as { flowControls: unknown }).flowControls;
	return json;
}

export const GlobalParallelism = z.looseObject({
	parallelismMax: z.number().optional(),
	parallelismCount: z.number().optional(),
});

/**
 * One answer per batch item: a publish result, or an array of them for a URL Group item. Read
 * as `{result}` or `{results}` (prepareBatchResults), so that an odd item is a gap and the
 * answers stay aligned with the items.
 */
export const BatchResults = z.array(
	z.looseObject({ result: PublishResult.optional(), results: z.array(PublishResult).optional() }),
);

export function prepareBatchResults(json: unknown): unknown {
	if (!Array.isArray(json)) return json;
	return json.map((item) => (Array.isArray(item) ? { results: item } : { result: item }));
}

export const DlqDeleted = z.looseObject({ deleted: z.number().optional(), cursor: Cursor });

export const DlqRetried = identified(z.looseObject({ messageId: z.string() }), ['messageId']);
export const DlqRetriedMany = identified(z.looseObject({ responses: z.array(DlqRetried), cursor: Cursor }), [
	'responses',
]);
