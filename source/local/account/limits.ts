/**
 * The plan limits of the local account: the fields of the message-queue user resource that
 * the local service enforces (and a few it only reports). Defaults are those of a generous
 * paid plan (delays of months, hundreds of queues and schedules), enough for an app under
 * development, the TUI's demo traffic and the benchmarks; `mqtop serve --limits` and tests
 * set others to see each one bite.
 */
export interface PlanLimits {
	/** Bytes of a message body; larger publishes get 413. */
	max_message_size: number;
	/** Publishes a day before RateLimit-Remaining reaches 0 (reported, not refused). */
	max_requests_per_day: number;
	/** Publishes a day after which publishing gets 429. */
	max_requests_per_day_hard: number;
	max_endpoints_per_topic: number;
	/** Messaging API requests per second before 429 (burst limit). */
	max_requests_per_second: number;
	/** Dead letters kept; the oldest give way to new ones. */
	max_dlq_size: number;
	max_completion_tokens_per_day: number;
	max_completion_tokens_per_minute: number;
	max_completions_per_day: number;
	max_completions_per_minute: number;
	/** Highest Retries a publish may ask for. */
	max_retries: number;
	max_topics: number;
	/** Schedules at once; creating one more gets 412. */
	max_schedules: number;
	/** Delivery events kept for GET /v2/events (the local reading of this field). */
	max_events_size: number;
	max_dlq_retention_time_milis: number;
	/** Seconds: the longest Delay, or Not-Before ahead of now. */
	max_delay: number;
	/** Highest flow-control or queue parallelism a publish, a queue or a pin may ask for. */
	max_parallelism: number;
	/** Deliveries in flight at once across all destinations. */
	max_global_parallelism: number;
	/** Queues at once; creating one more gets 412. */
	max_queues: number;
	retention: number;
	/** Seconds: the default and the longest delivery timeout. */
	timeout: number;
	rate_limit: number;
}

const day = 86_400;

export const defaultPlanLimits: Readonly<PlanLimits> = Object.freeze({
	max_message_size: 1_048_576,
	max_requests_per_day: 10_000_000,
	max_requests_per_day_hard: 10_000_000,
	max_endpoints_per_topic: 100,
	max_requests_per_second: 10_000,
	max_dlq_size: 10_000,
	max_completion_tokens_per_day: 0,
	max_completion_tokens_per_minute: 0,
	max_completions_per_day: 0,
	max_completions_per_minute: 0,
	max_retries: 20,
	max_topics: 1000,
	max_schedules: 1000,
	max_events_size: 10_000,
	max_dlq_retention_time_milis: 7 * day * 1000,
	max_delay: 365 * day,
	max_parallelism: 100,
	max_global_parallelism: 1000,
	max_queues: 1000,
	retention: 7 * day,
	timeout: 300,
	rate_limit: 10_000,
});

export function resolveLimits(overrides: Partial<PlanLimits> | undefined): PlanLimits {
	const limits = { ...defaultPlanLimits };
	for (const [key, value] of Object.entries(overrides ?? {})) {
		if (value === undefined) continue;
		if (!Number.isFinite(value) || value < 0)
			throw new Error(`plan limit ${key} must be a non-negative number`);
		(limits as Record<string, number>)[key] = value;
	}
	return limits;
}

export class LimitsError extends Error {
	override name = 'LimitsError';
}

const limitNames = Object.keys(defaultPlanLimits) as (keyof PlanLimits)[];

function limitValue(name: string, value: unknown, where: string): number {
	if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
		throw new LimitsError(
			`${where}${name}: expected a whole number of at least 0, got ${JSON.stringify(value)}`,
		);
	return value;
}

function limitName(name: string, where: string): keyof PlanLimits {
	if (!(limitNames as string[]).includes(name))
		throw new LimitsError(
			`${where}unknown plan limit ${JSON.stringify(name)}: use one of ${limitNames.join(', ')}`,
		);
	return name as keyof PlanLimits;
}

/** Plan limits from a JSON object of `{name: number}` (a `--limits` file); `where` names the source. */
export function parsePlanLimits(json: unknown, where = ''): Partial<PlanLimits> {
	if (typeof json !== 'object' || json === null || Array.isArray(json))
		throw new LimitsError(`${where}expected a JSON object of plan limits, like {"max_delay": 2592000}`);
	const out: Partial<PlanLimits> = {};
	for (const [name, value] of Object.entries(json))
		out[limitName(name, where)] = limitValue(name, value, where);
	return out;
}

/** One `name=value` plan limit (a `--limit` flag). */
export function parseLimitAssignment(text: string): [keyof PlanLimits, number] {
	const match = /^\s*([a-z_]+)\s*=\s*(\d+)\s*$/.exec(text);
	if (!match) throw new LimitsError(`expected name=value, like max_queues=10, got ${JSON.stringify(text)}`);
	const name = limitName(match[1]!, '');
	return [name, limitValue(name, Number(match[2]), '')];
}
