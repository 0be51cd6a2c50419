import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VectorIndexClient } from '../../../source/api/index-client.js';
import { vectorSeriesFields } from '../../../source/api/schemas.js';
import { formatBytes } from '../../../source/format/bytes.js';
import { formatCount, formatInteger, formatLimit, formatMoney } from '../../../source/format/number.js';
import { maskText } from '../../../source/text/mask.js';
import { conformant } from '../../support/conformance.js';
import { eventually, keys, lineOf, mountTui, type Session, startSession } from '../harness.js';

const lastOf = (series: { y: number | null }[]) => series.filter((p) => p.y !== null).at(-1)?.y ?? 0;

describe('Vector pane', () => {
	let session: Session;

	beforeAll(async () => {
		session = await startSession({
			columns: 200,
			rows: 50,
			pane: 'vector',
			connection: { vectorIndexId: undefined },
			service: { vectorDimension: 4 },
		});
		// Real traffic through the index's data plane.
		const { service } = session.fixture;
		const index = new VectorIndexClient({
			endpoint: service.vectorIndexUrl,
			token: service.vectorIndexToken,
		});
		await index.upsert(
			Array.from({ length: 12 }, (_, i) => ({ id: `v${i}`, vector: [i, 1, 0, i % 3], metadata: { i } })),
		);
		for (let i = 0; i < 20; i++) await index.query({ vector: [i, 1, 0, 1], topK: 3 });
	});
	afterAll(() => session.close());

	it('asks for the index id when none is configured', async () => {
		const { screen, fixture } = session;
		await screen.waitFor((f) => f.includes('Vector index id:'), 'the id prompt');
		expect(screen.frame()).toContain('enter to apply');
		await screen.press(fixture.service.vectorIndexId, keys.enter);
		await screen.waitFor(
			(f) => f.includes(`Vector index ${fixture.service.vectorIndexId} · period 1h`),
			'the stats',
		);
	});

	it('shows every counter and every series the service reports, latencies mean and p99 side by side', async () => {
		const { screen, fixture } = session;
		await eventually(async () => {
			const stats = await conformant(fixture.client).getVectorStats(fixture.service.vectorIndexId, '1h');
			const frame = screen.frame();
			expect(stats.daily_query_count).toBe(20);
			expect(stats.current_vector_count).toBe(12);
			expect(lineOf(frame, 'vectors')).toContain(formatInteger(stats.current_vector_count));
			expect(frame).toMatch(new RegExp(`pending +${stats.pending_index_count}`));
			expect(frame).toMatch(new RegExp(`queries today +${stats.daily_query_count}`));
			expect(frame).toMatch(new RegExp(`updates month +${stats.monthly_update_count}`));
			expect(frame).toMatch(new RegExp(`reranks today +${stats.daily_rerank_count}`));
			expect(frame).toContain(formatBytes(stats.storage_usage));
			expect(frame).toContain(formatBytes(stats.monthly_bandwidth_usage));
			expect(frame).toContain(formatMoney(stats.monthly_cost));
			for (const kind of ['query', 'update', 'embeds', 'rerank'] as const) {
				const line = lineOf(frame, `${kind} mean`);
				const mean = stats[`${kind}_latency_mean`];
				const p99 = stats[`${kind}_latency_99`];
				expect(line).toContain(`last ${formatCount(lastOf(mean))}  `);
				expect(line).toMatch(
					new RegExp(`${kind} p99 .*last ${formatCount(lastOf(p99)).replace('.', '\\.')}`),
				);
			}
		});
		const frame = screen.frame();
		const labels = ['query throughput', 'update throughput', 'vector count', 'data size', 'queries by day'];
		for (const label of [...labels, 'updates by day', 'reranks by day', 'bandwidth by day'])
			expect(lineOf(frame, label), label).toBeDefined();
		// Sixteen series: four latency pairs and eight more.
		expect(8 + labels.length + 3).toBe(vectorSeriesFields.length);
	});

	it('ends the series by day at today: their last is the count of today, at 200x50 and 80x24', async () => {
		const { screen } = session;
		try {
			for (const [columns, rows] of [
				[200, 50],
				[80, 24],
			] as const) {
				screen.resize(columns, rows);
				const line = await screen.waitFor(
					(f) => (f.includes('queries today') ? lineOf(f, 'queries by day') : undefined),
					`the queries by day at ${columns}x${rows}`,
				);
				expect(line).toMatch(/last 20$/);
			}
		} finally {
			screen.resize(200, 50);
		}
	});

	it('shows a failing index id in the status line with when it retries, and recovers', async () => {
		const { screen, fixture } = session;
		await screen.press('i', ...Array.from({ length: 40 }, () => keys.backspace), 'no-such-index', keys.enter);
		await screen.waitFor(
			(f) =>
				f.includes('✗ management: read vector index stats failed: HTTP 404') &&
				/retry in \d+s/.test(f) &&
				f.includes('management failing'),
			'the 404 in the status line',
		);
		await screen.press('i', keys.esc);
		await screen.press(
			'i',
			...Array.from({ length: 20 }, () => keys.backspace),
			fixture.service.vectorIndexId,
			keys.enter,
		);
		await screen.waitFor((f) => f.includes('management ok') && !f.includes('✗'), 'recovered');
	});
});

