/**
 * What the message-queue account really did, counted as it happens, and the usage statistics
 * resource (docs/protocol/statistics.md#usage-statistics) built from it, counted as
 * docs/protocol/statistics.md#counting says:
 * - a request is an accepted publish (a group publish or one batch-trigger item is one);
 * - a message is a delivery attempt, of a published message or of a callback; it is billed;
 * - bandwidth is the request body sent plus the response body received, per attempt;
 * - `daily_qstash_messages` counts attempt outcomes: delivered, retry, failed, cancelled;
 * - a workflow message is a message of a run (a call of its route, a `context.call`, its
 *   answer, the failure callback): `daily_used_workflow` and `workflow_message` count them,
 *   `workflow_run` counts the runs started;
 * - `daily_workflow_messages` counts runs by how they started and ended, and the attempts of
 *   workflow messages by outcome.
 */
import type { MqStats, NamedSeries, StatsPeriod } from '../../api/schemas.js';
import { formatStatsTimestamp } from '../../api/timestamp.js';
import {
	type Interval,
	monthDayNames,
	monthIntervals,
	monthSeries,
	periodIntervals,
	seriesOf,
} from './series.js';
import { SnapshotParts, type Snapshotting } from './snapshot.js';
import { Counter } from './time-buckets.js';

export const messageOutcomes = ['delivered', 'retry', 'failed', 'cancelled'] as const;
export type MessageOutcome = (typeof messageOutcomes)[number];

/**
 * Workflow ids; `canceled` is spelled as the neutral interface's example spells it
 * (docs/protocol/statistics.md#usage-statistics).
 */
export const workflowMetrics = [
	'run_started',
	'run_success',
	'run_failed',
	'run_canceled',
	'delivered',
	'retry',
	'failed',
	'canceled',
] as const;
type WorkflowMetric = (typeof workflowMetrics)[number];

export type RunEvent = 'started' | 'success' | 'failed' | 'canceled';

const workflowOutcome: Record<MessageOutcome, WorkflowMetric> = {
	delivered: 'delivered',
	retry: 'retry',
	failed: 'failed',
	cancelled: 'canceled',
};

export class UsageStats extends SnapshotParts {
	private readonly requests = new Counter();
	private readonly messages = new Counter();
	private readonly bandwidth = new Counter();
	private readonly workflowRuns = new Counter();
	private readonly workflowMessages = new Counter();
	private readonly outcomes = new Map<MessageOutcome, Counter>(
		messageOutcomes.map((o) => [o, new Counter()]),
	);
	private readonly workflow = new Map<WorkflowMetric, Counter>(
		workflowMetrics.map((m) => [m, new Counter()]),
	);

	/** @param pricePerMessage dollars billed per message. */
	constructor(private readonly pricePerMessage: number) {
		super();
	}

	request(t: number): void {
		this.requests.add(t);
	}

	/** One message of a workflow run accepted. */
	workflowMessage(t: number): void {
		this.workflowMessages.add(t);
	}

	workflowRun(t: number, event: RunEvent): void {
		if (event === 'started') this.workflowRuns.add(t);
		this.workflow.get(`run_${event}`)!.add(t);
	}

	/** One delivery attempt and the bytes it moved. */
	attempt(t: number, bytes: number): void {
		this.messages.add(t);
		this.bandwidth.add(t, bytes);
	}

	outcome(t: number, outcome: MessageOutcome, isWorkflow: boolean): void {
		this.outcomes.get(outcome)!.add(t);
		if (isWorkflow) this.workflow.get(workflowOutcome[outcome])!.add(t);
	}

	protected parts(): Record<string, Snapshotting> {
		return {
			requests: this.requests,
			messages: this.messages,
			bandwidth: this.bandwidth,
			workflowRuns: this.workflowRuns,
			workflowMessages: this.workflowMessages,
			...Object.fromEntries([...this.outcomes].map(([name, c]) => [`outcome.${name}`, c])),
			...Object.fromEntries([...this.workflow].map(([name, c]) => [`workflow.${name}`, c])),
		};
	}

	/** The usage statistics resource for `period`, as seen at `now`. */
	report(period: StatsPeriod, now: number, dlqCount: number): MqStats {
		const intervals = periodIntervals(period, now);
		const sum = (c: Counter) => (i: Interval) => c.sum(i.start, i.end);
		const billing = (i: Interval) => this.messages.sum(i.start, i.end) * this.pricePerMessage;
		const named = (id: string, c: Counter): NamedSeries => ({ id, data_points: seriesOf(intervals, sum(c)) });
		const dailyRequests = monthIntervals(now).map((i) => {
			const future = i.start > now;
			const count = (c: Counter) => (future ? 0 : c.sum(i.start, i.end));
			return {
				x: formatStatsTimestamp(i.start),
				y: count(this.requests),
				workflow_message: count(this.workflowMessages),
				workflow_run: count(this.workflowRuns),
			};
		});
		const dailyBillings = monthSeries(now, billing);
		return {
			days: monthDayNames(now),
			daily_requests: dailyRequests,
			daily_billings: dailyBillings,
			daily_bandwidths: monthSeries(now, sum(this.bandwidth)),
			daily_used: seriesOf(intervals, sum(this.requests)),
			daily_used_workflow: seriesOf(intervals, sum(this.workflowMessages)),
			daily_qstash_messages: messageOutcomes.map((o) => named(o, this.outcomes.get(o)!)),
			daily_workflow_messages: workflowMetrics.map((m) => named(m, this.workflow.get(m)!)),
			dlq_message_count: dlqCount,
			daily_bandwidth_used: seriesOf(intervals, sum(this.bandwidth)),
			total_monthly_billing: dailyBillings.reduce((total, p) => total + (p.y ?? 0), 0),
		};
	}
}
