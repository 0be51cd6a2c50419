import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqStats } from '../../../../source/api/schemas.js';
import { formatBytes } from '../../../../source/format/bytes.js';
import { formatCount, formatInteger, formatMoney } from '../../../../source/format/number.js';
import { sparkLevels } from '../../../../source/format/series.js';
import { type Sink, startSink } from '../../../local/helpers.js';
import { conformant } from '../../../support/conformance.js';
import { eventually, keys, type Session, startSession } from '../../harness.js';

const sparkChars = new RegExp(`[${sparkLevels.join('')}·]+`);

function sparkOf(line: string | undefined): string {
	return sparkChars.exec(line ?? '')?.[0] ?? '';
}

/**
 * A period series from its label on: the label, then its sparkline. Read below the series'
 * title only: a live rate drawn as a sparkline (on a short terminal) may have the same label.
 */
function seriesLine(frame: string, label: string): string | undefined {
	const row = new RegExp(`(?:^|\\s)${label}\\s+[${sparkLevels.join('')}]`);
	const lines = frame.split('\n');
	for (const line of lines.slice(lines.findIndex((l) => l.startsWith('Period series')) + 1)) {
		const match = row.exec(line);
		if (match) return line.slice(match.index + match[0].indexOf(label));
	}
	return undefined;
}

const ys = (series: { y: number | null }[]) => series.map((p) => p.y ?? 0);

/** What a person should read for these stats, computed here from the raw numbers. */
function expectedTexts(stats: MqStats): string[] {
	const requests = ys(stats.daily_requests).reduce((a, b) => a + b, 0);
	const bandwidth = ys(stats.daily_bandwidths).reduce((a, b) => a + b, 0);
	const runs = stats.daily_requests.reduce((a, p) => a + p.workflow_run, 0);
	const used = ys(stats.daily_used);
	return [
		`Month   ${formatInteger(requests)} requests · ${formatInteger(runs)} workflow runs`,
		`${formatBytes(bandwidth)} · ${formatMoney(stats.total_monthly_billing)} · DLQ ${formatInteger(stats.dlq_message_count)}`,
		`max ${formatCount(Math.max(...used))}  last ${formatCount(used.at(-1)!)}`,
	];
}

