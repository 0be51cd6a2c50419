/**
 * The live rates and what the health rules read, derived from the poll store as answers come
 * in: each new answer of the delivery logs or of the statistics adds one sample per rate.
 *
 * Where a rate comes from, best first:
 * - messages delivered, retried and failed: the delivery logs, counted entry by entry since the
 *   last poll; the statistics where the service lists no logs;
 * - requests: the statistics where they count the open interval as it goes, else the messages
 *   the logs saw created;
 * - bandwidth and the dead letters: the statistics.
 * Outside React; the views read snapshots.
 */
import type { PollState } from '../poll-store.js';
import { Store } from '../store.js';
import {
	type Listed,
	type LogBatch,
	type LogsParams,
	liveLogsEndpoint,
	mqStatsEndpoint,
	type QueueLag,
	queueLagsEndpoint,
	type ScheduleRun,
	scheduleRunsEndpoint,
} from './endpoints.js';
import { appendKept, type Level, type Sample } from './history.js';
import {
	bucketLogs,
	type EndpointErrorCount,
	type LogCounts,
	type LogCursor,
	tallyLogs,
} from './log-window.js';
import { countBetween, readStats, type StatsCounter, type StatsReading } from './stats-counters.js';

export const rateMetrics = ['delivered', 'retried', 'failed', 'requests', 'bandwidth'] as const;
export type RateMetric = (typeof rateMetrics)[number];

export type RateSource = 'logs' | 'stats';

export interface RateSeries {
	samples: readonly Sample[];
	/** Where the newest sample came from. */
	source: RateSource | undefined;
}

/** Whether a listing answers: not yet asked, it does, or the service has none. */
export type Listing = 'waiting' | 'listed' | 'unlisted';

export interface QueueReading {
	at: number;
	queues: readonly QueueLag[];
}

export interface LiveState {
	rates: Readonly<Record<RateMetric, RateSeries>>;
	/** Messages in the dead letter queue, per statistics answer. */
	deadLetters: readonly Level[];
	/** Failed attempts per destination, per logs poll. */
	endpointErrors: readonly (EndpointErrorCount & { at: number })[];
	queues: readonly QueueReading[];
	schedules: { at: number; runs: readonly ScheduleRun[] } | undefined;
	logs: Listing;
	queueListing: Listing;
	scheduleListing: Listing;
	/** `live`: the statistics count the open interval as it goes; `interval`: only closed ones. */
	stats: 'waiting' | 'live' | 'interval';
	/** When the newest sample was taken. */
	updatedAt: number | undefined;
}

const emptySeries: RateSeries = { samples: [], source: undefined };

export const initialLiveState: LiveState = {
	rates: {
		delivered: emptySeries,
		retried: emptySeries,
		failed: emptySeries,
		requests: emptySeries,
		bandwidth: emptySeries,
	},
	deadLetters: [],
	endpointErrors: [],
	queues: [],
	schedules: undefined,
	logs: 'waiting',
	queueListing: 'waiting',
	scheduleListing: 'waiting',
	stats: 'waiting',
	updatedAt: undefined,
};

export interface TrackerOptions {
	/** How much history to keep: the longest health window, and the charts' span. */
	keepMs: number;
	/** How far back the first poll of the logs reads (the longest health window): its history. */
	backMs: number;
	/** The refresh interval: the step of that history. */
	stepMs: number;
}

export class LiveTracker extends Store<LiveState> {
	private cursor: LogCursor = { kind: 'unknown' };
	private logsAt: number | undefined;
	private reading: StatsReading | undefined;
	/** The answer last taken in, by endpoint: a snapshot notified twice is read once. */
	private readonly seen = new Map<string, number>();

	/** What the poll of the logs asks the tracker: where to start, and how far back the first one reads. */
	readonly logsParams: LogsParams;

	constructor(private readonly options: TrackerOptions) {
		super(initialLiveState);
		this.logsParams = { since: this.since, backMs: Math.min(options.backMs, options.keepMs) };
	}

	/** Where the next poll of the logs starts. */
	readonly since = (): LogCursor => this.cursor;

	/** Takes in the answers that are new since the last look. */
	observe(polls: PollState): void {
		const fresh = <T>(key: string): { data: T; at: number; params: string } | undefined => {
			const entry = polls.entries[key];
			if (!entry || entry.data === undefined || entry.updatedAt === undefined) return undefined;
			if (this.seen.get(key) === entry.updatedAt) return undefined;
			this.seen.set(key, entry.updatedAt);
			return { data: entry.data as T, at: entry.updatedAt, params: entry.dataParams ?? '' };
		};
		const logs = fresh<Listed<LogBatch>>(liveLogsEndpoint.key);
		const stats = fresh<Parameters<typeof readStats>[0]>(mqStatsEndpoint.key);
		const queues = fresh<Listed<QueueLag[]>>(queueLagsEndpoint.key);
		const schedules = fresh<Listed<ScheduleRun[]>>(scheduleRunsEndpoint.key);
		if (!logs && !stats && !queues && !schedules) return;
		let state = this.getSnapshot();
		if (logs) state = this.takeLogs(state, logs.data, logs.at);
		if (stats) state = this.takeStats(state, readStats(stats.data, stats.params, stats.at));
		if (queues) state = this.takeQueues(state, queues.data, queues.at);
		if (schedules)
			state = schedules.data.listed
				? { ...state, scheduleListing: 'listed', schedules: { at: schedules.at, runs: schedules.data.data } }
				: { ...state, scheduleListing: 'unlisted', schedules: undefined };
		this.set(state);
	}

