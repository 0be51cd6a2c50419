/**
 * zod schemas for every resource of the protocol (docs/protocol/README.md#areas): the single source
 * of truth that the client, the local service, the receiver and the UI import. Each describes the
 * whole resource, as the local service sends it; objects are loose, so fields a newer service adds
 * pass through untouched. `identified` names the fields a client requires when it reads an answer
 * liberally (liberal.ts): everything else may be missing or odd on a deployment.
 *
 * Where the vendor's reference (upstash/docs `qstash/openapi.yaml`,
 * `devops/developer-api/openapi.yml`) or SDK (upstash/qstash-js) spell a field otherwise, the
 * comment says so and both spellings are read.
 */
import { z } from 'zod';
import { identified, keptAsItCame, positional } from './liberal.js';
import { parseStatsTimestamp } from './timestamp.js';
import { describeIssues } from './zod-words.js';

export const statsPeriods = ['1h', '3h', '12h', '1d', '3d', '7d', '30d'] as const;
export const StatsPeriod = z.enum(statsPeriods);
export type StatsPeriod = z.infer<typeof StatsPeriod>;

// The reference types `x` as a plain string; clients also read ISO 8601 and unix seconds or
// milliseconds, as a number or a string (docs/protocol/statistics.md#timestamps). One that cannot
// be read is kept as it came: a point without a time (a gap) on screen, the value as sent in
// `--json`.
export const StatsTimestamp = keptAsItCame(
	z.union([z.string(), z.number()]),
	(value) => parseStatsTimestamp(value) !== undefined,
	{
		message: 'expected a timestamp like "2026-01-31 12:00:00.000 +0000 UTC"',
		description: 'a timestamp such as "2026-01-31 12:00:00.000 +0000 UTC", ISO 8601 or unix time',
	},
);

export const Datapoint = z.looseObject({
	x: StatsTimestamp,
	// The newest point may carry null while its interval is still open (docs/protocol/statistics.md#periods).
	y: z.number().nullable(),
});
export type Datapoint = z.infer<typeof Datapoint>;

export const Series = z.array(Datapoint);
export type Series = z.infer<typeof Series>;

export const DailyRequestDatapoint = Datapoint.extend({
	workflow_message: z.number(),
	workflow_run: z.number(),
});
export type DailyRequestDatapoint = z.infer<typeof DailyRequestDatapoint>;

export const NamedSeries = identified(
	z.looseObject({
		id: z.string(),
		data_points: Series,
	}),
	['id'],
);
export type NamedSeries = z.infer<typeof NamedSeries>;

export const EndpointReference = z
	.looseObject({ name: z.string().optional(), url: z.string().optional() })
	.refine((e) => Boolean(e.name) || Boolean(e.url), { message: 'an endpoint needs a name or a url' });
export type EndpointReference = z.infer<typeof EndpointReference>;

/**
 * The plan limits a vector index and a search database both list, with the same names and
 * meaning: spread into each resource at the place it lists them.
 */
const indexPlanLimits = {
	max_daily_updates: z.number().int(),
	max_daily_queries: z.number().int(),
	max_monthly_bandwidth: z.number().int(),
	max_writes_per_second: z.number().int(),
	max_query_per_second: z.number().int(),
	max_reads_per_request: z.number().int(),
	max_writes_per_request: z.number().int(),
};

/**
 * `partner_email` is the neutral name; the deployed service says `vercel_email` (the dialect's
 * partner word: docs/protocol/conventions.md#dialect, dialect.ts). The client reads the dialect's
 * name into this one.
 */
export const SearchIndex = identified(
	z.looseObject({
		customer_id: z.string(),
		id: z.string(),
		name: z.string(),
		endpoint: z.string(),
		type: z.enum(['free', 'payg', 'fixed']),
		region: z.enum(['eu-west-1', 'us-central1']),
		partner_email: z.string(),
		token: z.string(),
		read_only_token: z.string(),
		max_vector_count: z.number().int(),
		max_monthly_reranks: z.number().int(),
		...indexPlanLimits,
		creation_time: z.number().int(),
		input_enrichment_enabled: z.boolean(),
		throughput_vector: Series,
	}),
	['id'],
);
export type SearchIndex = z.infer<typeof SearchIndex>;

/** The kinds of vector index: dense vectors, sparse vectors, or both (hybrid). */
export const vectorIndexTypes = ['DENSE', 'SPARSE', 'HYBRID'] as const;

