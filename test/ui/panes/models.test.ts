import { describe, expect, it } from 'vitest';
import { readLiberal } from '../../../source/api/liberal.js';
import {
	type MqStats,
	MqStats as MqStatsSchema,
	MqUser,
	type VectorIndexStats,
	vectorSeriesFields,
} from '../../../source/api/schemas.js';
import { formatStatsTimestamp } from '../../../source/api/timestamp.js';
import { maskText } from '../../../source/text/mask.js';
import { usersEndpoint } from '../../../source/ui/data/endpoints.js';
import type { EndpointEntry, PollState } from '../../../source/ui/data/poll-store.js';
import { apiStatuses, lastRefresh } from '../../../source/ui/data/status.js';
import { accountColumns, accountDetail } from '../../../source/ui/panes/accounts/accounts-model.js';
import { mqStatsEndpoint } from '../../../source/ui/panes/overview/endpoints.js';
import {
	dayCount,
	dayLabel,
	dayNames,
	dayTotals,
	monthRequests,
	monthTotals,
	overviewSeries,
} from '../../../source/ui/panes/overview/overview-model.js';
import { vectorStatsEndpoint } from '../../../source/ui/panes/vector/endpoints.js';
import { vectorLatencies, vectorOtherSeries } from '../../../source/ui/panes/vector/vector-model.js';

const x = formatStatsTimestamp(Date.UTC(2026, 0, 1));
const series = (...ys: (number | null)[]) => ys.map((y) => ({ x, y }));

const stats: MqStats = {
	days: ['Thursday', 'Friday', 'Saturday'],
	daily_requests: [
		{ x, y: 5, workflow_message: 2, workflow_run: 1 },
		{ x, y: 7, workflow_message: 0, workflow_run: 3 },
		{ x, y: 0, workflow_message: 0, workflow_run: 0 },
	],
	daily_billings: series(0.1, 0.2, 0),
	daily_bandwidths: series(100, 200, 0),
	daily_used: series(1, 2, null),
	daily_used_workflow: series(0, 0, 0),
	daily_qstash_messages: [{ id: 'delivered\x1b[2J', data_points: series(3) }],
	daily_workflow_messages: [{ id: 'canceled', data_points: series(1) }],
	dlq_message_count: 4,
	daily_bandwidth_used: series(10, 20),
	total_monthly_billing: 0.31,
};

describe('overview model', () => {
	it('lists every period series, named ones labelled by their sanitised id', () => {
		const rows = overviewSeries(stats);
		expect(rows.map((r) => r.label)).toEqual([
			'requests',
			'workflow usage',
			'bandwidth',
			'messages delivered\\x1b[2J',
			'workflow canceled',
		]);
		expect(rows[0]!.values).toEqual([1, 2, null]);
	});

	it('adds up the month and reads one day, billing from the service total', () => {
		expect(monthTotals(stats)).toEqual({
			requests: 12,
			workflowRuns: 4,
			workflowMessages: 2,
			bandwidth: 300,
			billing: 0.31,
		});
		expect(dayTotals(stats, 1)).toEqual({
			requests: 7,
			workflowRuns: 3,
			workflowMessages: 0,
			bandwidth: 200,
			billing: 0.2,
		});
		// A day the service sent no point for is not a day of nothing: it is shown as "—".
		expect(dayTotals(stats, 10).requests).toBeUndefined();
		expect(monthRequests({ ...stats, daily_requests: stats.daily_requests.slice(0, 2) })).toEqual([
			5,
			7,
			null,
		]);
	});
});