	/** Appends `samples` (oldest first) to a rate in one copy. */
	private add(
		state: LiveState,
		metric: RateMetric,
		samples: readonly Sample[],
		source: RateSource,
	): LiveState {
		const newest = samples.at(-1);
		if (!newest) return state;
		const series = state.rates[metric];
		return {
			...state,
			rates: {
				...state.rates,
				[metric]: { samples: appendKept(series.samples, samples, this.options.keepMs), source },
			},
			updatedAt: Math.max(state.updatedAt ?? 0, newest.at),
		};
	}

	private takeLogs(state: LiveState, answer: Listed<LogBatch>, at: number): LiveState {
		if (!answer.listed) return { ...state, logs: 'unlisted' };
		const batch = answer.data;
		const first = this.cursor.kind === 'unknown';
		const tally = tallyLogs(this.cursor, batch.logs, batch.complete);
		this.cursor = tally.next;
		const before = this.logsAt;
		this.logsAt = at;
		const next: LiveState = { ...state, logs: 'listed' };
		if (first && batch.from !== undefined) {
			// What the first poll read back is history, step by step, up to now.
			const { stepMs } = this.options;
			const range = { from: batch.from, to: at, complete: batch.complete };
			const steps = bucketLogs(batch.logs, range, stepMs).map((b) => ({ ...b, at: b.end, spanMs: stepMs }));
			return this.addCounts(next, steps, false);
		}
		if (!tally.counts || before === undefined) return next;
		return this.addCounts(next, [{ counts: tally.counts, at, spanMs: at - before }], tally.estimated);
	}

	/** Adds counted steps (oldest first) to the rates and the errors of each destination. */
	private addCounts(
		state: LiveState,
		steps: readonly { counts: LogCounts; at: number; spanMs: number }[],
		estimate: boolean,
	): LiveState {
		const samples = (pick: (counts: LogCounts) => number): Sample[] =>
			steps.map((step) => ({ at: step.at, spanMs: step.spanMs, count: pick(step.counts), estimate }));
		let next = this.add(
			state,
			'delivered',
			samples((c) => c.delivered),
			'logs',
		);
		next = this.add(
			next,
			'retried',
			samples((c) => c.retried),
			'logs',
		);
		next = this.add(
			next,
			'failed',
			samples((c) => c.failed),
			'logs',
		);
		// Created messages stand in for requests only where the statistics do not count them as they go.
		if (next.stats !== 'live')
			next = this.add(
				next,
				'requests',
				samples((c) => c.created),
				'logs',
			);
		const errors = steps.flatMap((step) => step.counts.errors.map((error) => ({ ...error, at: step.at })));
		return { ...next, endpointErrors: appendKept(next.endpointErrors, errors, this.options.keepMs) };
	}

	private takeStats(state: LiveState, reading: StatsReading): LiveState {
		const before = this.reading;
		this.reading = reading;
		let next: LiveState = { ...state, stats: reading.live ? 'live' : 'interval' };
		if (reading.deadLetters !== undefined)
			next = {
				...next,
				deadLetters: appendKept(
					next.deadLetters,
					{ at: reading.at, value: reading.deadLetters },
					this.options.keepMs,
				),
			};
		if (!before) return next;
		const take = (counter: StatsCounter, metric: RateMetric) => {
			const counted = countBetween(before, reading, counter);
			const sample: Sample = counted
				? { at: reading.at, ...counted }
				: { at: reading.at, spanMs: reading.at - before.at, count: null, estimate: false };
			next = this.add(next, metric, [sample], 'stats');
		};
		take('bandwidth', 'bandwidth');
		if (reading.live || next.logs !== 'listed') take('requests', 'requests');
		if (next.logs !== 'listed') {
			take('delivered', 'delivered');
			take('retried', 'retried');
			take('failed', 'failed');
		}
		return next;
	}

	private takeQueues(state: LiveState, answer: Listed<QueueLag[]>, at: number): LiveState {
		if (!answer.listed) return { ...state, queueListing: 'unlisted', queues: [] };
		return {
			...state,
			queueListing: 'listed',
			queues: appendKept(state.queues, { at, queues: answer.data }, this.options.keepMs),
		};
	}
}