/** A vector index as the management API lists it: its shape, endpoint, tokens and limits. */
export const VectorIndexResource = identified(
	z.looseObject({
		customer_id: z.string(),
		id: z.string(),
		name: z.string(),
		similarity_function: z.enum(['COSINE', 'EUCLIDEAN', 'DOT_PRODUCT']),
		dimension_count: z.number().int(),
		embedding_model: z.string(),
		sparse_embedding_model: z.string(),
		endpoint: z.string(),
		token: z.string(),
		read_only_token: z.string(),
		type: z.enum(['free', 'payg', 'fixed']),
		region: z.enum(['eu-west-1', 'us-east-1', 'us-central1', 'us-central-1']),
		index_type: z.enum(vectorIndexTypes),
		max_vector_count: z.number().int(),
		...indexPlanLimits,
		max_total_metadata_size: z.number().int(),
		creation_time: z.number().int(),
		throughput_vector: Series,
	}),
	['id'],
);
export type VectorIndexResource = z.infer<typeof VectorIndexResource>;

export const VectorIndexStats = z.looseObject({
	pending_index_count: z.number().int(),
	current_vector_count: z.number().int(),
	daily_query_count: z.number().int(),
	daily_update_count: z.number().int(),
	monthly_query_count: z.number().int(),
	monthly_update_count: z.number().int(),
	monthly_bandwidth_usage: z.number().int(),
	storage_usage: z.number().int(),
	monthly_cost: z.number(),
	daily_update_requests: Series,
	daily_query_requests: Series,
	daily_bandwidths: Series,
	// Index-aligned with the daily series: an odd day is a gap at its place.
	days: positional(z.array(z.string())),
	query_throughput: Series,
	update_throughput: Series,
	query_latency_mean: Series,
	query_latency_99: Series,
	update_latency_mean: Series,
	update_latency_99: Series,
	embeds_latency_mean: Series,
	embeds_latency_99: Series,
	vector_count: Series,
	data_size: Series,
	daily_rerank_count: z.number().int(),
	monthly_rerank_count: z.number().int(),
	daily_rerank_requests: Series,
	rerank_latency_mean: Series,
	rerank_latency_99: Series,
});
export type VectorIndexStats = z.infer<typeof VectorIndexStats>;

/** The series fields of VectorIndexStats, in the order a person reads them. */
export const vectorSeriesFields = [
	'query_throughput',
	'update_throughput',
	'query_latency_mean',
	'query_latency_99',
	'update_latency_mean',
	'update_latency_99',
	'embeds_latency_mean',
	'embeds_latency_99',
	'rerank_latency_mean',
	'rerank_latency_99',
	'vector_count',
	'data_size',
	'daily_query_requests',
	'daily_update_requests',
	'daily_rerank_requests',
	'daily_bandwidths',
] as const satisfies readonly (keyof VectorIndexStats)[];

/**
 * The reference (`QStashUser`) leaves out `modifying_state`, `max_completion*`, `retention`,
 * `rate_limit`, `prometheus_enabled`, `enterprise`, `region` and `budget`; the deployed service
 * adds the last four fields below (docs/protocol/statistics.md#accounts). `reserved_type` there
 * is one of `paid`, `qstash_enterprise_1m`, `qstash_enterprise_10m` or empty; the neutral
 * interface lists `mq_fixed_*` (docs/protocol/conventions.md#spellings-that-differ).
 */
export const MqUser = identified(
	z.looseObject({
		customer_id: z.string(),
		id: z.string(),
		password: z.string(),
		token: z.string(),
		active: z.boolean(),
		state: z.string(),
		modifying_state: z.string(),
		last_plan_upgrade_time: z.number().int(),
		max_message_size: z.number().int(),
		max_requests_per_day: z.number().int(),
		max_requests_per_day_hard: z.number().int(),
		max_endpoints_per_topic: z.number().int(),
		max_requests_per_second: z.number().int(),
		max_dlq_size: z.number().int(),
		max_completion_tokens_per_day: z.number().int(),
		max_completion_tokens_per_minute: z.number().int(),
		max_completions_per_day: z.number().int(),
		max_completions_per_minute: z.number().int(),
		max_retries: z.number().int(),
		max_topics: z.number().int(),
		max_schedules: z.number().int(),
		max_events_size: z.number().int(),
		max_dlq_retention_time_milis: z.number().int(),
		max_delay: z.number().int(),
		max_parallelism: z.number().int(),
		max_global_parallelism: z.number().int(),
		max_queues: z.number().int(),
		retention: z.number().int(),
		timeout: z.number().int(),
		rate_limit: z.number().int(),
		type: z.enum(['free', 'paid']),
		reserved_type: z.string().optional(),
		reserved_price: z.number(),
		prod_pack_enabled: z.boolean(),
		prometheus_enabled: z.enum(['true', 'false']),
		enterprise: z.looseObject({ enabled: z.boolean() }).optional(),
		region: z.enum(['eu-central-1', 'us-east-1']),
		budget: z.number().int(),
		created_by: z.string(),
		creation_time: z.number().int(),
		read_only_token: z.string().optional(),
		max_bandwidth_per_second: z.number().int().optional(),
		deletion_time: z.number().int().optional(),
	}),
	['id'],
);
export type MqUser = z.infer<typeof MqUser>;
export const MqUsers = z.array(MqUser);

