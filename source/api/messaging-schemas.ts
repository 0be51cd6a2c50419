/**
 * zod schemas of the messaging operations beyond interface.md (decisions.md, "The deployed
 * service"): queues, schedules, delivery logs, flow control, batch publish and the bulk
 * answers of the dead letter queue. Read liberally: only identity fields are required, a
 * field that is missing, null or of an unexpected type reads as absent, and extra fields
 * are kept.
 */
import { z } from 'zod';
import { GroupPublishResults, PublishResult } from './schemas.js';

/** A field that is absent when it is missing, null or not what was expected. */
function lenient<T extends z.ZodType>(schema: T) {
	return schema.optional().catch(undefined);
}

const int = lenient(z.number());
const text = lenient(z.string());
const flag = lenient(z.boolean());
const texts = lenient(z.array(z.string()));
/** Header values as arrays (the reference) or one string each (some SDK types): both read. */
const headerMap = lenient(z.record(z.string(), z.union([z.array(z.string()), z.string()])));

export const Queue = z.looseObject({
	name: z.string(),
	createdAt: int,
	updatedAt: int,
	parallelism: int,
	paused: flag,
	/** Messages of the queue not yet delivered, failed or cancelled. */
	lag: int,
});
export type Queue = z.infer<typeof Queue>;
export const Queues = z.array(Queue);

export const scheduleStates = ['IN_PROGRESS', 'SUCCESS', 'FAIL'] as const;

export const Schedule = z.looseObject({
	scheduleId: z.string(),
	cron: z.string(),
	destination: z.string(),
	createdAt: int,
	method: text,
	header: headerMap,
	body: text,
	bodyBase64: text,
	retries: int,
	/** Seconds. */
	delay: int,
	callback: text,
	failureCallback: text,
	callerIp: text,
	callerIP: text,
	isPaused: flag,
	queueName: text,
	flowControlKey: text,
	parallelism: int,
	rate: int,
	/** Seconds. */
	period: int,
	retryDelayExpression: text,
	label: text,
	labels: texts,
	lastScheduleTime: int,
	nextScheduleTime: int,
	/** Message id to IN_PROGRESS, SUCCESS or FAIL, for the messages of the last firing. */
	lastScheduleStates: lenient(z.record(z.string(), z.string())),
});
export type Schedule = z.infer<typeof Schedule>;
export const Schedules = z.array(Schedule);
export const ScheduleCreated = z.looseObject({ scheduleId: z.string() });

export const LogEntry = z.looseObject({
	time: z.number(),
	messageId: z.string(),
	state: z.string(),
	url: text,
	topicName: text,
	endpointName: text,
	method: text,
	header: headerMap,
	/** Base64 of the message body. */
	body: text,
	responseStatus: int,
	responseHeader: headerMap,
	/** Base64 of the response body. */
	responseBody: text,
	error: text,
	nextDeliveryTime: int,
	label: text,
	labels: texts,
	queueName: text,
	scheduleId: text,
	callerIp: text,
	flowControlKey: text,
	maxRetries: int,
	retryDelayExpression: text,
});
export type LogEntry = z.infer<typeof LogEntry>;

const cursor = lenient(
	z.union([z.string(), z.number()]).transform((c) => (c === '' ? undefined : String(c))),
);

/** `GET /v2/logs` answers `logs`, `GET /v2/events` answers `events`: both read as one page. */
export const LogsPage = z
	.looseObject({ logs: z.array(LogEntry).optional(), events: z.array(LogEntry).optional(), cursor })
	.transform(({ logs, events, cursor }) => ({ logs: logs ?? events ?? [], cursor }));
export type LogsPage = z.infer<typeof LogsPage>;

export const FlowControlKey = z.looseObject({
	flowControlKey: z.string(),
	/** Messages waiting for the key's limits (or for it to be resumed). */
	waitListSize: int,
	parallelismMax: int,
	parallelismCount: int,
	rateMax: int,
	rateCount: int,
	/** Seconds. */
	ratePeriod: int,
	/** Unix seconds. */
	ratePeriodStart: int,
	isPinnedParallelism: flag,
	isPinnedRate: flag,
	isPaused: flag,
});
export type FlowControlKey = z.infer<typeof FlowControlKey>;
/** An array (the reference) or `{flowControls: [...]}` (an older page of the docs). */
export const FlowControlKeys = z.union([
	z.array(FlowControlKey),
	z.looseObject({ flowControls: z.array(FlowControlKey) }).transform((page) => page.flowControls),
]);

export const GlobalParallelism = z.looseObject({ parallelismMax: int, parallelismCount: int });
export type GlobalParallelism = z.infer<typeof GlobalParallelism>;

/** A publish or enqueue to a URL Group: an array (the SDK, decisions.md) or `{messages: [...]}` (the reference). */
export const GroupAnswers = z.union([
	GroupPublishResults,
	z.looseObject({ messages: GroupPublishResults }).transform((answer) => answer.messages),
]);

/** One answer per batch item: a publish result, or an array of them for a URL Group item. */
export const BatchResults = z.array(z.union([PublishResult, z.array(PublishResult)]));
export type BatchResults = z.infer<typeof BatchResults>;

export const DlqDeleted = z.looseObject({ deleted: z.number(), cursor });
export type DlqDeleted = z.infer<typeof DlqDeleted>;

export const DlqRetried = z.looseObject({ messageId: z.string() });
export const DlqRetriedMany = z.looseObject({
	responses: z.array(z.looseObject({ messageId: z.string() })),
	cursor,
});
export type DlqRetriedMany = z.infer<typeof DlqRetriedMany>;
