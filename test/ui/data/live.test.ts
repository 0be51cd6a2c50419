/**
 * The live rates as pure functions and as the tracker derives them from the poll store: logs
 * counted between polls (each entry once), statistics counters lined up by interval, missed
 * polls spread rather than dropped to zero, and estimates said so.
 */
import { describe, expect, it } from 'vitest';
import { readLiberal } from '../../../source/api/liberal.js';
import { type MqStats, MqStats as MqStatsSchema } from '../../../source/api/schemas.js';
import { formatStatsTimestamp } from '../../../source/api/timestamp.js';
import {
	liveLogsEndpoint,
	mqStatsEndpoint,
	queueLagsEndpoint,
} from '../../../source/ui/data/live/endpoints.js';
import { levelColumns, rateColumns, risesWithin, sumWithin } from '../../../source/ui/data/live/history.js';
import {
	bucketLogs,
	type LogCursor,
	type SlimLog,
	slimLog,
	tallyLogs,
} from '../../../source/ui/data/live/log-window.js';
import { countBetween, readStats } from '../../../source/ui/data/live/stats-counters.js';
import { LiveTracker } from '../../../source/ui/data/live/tracker.js';
import { PollStore } from '../../../source/ui/data/poll-store.js';

const log = (time: number, state: string, extra: Partial<SlimLog> = {}): SlimLog => ({
	time,
	messageId: `msg_${time}_${state}`,
	state,
	url: 'http://127.0.0.1:1/a',
	status: undefined,
	...extra,
});

describe('counting the delivery logs between polls', () => {
	it('learns where the log stands on the first poll and counts nothing before it', () => {
		const first = tallyLogs({ kind: 'unknown' }, [log(100, 'DELIVERED')], false);
		expect(first.counts).toBeUndefined();
		expect(first.next).toEqual({ kind: 'at', time: 100, keys: ['msg_100_DELIVERED DELIVERED 100'] });
		expect(tallyLogs({ kind: 'unknown' }, [], false).next).toEqual({ kind: 'empty' });
	});

	it('counts each attempt once by how it ended, entries at the cursor time included only once', () => {
		let cursor: LogCursor = { kind: 'at', time: 100, keys: ['msg_100_DELIVERED DELIVERED 100'] };
		// The service's fromDate is inclusive: the entry at 100 comes again, with a new one at 100.
		const logs = [
			log(100, 'DELIVERED'),
			log(100, 'CREATED', { messageId: 'msg_b' }),
			log(120, 'DELIVERED'),
			log(130, 'RETRY', { url: 'http://x/flaky' }),
			log(130, 'ERROR', { url: 'http://x/flaky', status: 503, messageId: 'msg_130_RETRY' }),
			log(140, 'FAILED', { url: 'http://x/broken', status: 500 }),
			log(150, 'ACTIVE'),
		];
		const tally = tallyLogs(cursor, logs, true);
		expect(tally.estimated).toBe(false);
		expect(tally.counts).toMatchObject({ delivered: 1, retried: 1, failed: 1, created: 1 });
		expect(tally.counts?.errors).toEqual([
			{ url: 'http://x/flaky', count: 1, status: 503 },
			{ url: 'http://x/broken', count: 1, status: 500 },
		]);
		cursor = tally.next;
		expect(cursor).toEqual({ kind: 'at', time: 150, keys: ['msg_150_ACTIVE ACTIVE 150'] });
		// The same page again adds nothing.
		expect(tallyLogs(cursor, logs, true).counts).toMatchObject({ delivered: 0, retried: 0, failed: 0 });
	});

	it('scales what a flood leaves unread to the time from the cursor, and says it is an estimate', () => {
		// 3 entries read over 20 ms, but 60 ms passed since the cursor.
		const tally = tallyLogs(
			{ kind: 'at', time: 100, keys: [] },
			[log(140, 'DELIVERED'), log(150, 'DELIVERED'), log(160, 'DELIVERED')],
			false,
		);
		expect(tally.estimated).toBe(true);
		expect(tally.counts?.delivered).toBeCloseTo(9);
	});

	it('leaves out entries without a time, and reads odd fields as absent', () => {
		expect(slimLog({ messageId: 'm' })).toEqual([]);
		expect(slimLog({ messageId: 'm', time: 5, state: 7, url: null, responseStatus: '500' })).toEqual([
			{ time: 5, messageId: 'm', state: '', url: undefined, status: undefined },
		]);
	});
});

const minute = 60_000;
const base = Date.UTC(2026, 0, 15, 12, 0);

