/**
 * zod schemas for every resource of interface.md and decisions.md: the single source of truth
 * that the client, the local service, the receiver and the UI import. Objects are loose, so
 * fields a newer service adds pass through untouched.
 */
import { z } from 'zod';
import { parseStatsTimestamp } from './timestamp.js';

export const statsPeriods = ['1h', '3h', '12h', '1d', '3d', '7d', '30d'] as const;
export const StatsPeriod = z.enum(statsPeriods);
export type StatsPeriod = z.infer<typeof StatsPeriod>;

export const StatsTimestamp = z.string().refine((text) => parseStatsTimestamp(text) !== undefined, {
	message: 'expected a timestamp like "2026-01-31 12:00:00.000 +0000 UTC"',
});

export const Datapoint = z.looseObject({
	x: StatsTimestamp,
	// decisions.md: the newest point may carry null while its interval is still open.
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

export const NamedSeries = z.looseObject({
	id: z.string(),
	data_points: Series,
});
export type NamedSeries = z.infer<typeof NamedSeries>;

export const EndpointReference = z
	.looseObject({ name: z.string().optional(), url: z.string().optional() })
	.refine((e) => Boolean(e.name) || Boolean(e.url), { message: 'an endpoint needs a name or a url' });
export type EndpointReference = z.infer<typeof EndpointReference>;

export const SearchIndex = z.looseObject({
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
	max_daily_updates: z.number().int(),
	max_daily_queries: z.number().int(),
	max_monthly_bandwidth: z.number().int(),
	max_writes_per_second: z.number().int(),
	max_query_per_second: z.number().int(),
	max_reads_per_request: z.number().int(),
	max_writes_per_request: z.number().int(),
	creation_time: z.number().int(),
	input_enrichment_enabled: z.boolean(),
	throughput_vector: Series,
});
export type SearchIndex = z.infer<typeof SearchIndex>;

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
	days: z.array(z.string()),
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

export const MqUser = z.looseObject({
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
});
export type MqUser = z.infer<typeof MqUser>;
export const MqUsers = z.array(MqUser);

export const MqStats = z.looseObject({
	days: z.array(z.string()),
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

export const Message = z.looseObject({
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
	// Not in interface.md: the Retry-Delay expression the message was published with.
	retryDelayExpression: z.string().optional(),
	// Not in interface.md: the local service reports how many attempts were made so far.
	retried: z.number().int().optional(),
});
export type Message = z.infer<typeof Message>;

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
	sourceHeader: z.record(z.string(), z.string()).optional(),
	sourceBody: z.string().optional(),
	notBefore: z.string().optional(),
	createdAt: z.string().optional(),
	scheduleId: z.string().optional(),
	callerIP: z.string().optional(),
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

export const WorkflowTriggerResult = z.looseObject({
	workflowRunId: z.string(),
	workflowCreatedAt: z.number().int(),
	deduplicated: z.boolean().optional(),
});
export type WorkflowTriggerResult = z.infer<typeof WorkflowTriggerResult>;
export const WorkflowTriggerResults = z.array(WorkflowTriggerResult);

export const PublishResult = z.looseObject({
	messageId: z.string(),
	url: z.string().optional(),
	deduplicated: z.boolean().optional(),
});
export type PublishResult = z.infer<typeof PublishResult>;
export const GroupPublishResults = z.array(PublishResult);

export const GroupHeaders = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export type GroupHeaders = z.infer<typeof GroupHeaders>;

export const UrlGroup = z.looseObject({
	name: z.string(),
	createdAt: z.number().int(),
	updatedAt: z.number().int(),
	endpoints: z.array(z.looseObject({ name: z.string().optional(), url: z.string() })),
	headers: GroupHeaders.optional(),
});
export type UrlGroup = z.infer<typeof UrlGroup>;
export const UrlGroups = z.array(UrlGroup);

export const SigningKeys = z.looseObject({ current: z.string(), next: z.string() });
export type SigningKeys = z.infer<typeof SigningKeys>;

export const eventStates = [
	'CREATED',
	'ACTIVE',
	'RETRY',
	'ERROR',
	'DELIVERED',
	'FAILED',
	'CANCEL_REQUESTED',
	'CANCELLED',
] as const;
export const EventState = z.enum(eventStates);
export type EventState = z.infer<typeof EventState>;

export const DeliveryEvent = z.looseObject({
	time: z.number().int(),
	messageId: z.string(),
	state: EventState,
	url: z.string(),
	topicName: z.string().optional(),
	endpointName: z.string().optional(),
	responseStatus: z.number().int().optional(),
	error: z.string().optional(),
	nextDeliveryTime: z.number().int().optional(),
});
export type DeliveryEvent = z.infer<typeof DeliveryEvent>;
export const EventsPage = z.looseObject({ events: z.array(DeliveryEvent), cursor: z.string().optional() });
export type EventsPage = z.infer<typeof EventsPage>;

export const DlqRecord = Message.extend({
	dlqId: z.string(),
	responseStatus: z.number().int().optional(),
	responseHeader: HeaderArrays.optional(),
	responseBody: z.string().optional(),
	responseBodyBase64: z.string().optional(),
});
export type DlqRecord = z.infer<typeof DlqRecord>;
export const DlqPage = z.looseObject({ messages: z.array(DlqRecord), cursor: z.string().optional() });
export type DlqPage = z.infer<typeof DlqPage>;

export const CancelResult = z.looseObject({ cancelled: z.number().int() });
export type CancelResult = z.infer<typeof CancelResult>;

export const ErrorBody = z.looseObject({ error: z.string() });

/** One line per problem, each naming the field path, e.g. `users[0].max_retries: expected number`. */
export function describeZodError(error: z.ZodError, root = ''): string {
	return error.issues
		.map((issue) => {
			const path = issue.path.reduce<string>(
				(acc, part) =>
					typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part),
				root,
			);
			return `${path || '(root)'}: ${issue.message}`;
		})
		.join('; ');
}