export const MqStats = z.looseObject({
	// Index-aligned with the daily series: an odd day is a gap at its place.
	days: positional(z.array(z.string())),
	daily_requests: z.array(DailyRequestDatapoint),
	daily_billings: Series,
	daily_bandwidths: Series,
	daily_used: Series,
	daily_used_workflow: Series,
	daily_qstash_messages: z.array(NamedSeries),
	daily_workflow_messages: z.array(NamedSeries),
	dlq_message_count: z.number().int(),
	daily_bandwidth_used: Series,
	total_monthly_billing: z.number(),
});
export type MqStats = z.infer<typeof MqStats>;

const HeaderArrays = z.record(z.string(), z.array(z.string()));

/**
 * The publisher's address is `callerIP` in the neutral interface and the reference, `callerIp` in
 * the SDK's `Message` type and the reference's schedules and filters: both are read
 * (docs/protocol/conventions.md#spellings-that-differ).
 */
export const Message = identified(
	z.looseObject({
		messageId: z.string(),
		url: z.string(),
		topicName: z.string().optional(),
		endpointName: z.string().optional(),
		method: z.string(),
		header: HeaderArrays.optional(),
		body: z.string().optional(),
		bodyBase64: z.string().optional(),
		maxRetries: z.number().int(),
		notBefore: z.number().int(),
		createdAt: z.number().int(),
		callback: z.string().optional(),
		failureCallback: z.string().optional(),
		queueName: z.string().optional(),
		scheduleId: z.string().optional(),
		callerIP: z.string().optional(),
		label: z.string().optional(),
		labels: z.array(z.string()).optional(),
		flowControlKey: z.string().optional(),
		rate: z.number().int().optional(),
		period: z.number().int().optional(),
		parallelism: z.number().int().optional(),
		callerIp: z.string().optional(),
		// In the SDK's Message and the reference's log entries: the Retry-Delay it was published with.
		retryDelayExpression: z.string().optional(),
		// Not in the neutral interface: the local service reports how many attempts were made so far
		// (docs/protocol/messages.md#message-resource).
		retried: z.number().int().optional(),
	}),
	['messageId'],
);
export type Message = z.infer<typeof Message>;

/**
 * A header of the originating message, in a callback (docs/protocol/callbacks.md#callback-body):
 * the neutral interface gives one string; the workflow SDK (upstash/workflow-js, its
 * failure-callback parsing) a list of strings. A list is read as that one string, its values
 * joined with ", " as HTTP joins repeated headers (and as the local service writes them).
 */
export const SourceHeaderValue = z.union([
	z.string(),
	z.array(z.string()).transform((values) => values.join(', ')),
]);

/**
 * Unix milliseconds as the neutral interface carries them in a callback (a string;
 * docs/protocol/callbacks.md#callback-body), or as a number.
 */
const UnixMsText = z.union([z.string(), z.number().transform(String)]);

export const CallbackBody = z.looseObject({
	status: z.number().int(),
	header: HeaderArrays.optional(),
	body: z.string(),
	retried: z.number().int(),
	maxRetries: z.number().int(),
	sourceMessageId: z.string(),
	topicName: z.string().optional(),
	endpointName: z.string().optional(),
	url: z.string(),
	method: z.string(),
	sourceHeader: z.record(z.string(), SourceHeaderValue).optional(),
	sourceBody: z.string().optional(),
	notBefore: UnixMsText.optional(),
	createdAt: UnixMsText.optional(),
	scheduleId: z.string().optional(),
	callerIP: z.string().optional(),
	callerIp: z.string().optional(),
});
export type CallbackBody = z.infer<typeof CallbackBody>;

export const FailureCallbackBody = CallbackBody.extend({ dlqId: z.string() });
export type FailureCallbackBody = z.infer<typeof FailureCallbackBody>;

export const WorkflowTriggerItem = z.looseObject({
	destination: z.string().min(1),
	body: z.string().optional(),
	headers: z.record(z.string(), z.string()).optional(),
});
export type WorkflowTriggerItem = z.infer<typeof WorkflowTriggerItem>;
export const WorkflowTriggerItems = z.array(WorkflowTriggerItem);

/**
 * Trigger items as a person writes them (`mqtop trigger`'s file): a body that is not a string is
 * JSON, sent as its serialisation, as the workflow SDK's `trigger({ body })` sends it.
 */
