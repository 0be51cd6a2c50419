/**
 * What the monitor polls whatever pane is on screen, for the live rates and the health line:
 * the usage statistics (also the Overview's), the delivery logs since the last poll, and, less
 * often, the queues and the schedules. Each answers slim data: only what rates and rules read.
 */
import type { MqClient } from '../../../api/client.js';
import { ApiError } from '../../../api/errors.js';
import type { FieldIssue, Liberal, Reading } from '../../../api/liberal.js';
import { logsPageLimit } from '../../../api/logs-api.js';
import type { MqStats, StatsPeriod } from '../../../api/schemas.js';
import { defineEndpoint } from '../endpoints.js';
import { type LogCursor, type SlimLog, slimLog } from './log-window.js';

export interface MqStatsParams {
	accountId: string;
	period: StatsPeriod;
}

/** Usage statistics as read: any field may be missing, any point a gap. */
export type UsageStats = Liberal<typeof MqStats>;

/** An account's usage statistics over a period: the Overview shows them, the rates read them. */
export const mqStatsEndpoint = defineEndpoint<UsageStats, MqStatsParams>({
	key: 'mqStats',
	api: 'management',
	label: 'usage stats',
	params: (p) => `${p.accountId} ${p.period}`,
	fetch: (client, p, signal) => client.management.mqStats(p.accountId, p.period, signal),
});

/** A listing a deployment may not have: it answers one of these, which is an answer, not a failure. */
const unlistedStatuses = [404, 405, 501];

export type Listed<T> = { listed: true; data: T } | { listed: false; status: number };

/** The reading of a listing, its odd fields kept; a listing the deployment does not have, as such. */
async function listed<T>(read: () => Promise<Reading<T>>): Promise<Reading<Listed<T>>> {
	try {
		const { data, issues } = await read();
		return { data: { listed: true, data }, issues };
	} catch (error) {
		if (error instanceof ApiError && error.kind === 'http' && unlistedStatuses.includes(error.status ?? 0))
			return { data: { listed: false, status: error.status ?? 404 }, issues: [] };
		throw error;
	}
}

/** The delivery logs newer than a cursor: what one poll read, and whether it reached the cursor. */
export interface LogBatch {
	/** The cursor the batch was read from. */
	since: LogCursor;
	logs: SlimLog[];
	/** False when more entries were newer than the cursor than one poll reads. */
	complete: boolean;
	/** The first poll reads back to here (unix ms): what happened since is where the rates start. */
	from?: number;
}

/** Pages one poll reads at most: a flood is counted from what they hold (an estimate). */
export const maxLogPages = 3;

async function logsSince(client: MqClient, p: LogsParams, signal: AbortSignal): Promise<Reading<LogBatch>> {
	const since = p.since();
	// The first poll reads back as far as the rates and rules look, a few pages at most.
	const from = since.kind === 'unknown' ? Date.now() - p.backMs : undefined;
	const filter =
		since.kind === 'at' ? { fromDate: since.time } : from !== undefined ? { fromDate: from } : {};
	const reached = (logs: readonly SlimLog[]) => {
		const mark = since.kind === 'at' ? since.time : from;
		return mark !== undefined && logs.some((log) => log.time < mark);
	};
	const logs: SlimLog[] = [];
	const issues: FieldIssue[] = [];
	let cursor: string | undefined;
	for (let page = 0; page < maxLogPages; page++) {
		const answer = await client.logs.list(
			{ filter, count: logsPageLimit, ...(cursor ? { cursor } : {}) },
			signal,
		);
		const slim = answer.data.logs.flatMap(slimLog);
		logs.push(...slim);
		issues.push(...answer.issues);
		cursor = answer.data.cursor;
		// A service that ignores the date filter still stops once it lists what was counted before.
		if (!cursor || answer.data.logs.length < logsPageLimit || reached(slim))
			return { data: { since, logs, complete: true, ...(from !== undefined ? { from } : {}) }, issues };
	}
	return { data: { since, logs, complete: false, ...(from !== undefined ? { from } : {}) }, issues };
}

export interface LogsParams {
	/** The cursor the next poll starts from: the live tracker keeps it. */
	since: () => LogCursor;
	/** How far back the first poll reads (ms). */
	backMs: number;
}

export const liveLogsEndpoint = defineEndpoint<Listed<LogBatch>, LogsParams>({
	key: 'live.logs',
	api: 'messaging',
	label: 'delivery logs',
	// The cursor moves with every poll: it is read when the request goes out, not part of the job.
	params: () => 'since last poll',
	fetch: (client, p, signal) => listed(() => logsSince(client, p, signal)),
});

/** A queue as the health rules read it. */
export interface QueueLag {
	name: string;
	lag: number | undefined;
	paused: boolean;
}

/** Queues and schedules change slowly: read them every 15 s at most. */
const slowMs = 15_000;

export const queueLagsEndpoint = defineEndpoint<Listed<QueueLag[]>>({
	key: 'health.queues',
	api: 'messaging',
	label: 'queues',
	everyMs: slowMs,
	params: () => '',
	fetch: (client, _p, signal) =>
		listed(async () => {
			const { data, issues } = await client.queues.list(signal);
			const lags = data.map((q) => ({
				name: q.name,
				lag: typeof q.lag === 'number' ? q.lag : undefined,
				paused: q.paused === true,
			}));
			return { data: lags, issues };
		}),
});

/** A schedule as the health rules read it: how its last run went. */
export interface ScheduleRun {
	scheduleId: string;
	destination: string | undefined;
	paused: boolean;
	/** Messages of the last run that failed, and all of them. */
	failed: number;
	messages: number;
}

export const scheduleRunsEndpoint = defineEndpoint<Listed<ScheduleRun[]>>({
	key: 'health.schedules',
	api: 'messaging',
	label: 'schedules',
	everyMs: slowMs,
	params: () => '',
	fetch: (client, _p, signal) =>
		listed(async () => {
			const { data, issues } = await client.schedules.list(signal);
			const runs = data.map((s) => {
				const states = Object.values(s.lastScheduleStates ?? {});
				return {
					scheduleId: s.scheduleId,
					destination: s.destination,
					paused: s.isPaused === true,
					failed: states.filter((state) => state === 'FAIL').length,
					messages: states.length,
				};
			});
			return { data: runs, issues };
		}),
});