describe('overview days', () => {
	it('keeps an unreadable day as a gap at its place: the days after it keep theirs', () => {
		const { data } = readLiberal(MqStatsSchema, { ...stats, days: ['Thursday', 7, 'Saturday'] });
		if (!data) throw new Error('the statistics did not read');
		expect(dayCount(data)).toBe(3);
		expect(dayNames(data)).toEqual(['Thursday', '', 'Saturday']);
		// Each bar is still the requests of its own day.
		expect(monthRequests(data)).toEqual([5, 7, 0]);
		expect(dayLabel(data, 2, 2)).toBe('Saturday 3 (today)');
		expect(dayLabel(data, 1, 2)).toBe('2');
		expect(dayTotals(data, 2).requests).toBe(0);
	});

	it('names the days sanitised', () => {
		expect(dayNames({ ...stats, days: ['Thu\x1b[2J', 'Fri', 'Sat'] })[0]).toBe('Thu\\x1b[2J');
	});
});

describe('vector model', () => {
	it('shows every series field once, latencies as mean/p99 pairs', () => {
		const empty = Object.fromEntries(
			vectorSeriesFields.map((f) => [f, series(1)]),
		) as unknown as VectorIndexStats;
		const pairs = vectorLatencies(empty, Date.now());
		const shown = [
			...pairs.flatMap((p) => [p.mean.id, p.p99.id]),
			...vectorOtherSeries(empty, Date.now()).map((r) => r.id),
		];
		expect(shown.sort()).toEqual([...vectorSeriesFields].sort());
		expect(pairs.map((p) => p.label)).toEqual(['query', 'update', 'embeds', 'rerank']);
	});
});

describe('accounts model', () => {
	const limits = Object.fromEntries(
		Object.entries(MqUser.shape)
			.filter(([name]) => name.startsWith('max_'))
			.map(([name]) => [name, 10]),
	);
	const user = MqUser.parse({
		...limits,
		customer_id: 'c',
		id: 'u1',
		password: 'pw_secret',
		token: 'tok_secret',
		active: true,
		state: 'active',
		modifying_state: 'suspended',
		last_plan_upgrade_time: 0,
		retention: 1,
		timeout: 1,
		rate_limit: 1,
		type: 'paid',
		reserved_type: 'mq_fixed_1m',
		reserved_price: 0,
		prod_pack_enabled: false,
		prometheus_enabled: 'false',
		region: 'us-east-1',
		budget: 0,
		created_by: 'c',
		creation_time: 0,
	});

	it('masks secrets unless revealed and shows the state in transition', () => {
		const cells = (reveal: boolean) => accountColumns(reveal).map((c) => c.cell(user));
		expect(cells(false)).toContain(maskText);
		expect(cells(false).join(' ')).not.toContain('secret');
		expect(cells(true)).toEqual(
			expect.arrayContaining(['tok_secret', 'pw_secret', 'active (suspended)', 'paid mq_fixed_1m']),
		);
		const detail = accountDetail(user, false);
		expect(detail.find((d) => d.label === 'budget')?.value).toBe('no limit');
		expect(detail.find((d) => d.label === 'password')?.value).toBe(maskText);
	});
});

describe('status model', () => {
	const failure = {
		message: 'down',
		hint: undefined,
		status: undefined,
		retryAfterMs: undefined,
		at: 1,
		retryAt: 5,
		failures: 2,
	};

	it('reports per API: the first failure wins, else ok at the newest refresh', () => {
		expect(
			apiStatuses(
				polls({
					users: { api: 'management', params: '', updatedAt: 10 },
					mqStats: { api: 'management', params: '', failure },
				}),
				[usersEndpoint, mqStatsEndpoint],
			),
		).toEqual([{ api: 'management', kind: 'error', failure, endpoint: 'mqStats' }]);
		expect(
			apiStatuses(polls({ users: { api: 'management', params: '' } }), [usersEndpoint, vectorStatsEndpoint]),
		).toEqual([{ api: 'management', kind: 'waiting' }]);
		expect(
			lastRefresh(polls({ users: { api: 'management', params: '', updatedAt: 10 } }), [usersEndpoint]),
		).toBe(10);
		expect(
			lastRefresh(polls({ users: { api: 'management', params: '', updatedAt: 10 } }), []),
		).toBeUndefined();
	});
});

function polls(entries: Record<string, EndpointEntry<unknown>>): PollState {
	return { entries, keyed: {} };
}