describe('Search pane', () => {
	let session: Session;

	beforeAll(async () => {
		session = await startSession({ columns: 200, rows: 50, pane: 'search' });
	});
	afterAll(() => session.close());

	it('shows the configuration, -1 as unlimited, the limits and the throughput sparkline', async () => {
		const { screen, fixture } = session;
		const index = await conformant(fixture.client).getSearchIndex(fixture.service.searchIndexId);
		const frame = await screen.waitFor(
			(f) => (f.includes(`Search index ${index.name}`) ? f : undefined),
			'the index',
		);
		expect(lineOf(frame, 'id')).toContain(index.id);
		expect(lineOf(frame, 'endpoint')).toContain(index.endpoint);
		expect(frame).toMatch(new RegExp(`type +${index.type}`));
		expect(frame).toMatch(new RegExp(`region +${index.region}`));
		expect(frame).toMatch(/partner email +none/);
		const limits: [string, number][] = [
			['vectors', index.max_vector_count],
			['queries/day', index.max_daily_queries],
			['updates/day', index.max_daily_updates],
			['reranks/month', index.max_monthly_reranks],
			['queries/s', index.max_query_per_second],
			['writes/request', index.max_writes_per_request],
		];
		expect(limits.some(([, n]) => n === -1)).toBe(true);
		for (const [label, n] of limits) expect(frame).toMatch(new RegExp(`${label} +${formatLimit(n)}`));
		expect(frame).toMatch(
			new RegExp(`bandwidth/month +${formatLimit(index.max_monthly_bandwidth, formatBytes)}`),
		);
		expect(lineOf(frame, 'throughput')).toMatch(/[▁▂▃▄▅▆▇█]{100,} .*last /);
	});

	it('asks for the index id when none is configured', async () => {
		const { fixture } = session;
		const screen = mountTui(fixture.client, { embedded: true }, { pane: 'search' });
		try {
			await screen.waitFor((f) => f.includes('Search index id:'), 'the id prompt');
			expect(screen.frame()).toContain('nothing polled on this pane');
			const index = await conformant(fixture.client).getSearchIndex(fixture.service.searchIndexId);
			await screen.press(fixture.service.searchIndexId, keys.enter);
			await screen.waitFor((f) => f.includes(`Search index ${index.name}`), 'the index');
		} finally {
			screen.unmount();
		}
	});

	it('masks the index tokens until v', async () => {
		const { screen, fixture } = session;
		const index = await conformant(fixture.client).getSearchIndex(fixture.service.searchIndexId);
		expect(lineOf(screen.frame(), 'token')).toContain(maskText);
		expect(screen.frame()).not.toContain(index.token);
		await screen.press('v');
		await screen.waitFor(
			(f) => f.includes(index.token) && f.includes(index.read_only_token),
			'the tokens in clear',
		);
		await screen.press('v');
		await screen.waitFor((f) => !f.includes(index.token), 'masked again');
	});
});