/** Statistics whose period series end at `newest` with these values (null: the open interval not counted). */
function stats(
	values: { requests: (number | null)[]; delivered: (number | null)[] },
	newest = base,
): MqStats {
	const series = (ys: (number | null)[]) =>
		ys.map((y, i) => ({ x: formatStatsTimestamp(newest - (ys.length - 1 - i) * minute), y }));
	return {
		days: [],
		daily_requests: [],
		daily_billings: [],
		daily_bandwidths: [],
		daily_used: series(values.requests),
		daily_used_workflow: series(values.requests.map(() => 0)),
		daily_qstash_messages: [{ id: 'delivered', data_points: series(values.delivered) }],
		daily_workflow_messages: [],
		dlq_message_count: 2,
		daily_bandwidth_used: series(values.requests.map(() => 0)),
		total_monthly_billing: 0,
	} as unknown as MqStats;
}

describe('counting the statistics between polls', () => {
	it('adds the growth of the open interval and every interval after it, exactly', () => {
		const a = readStats(stats({ requests: [5, 3], delivered: [4, 2] }), 'acct 1h', base + 10_000);
		const b = readStats(stats({ requests: [5, 7], delivered: [4, 6] }), 'acct 1h', base + 12_000);
		expect(countBetween(a, b, 'requests')).toEqual({ count: 4, spanMs: 2000, estimate: false });
		// The minute turned: the old open interval closed at 9 and the new one holds 2.
		const c = readStats(
			stats({ requests: [9, 2], delivered: [8, 1] }, base + minute),
			'acct 1h',
			base + 61_000,
		);
		expect(countBetween(b, c, 'requests')).toEqual({ count: 4, spanMs: 49_000, estimate: false });
		expect(countBetween(b, c, 'delivered')?.count).toBe(3);
	});

	it('reads statistics as a deployment may send them: a point without its time is left out, nothing throws', () => {
		const { data } = readLiberal(MqStatsSchema, {
			daily_used: [{ y: 3 }, { x: formatStatsTimestamp(base), y: 5 }, 'odd'],
			daily_qstash_messages: [{ id: 'delivered' }],
		});
		if (!data) throw new Error('the statistics did not read');
		const reading = readStats(data, 'acct 1h', base + 1000);
		expect(reading.tails.requests).toEqual([{ x: base, y: 5 }]);
		expect(reading.tails.delivered).toBeUndefined();
		expect(reading.deadLetters).toBeUndefined();
	});

	it('knows nothing across a change of period', () => {
		const a = readStats(stats({ requests: [5, 3], delivered: [4, 2] }), 'acct 1h', base);
		const b = readStats(stats({ requests: [5, 7], delivered: [4, 6] }), 'acct 3h', base + 2000);
		expect(countBetween(a, b, 'requests')).toBeUndefined();
	});

	it('takes the mean of the newest closed interval where the open one is not counted, as an estimate', () => {
		const a = readStats(stats({ requests: [60, null], delivered: [30, null] }), 'acct 1h', base);
		const b = readStats(stats({ requests: [60, null], delivered: [30, null] }), 'acct 1h', base + 2000);
		expect(b.live).toBe(false);
		expect(countBetween(a, b, 'requests')).toEqual({ count: 2, spanMs: 2000, estimate: true });
		expect(b.deadLetters).toBe(2);
	});
});

describe('the history of a rate', () => {
	const step = 1000;
	it('spreads a sample over the polls it spans, as estimates, never a zero', () => {
		const samples = [
			{ at: 1000, spanMs: 1000, count: 4, estimate: false },
			// Two polls missed: 9 over 3 s.
			{ at: 4000, spanMs: 3000, count: 9, estimate: false },
			{ at: 5000, spanMs: 1000, count: 2, estimate: false },
		];
		expect(rateColumns(samples, 6, step)).toEqual({
			values: [null, 4, 3, 3, 3, 2],
			estimates: [false, false, true, true, true, false],
		});
		expect(rateColumns([{ at: 1, spanMs: 1000, count: null, estimate: false }], 2, step).values).toEqual([
			null,
			null,
		]);
	});

	it('sums what happened within a window, and the rises of a level', () => {
		const samples = [1, 2, 3, 4].map((i) => ({ at: i * 1000, spanMs: 1000, count: i, estimate: false }));
		expect(sumWithin(samples, 4000, 2500)).toBe(9);
		const levels = [5, 7, 3, 4].map((value, i) => ({ at: i * 1000, value }));
		expect(risesWithin(levels, 3000, 10_000)).toBe(3);
		expect(levelColumns(levels, 5).values).toEqual([null, 5, 7, 3, 4]);
	});
});