describe('Overview pane', () => {
	let session: Session;
	let sink: Sink;

	beforeAll(async () => {
		session = await startSession({ columns: 200, rows: 50 });
		sink = await startSink((_req, _i, res) => {
			res.statusCode = 200;
			res.end('delivered');
		});
		const { client } = session.fixture;
		for (let i = 0; i < 6; i++) await client.publish({ destination: `${sink.url}/ok`, body: `hello ${i}` });
		// One message that fails at once: it lands in the dead letter queue.
		await client.publish({ destination: 'http://127.0.0.1:9/refused', body: 'x', options: { retries: 0 } });
		await sink.waitFor(6);
	});
	afterAll(async () => {
		await session.close();
		await sink.close();
	});

	it('shows the totals, billing, DLQ count and series the service reports', async () => {
		const { client, service } = session.fixture;
		// Compared with what the service reports now: the newest minute may tick over meanwhile.
		const { stats, frame } = await eventually(async () => {
			const stats = await conformant(client).getMqStats(service.accountId, '1h');
			const frame = session.screen.frame();
			expect(stats.dlq_message_count).toBe(1);
			for (const text of expectedTexts(stats)) expect(frame).toContain(text);
			return { stats, frame };
		});
		expect(ys(stats.daily_requests).reduce((a, b) => a + b, 0)).toBe(7);
		expect(frame).toContain(`Account ${service.accountId}`);
		for (const series of stats.daily_qstash_messages)
			expect(seriesLine(frame, `messages ${series.id}`)).toBeDefined();
		for (const series of stats.daily_workflow_messages)
			expect(seriesLine(frame, `workflow ${series.id}`)).toBeDefined();
		expect(seriesLine(frame, 'workflow usage')).toBeDefined();
		expect(seriesLine(frame, 'bandwidth')).toBeDefined();
	});

	it('scales every sparkline to the width of the terminal', async () => {
		const { screen } = session;
		const labels = ['requests', 'workflow usage', 'bandwidth', 'messages delivered', 'messages failed'];
		const widths = (frame: string) => labels.map((label) => sparkOf(seriesLine(frame, label)).length);
		const wide = await screen.waitFor((frame) => {
			const w = widths(frame);
			return w.every((n) => n > 0) ? w : undefined;
		}, 'sparklines at 200 columns');
		// 60 points drawn over the cells they have: the series is resampled to the width.
		expect(new Set(wide).size).toBe(1);
		expect(wide[0]).toBeGreaterThan(40);
		for (const line of screen.frame().split('\n')) expect(line.length).toBeLessThanOrEqual(200);

		screen.resize(80, 24);
		const narrow = await screen.waitFor((frame) => {
			const w = widths(frame).filter((n) => n > 0);
			const drawn = frame.split('\n').every((line) => line.length <= 80);
			return drawn && w.length >= 3 && w.every((n) => n < 60) ? w : undefined;
		}, 'sparklines at 80 columns');
		expect(new Set(narrow).size).toBe(1);
		expect(narrow[0]).toBeGreaterThanOrEqual(4);
		const frame = screen.frame();
		for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
		// The live region stays within the terminal: 24 rows, one kept free.
		expect(frame.split('\n').length).toBeLessThanOrEqual(23);
		screen.resize(200, 50);
		await screen.waitFor((f) => sparkOf(seriesLine(f, 'requests')).length > 40, 'back to 200 columns');
	});

	it('gives up its blank lines, its charts and the month, not its totals, in a short terminal', async () => {
		const { screen } = session;
		screen.resize(100, 14);
		const frame = await screen.waitFor(
			(f) => (f.split('\n').length <= 13 && seriesLine(f, 'requests') ? f : undefined),
			'the Overview at 100x14',
		);
		// A blank line squeezed to nothing used to be drawn over the first letter of "Month".
		expect(frame).toMatch(/^Today {3}\d/m);
		expect(frame).toMatch(/^Month {3}\d/m);
		// The rates as one line each: no room for their charts.
		expect(frame).toMatch(/^Live every/m);
		expect(frame).not.toMatch(/┤/);
		screen.resize(200, 50);
		// With room, the month is drawn day by day under the series.
		await screen.waitFor((f) => /^Su Mo Tu/m.test(f) && /\/s┤/.test(f), 'the month and the charts at 200x50');
		screen.resize(200, 50);
		await screen.waitFor((f) => sparkOf(seriesLine(f, 'requests')).length > 40, 'back to 200 columns');
	});

	it('switches the stats period with + and -, up to 30 days of 240 points', async () => {
		const { screen } = session;
		const { client, service } = session.fixture;
		const before = sparkOf(seriesLine(screen.frame(), 'requests')).length;
		await screen.press('+');
		await screen.waitFor(
			(f) => f.includes('· period 3h') && f.includes('period 3h ·') && f.includes('(60 points'),
			'period 3h in the title and the status line',
		);
		const stats3h = await conformant(client).getMqStats(service.accountId, '3h');
		expect(screen.runtime.polls.getSnapshot().entries.mqStats?.dataParams).toBe(`${service.accountId} 3h`);
		await screen.waitFor(
			(f) => f.includes(`max ${formatCount(Math.max(...ys(stats3h.daily_used)))}`),
			'3h values',
		);
		await screen.press('+', '+', '+', '+', '+');
		await screen.waitFor((f) => f.includes('· period 30d') && f.includes('(240 points'), 'period 30d');
		// 240 points still fill exactly the same cells.
		expect(sparkOf(seriesLine(screen.frame(), 'requests')).length).toBe(before);
		await screen.press('-', '-', '-', '-', '-', '-', '-');
		await screen.waitFor((f) => f.includes('· period 1h') && f.includes('(60 points'), 'back to 1h');
	});

	it('moves a day cursor over the month chart aligned with days', async () => {
		const { screen } = session;
		const stats = await conformant(session.fixture.client).getMqStats(
			session.fixture.service.accountId,
			'1h',
		);
		const today = new Date().getUTCDate();
		await screen.waitFor(
			(f) => f.includes(`${stats.days[today - 1]} ${today} (today)`),
			'today under the cursor',
		);
		await screen.press(keys.left);
		if (today > 1) {
			await screen.waitFor(
				(f) => f.includes(`${stats.days[today - 2]} ${today - 1}  0 requests`),
				'yesterday',
			);
		}
		await screen.press(keys.right, keys.right);
		if (today < stats.days.length) {
			await screen.waitFor(
				(f) => f.includes(`${stats.days[today]} ${today + 1}  0 requests`),
				'tomorrow, with nothing yet',
			);
		}
	});

	it('freezes live data with f and resumes it', async () => {
		const { screen } = session;
		const { client } = session.fixture;
		const month = (f: string) => /Month {3}(\S+) requests/.exec(f)?.[1];
		const before = await screen.waitFor(month, 'month total');
		await screen.press('f');
		await screen.waitFor((f) => f.includes('FROZEN'), 'frozen in the status line');
		await client.publish({ destination: `${sink.url}/ok`, body: 'while frozen' });
		const polls = screen.runtime.polls.getSnapshot().entries.mqStats?.updatedAt;
		await new Promise((r) => setTimeout(r, 600));
		expect(month(screen.frame())).toBe(before);
		expect(screen.runtime.polls.getSnapshot().entries.mqStats?.updatedAt).toBe(polls);
		await screen.press('f');
		await screen.waitFor((f) => !f.includes('FROZEN') && month(f) !== before, 'new data after resuming');
		expect(month(screen.frame())).toBe(formatInteger(Number(before!.replace(/,/g, '')) + 1));
	});
});
