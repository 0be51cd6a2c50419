import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VectorIndexClient } from '../../../source/api/index-client.js';
import { vectorSeriesFields } from '../../../source/api/schemas.js';
import { formatBytes } from '../../../source/format/bytes.js';
import { formatCount, formatInteger, formatLimit, formatMoney } from '../../../source/format/number.js';
import { localIndex } from '../../../source/local/service-indexes.js';
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
			endpoint: localIndex(service, 'dense').url,
			token: localIndex(service, 'dense').token,
		});
		await index.upsert(
			Array.from({ length: 12 }, (_, i) => ({ id: `v${i}`, vector: [i, 1, 0, i % 3], metadata: { i } })),
		);
		for (let i = 0; i < 20; i++) await index.query({ vector: [i, 1, 0, 1], topK: 3 });
	});
	afterAll(() => session.close());

	it('lists every index of the account to pick from when none is configured, and i picks another', async () => {
		const { screen, fixture } = session;
		const { service } = fixture;
		const list = await screen.waitFor((f) => (f.includes('3 vector indexes') ? f : undefined), 'the list');
		const rows = ['local-vector', 'local-sparse', 'local-hybrid'].map((name) => lineOf(list, name));
		expect(rows[0]).toMatch(/DENSE +4 +COSINE/);
		expect(rows[1]).toContain('SPARSE');
		expect(rows[2]).toContain('HYBRID');
		// Down to the sparse index and back up: Enter shows the one selected.
		await screen.press('j', 'j', 'k', keys.enter);
		await screen.waitFor(
			(f) =>
				f.includes(
					`Vector index local-sparse ${localIndex(service, 'sparse').id} · period 1h · 2 of 3 (i picks)`,
				),
			'the sparse index',
		);
		await screen.press('i');
		await screen.waitFor((f) => lineOf(f, '● local-sparse'), 'the list, the shown index marked');
		await screen.press('k', keys.enter);
		await screen.waitFor(
			(f) => f.includes(`Vector index local-vector ${localIndex(service, 'dense').id} · period 1h · 1 of 3`),
			'the stats of the dense index',
		);
	});

	it('shows every counter and every series the service reports, latencies mean and p99 side by side', async () => {
		const { screen, fixture } = session;
		await eventually(async () => {
			const stats = await conformant(fixture.client).getVectorStats(
				localIndex(fixture.service, 'dense').id,
				'1h',
			);
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

	it('says an id the service does not have is no such index, not an outage, at 80x24 and 200x50', async () => {
		const { screen, fixture } = session;
		try {
			for (const [columns, rows] of [
				[80, 24],
				[200, 50],
			] as const) {
				screen.resize(columns, rows);
				// t types an id; the field holds the id shown, which Ctrl-U clears.
				await screen.press('i', 't');
				await screen.waitFor(
					(f) => f.includes(`Vector index id: ${localIndex(fixture.service, 'dense').id}`),
					'the id',
				);
				await screen.press('\x15', 'no-such-index', keys.enter);
				const frame = await screen.waitFor(
					(f) => (f.includes('No such vector index no-such-index') ? f : undefined),
					`the 404 said at ${columns}x${rows}`,
				);
				expect(frame).toContain('the service does not have it (HTTP 404)');
				expect(frame).toContain('management ok');
				expect(frame).not.toContain('✗');
				expect(frame).not.toMatch(/retry in|failing/);
				await screen.press('i', keys.enter);
				await screen.waitFor(
					(f) =>
						f.includes(`Vector index local-vector ${localIndex(fixture.service, 'dense').id} · period 1h`),
					'back on an index the service has',
				);
			}
		} finally {
			screen.resize(200, 50);
		}
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
		const index = await conformant(fixture.client).getSearchIndex(localIndex(fixture.service, 'search').id);
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

	it('lists the databases to pick from when none is configured', async () => {
		const { fixture } = session;
		const screen = mountTui(fixture.client, { embedded: true }, { pane: 'search' });
		try {
			// The local service lists its search databases (GET /v2/search): with none configured, one is picked.
			const index = await conformant(fixture.client).getSearchIndex(localIndex(fixture.service, 'search').id);
			await screen.waitFor((f) => f.includes('1 search index'), 'the list');
			await screen.press(keys.enter);
			await screen.waitFor((f) => f.includes(`Search index ${index.name}`), 'the index');
		} finally {
			screen.unmount();
		}
	});

	it('picks with i among the databases the service lists, and says a typo is no such index', async () => {
		const { screen, fixture } = session;
		const index = await conformant(fixture.client).getSearchIndex(localIndex(fixture.service, 'search').id);
		await screen.press('i');
		const list = await screen.waitFor((f) => (f.includes('1 search index') ? f : undefined), 'the list');
		// Whole at 80 columns too.
		screen.resize(80, 24);
		await screen.waitFor(
			(f) => f.includes('1 search index · ● shown · enter shows the selected one · t types an id'),
			'the heading whole at 80',
		);
		screen.resize(200, 50);
		expect(lineOf(list, `● ${index.name}`)).toContain(index.id);
		await screen.press('t', '\x15', 'typo', keys.enter);
		const frame = await screen.waitFor(
			(f) => (f.includes('No such search index typo') ? f : undefined),
			'the 404 said as such',
		);
		expect(frame).toContain('management ok');
		expect(frame).not.toContain('✗');
		await screen.press('i', keys.enter);
		await screen.waitFor((f) => f.includes(`Search index ${index.name}`), 'back on the index');
	});

	it('masks the index tokens until v', async () => {
		const { screen, fixture } = session;
		const index = await conformant(fixture.client).getSearchIndex(localIndex(fixture.service, 'search').id);
		const frame = await screen.waitFor((f) => (lineOf(f, 'token') ? f : undefined), 'the token line');
		expect(lineOf(frame, 'token')).toContain(maskText);
		expect(frame).not.toContain(index.token);
		await screen.press('v');
		await screen.waitFor(
			(f) => f.includes(index.token) && f.includes(index.read_only_token),
			'the tokens in clear',
		);
		await screen.press('v');
		await screen.waitFor((f) => !f.includes(index.token), 'masked again');
	});
});