describe('the live tracker over the poll store', () => {
	function setup() {
		const polls = new PollStore(0);
		const tracker = new LiveTracker({ keepMs: 60_000, backMs: 60_000, stepMs: 1000 });
		polls.subscribe(() => tracker.observe(polls.getSnapshot()));
		const logs = (at: number, entries: SlimLog[], complete = true, from?: number) =>
			polls.succeeded(
				liveLogsEndpoint,
				'since last poll',
				{
					listed: true,
					data: { since: tracker.since(), logs: entries, complete, ...(from === undefined ? {} : { from }) },
				},
				at,
			);
		return { polls, tracker, logs };
	}

	it('adds a sample per answered poll, and a missed poll makes the next span longer, not a zero', () => {
		const { polls, tracker, logs } = setup();
		logs(1000, [log(10, 'DELIVERED')]);
		logs(2000, [log(11, 'DELIVERED'), log(12, 'DELIVERED')]);
		// A failed poll: no answer, no sample.
		polls.failed(liveLogsEndpoint, 'since last poll', {
			message: 'connection refused',
			hint: '',
			at: 3000,
			retryAt: 4000,
			failures: 1,
		} as never);
		logs(4000, [log(13, 'DELIVERED'), log(14, 'DELIVERED'), log(15, 'FAILED')]);
		const { delivered, failed } = tracker.getSnapshot().rates;
		expect(delivered.samples.map((s) => [s.spanMs, s.count])).toEqual([
			[1000, 2],
			[2000, 2],
		]);
		expect(delivered.source).toBe('logs');
		expect(rateColumns(delivered.samples, 3, 1000)).toEqual({
			values: [2, 1, 1],
			estimates: [false, true, true],
		});
		expect(failed.samples.at(-1)?.count).toBe(1);
		expect(tracker.getSnapshot().logs).toBe('listed');
	});

	it('starts with the history the first poll read back, step by step, and goes on from its newest entry', () => {
		const { tracker, logs } = setup();
		// Read back from 0 to 5000: five steps of a second, a failure in the second, two deliveries in the last.
		logs(
			5000,
			[log(4200, 'DELIVERED'), log(5000, 'DELIVERED'), log(1500, 'FAILED', { url: 'http://x/a' })],
			true,
			0,
		);
		const { delivered, failed } = tracker.getSnapshot().rates;
		expect(delivered.samples.map((s) => [s.at, s.spanMs, s.count])).toEqual([
			[1000, 1000, 0],
			[2000, 1000, 0],
			[3000, 1000, 0],
			[4000, 1000, 0],
			[5000, 1000, 2],
		]);
		expect(failed.samples.map((s) => s.count)).toEqual([0, 1, 0, 0, 0]);
		expect(tracker.getSnapshot().endpointErrors).toEqual([
			{ url: 'http://x/a', count: 1, status: undefined, at: 2000 },
		]);
		// The next poll counts only what is newer than what was read back.
		logs(6000, [log(5000, 'DELIVERED'), log(5500, 'DELIVERED')]);
		expect(tracker.getSnapshot().rates.delivered.samples.at(-1)).toMatchObject({
			at: 6000,
			spanMs: 1000,
			count: 1,
		});
	});

	it('starts a history cut short by the pages one poll reads at its oldest entry', () => {
		const steps = bucketLogs(
			[log(8000, 'DELIVERED'), log(9500, 'RETRY')],
			{ from: 0, to: 10_000, complete: false },
			1000,
		);
		expect(steps.map((s) => [s.end, s.counts.delivered, s.counts.retried])).toEqual([
			[9000, 1, 0],
			[10_000, 0, 1],
		]);
	});

	it('takes requests and bandwidth from live statistics, and marks a listing the service lacks', () => {
		const { polls, tracker } = setup();
		const params = mqStatsEndpoint.params({ accountId: 'acct', period: '1h' });
		polls.succeeded(mqStatsEndpoint, params, stats({ requests: [1, 2], delivered: [0, 0] }), base + 1000);
		polls.succeeded(mqStatsEndpoint, params, stats({ requests: [1, 6], delivered: [0, 3] }), base + 3000);
		polls.succeeded(queueLagsEndpoint, '', { listed: false, status: 404 }, base + 3000);
		const state = tracker.getSnapshot();
		expect(state.stats).toBe('live');
		expect(state.rates.requests.samples.map((s) => s.count)).toEqual([4]);
		// Without the delivery logs answering yet, the statistics count the deliveries too.
		expect(state.rates.delivered.samples.map((s) => s.count)).toEqual([3]);
		expect(state.deadLetters.map((l) => l.value)).toEqual([2, 2]);
		expect(state.queueListing).toBe('unlisted');
	});
});