export const WorkflowTriggerInputs = z.array(
	WorkflowTriggerItem.extend({
		body: z
			.unknown()
			.transform((body) => (body === undefined || typeof body === 'string' ? body : JSON.stringify(body)))
			.optional(),
	}),
);

export const WorkflowTriggerResult = identified(
	z.looseObject({
		workflowRunId: z.string(),
		workflowCreatedAt: z.number().int(),
		deduplicated: z.boolean().optional(),
	}),
	['workflowRunId'],
);
export type WorkflowTriggerResult = z.infer<typeof WorkflowTriggerResult>;
export const WorkflowTriggerResults = z.array(WorkflowTriggerResult);

export const PublishResult = identified(
	z.looseObject({
		messageId: z.string(),
		url: z.string().optional(),
		deduplicated: z.boolean().optional(),
	}),
	['messageId'],
);
export type PublishResult = z.infer<typeof PublishResult>;
/**
 * A group publish: an array in the SDK (`PublishToUrlGroupsResponse`) and as the local service
 * sends it (docs/protocol/publish.md#answers).
 */
export const GroupPublishResults = z.array(PublishResult);
/** A group publish as the reference documents it: `{messages: [...]}`. Both are read. */
export const GroupPublishMessages = identified(z.looseObject({ messages: GroupPublishResults }), [
	'messages',
]);

export const GroupHeaders = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export type GroupHeaders = z.infer<typeof GroupHeaders>;

export const UrlGroup = identified(
	z.looseObject({
		name: z.string(),
		createdAt: z.number().int(),
		updatedAt: z.number().int(),
		endpoints: z.array(z.looseObject({ name: z.string().optional(), url: z.string() })),
		headers: GroupHeaders.optional(),
	}),
	['name'],
);
export type UrlGroup = z.infer<typeof UrlGroup>;
export const UrlGroups = z.array(UrlGroup);

export const SigningKeys = identified(z.looseObject({ current: z.string(), next: z.string() }), [
	'current',
	'next',
]);
export type SigningKeys = z.infer<typeof SigningKeys>;

/**
 * States of delivery events and logs. `IN_PROGRESS` is in the reference's log filter and the
 * SDK's `State`; `CANCELED` is how the SDK spells `CANCELLED`. A liberal reading keeps any
 * other value as it came.
 */
export const eventStates = [
	'CREATED',
	'ACTIVE',
	'RETRY',
	'ERROR',
	'IN_PROGRESS',
	'DELIVERED',
	'FAILED',
	'CANCEL_REQUESTED',
	'CANCELLED',
	'CANCELED',
] as const;
export const EventState = z.enum(eventStates);
export type EventState = z.infer<typeof EventState>;

export const DeliveryEvent = identified(
	z.looseObject({
		time: z.number().int(),
		messageId: z.string(),
		state: EventState,
		url: z.string(),
		topicName: z.string().optional(),
		endpointName: z.string().optional(),
		responseStatus: z.number().int().optional(),
		error: z.string().optional(),
		nextDeliveryTime: z.number().int().optional(),
	}),
	['messageId'],
);
export type DeliveryEvent = z.infer<typeof DeliveryEvent>;
export const EventsPage = identified(
	z.looseObject({ events: z.array(DeliveryEvent), cursor: z.string().optional() }),
	['events'],
);
export type EventsPage = z.infer<typeof EventsPage>;

/**
 * Every record the local service keeps has a `dlqId`, and every operation on a record needs it,
 * but the reference's `DLQMessage` has none (the SDK's `DlqMessage` has): a reading without it
 * is kept, and the record cannot be acted on.
 */
export const DlqRecord = identified(
	Message.extend({
		dlqId: z.string(),
		responseStatus: z.number().int().optional(),
		responseHeader: HeaderArrays.optional(),
		responseBody: z.string().optional(),
		responseBodyBase64: z.string().optional(),
	}),
	['messageId'],
);
export type DlqRecord = z.infer<typeof DlqRecord>;
export const DlqPage = identified(
	z.looseObject({ messages: z.array(DlqRecord), cursor: z.string().optional() }),
	['messages'],
);
export type DlqPage = z.infer<typeof DlqPage>;

/** The reference answers 202 `{cancelled: 1}`; the SDK reads no body at all: both are read. */
export const CancelResult = z.looseObject({ cancelled: z.number().int() });
export type CancelResult = z.infer<typeof CancelResult>;

export const ErrorBody = z.looseObject({ error: z.string() });

/**
 * One line per problem, each naming the field path in mqtop's own words, e.g.
 * `users[0].max_retries must be a number, not a string` (zod-words.ts).
 */
export function describeZodError(error: z.ZodError, root = ''): string {
	return describeIssues(error.issues, root);
}
