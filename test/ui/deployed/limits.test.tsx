/**
 * The TUI on a deployment that answers 429 with its rate-limit headers (per second:
 * `Burst-RateLimit-*`, daily: `RateLimit-*`), and on one given only a queue URL and a token.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MqClient } from '../../../source/api/client.js';
import { dialectPresets } from '../../../source/api/dialect.js';
import { ids } from '../../fixtures/deployed/answers.js';
import {
	credentials,
	type DeployedService,
	documentedAnswers,
	startDeployedService,
} from '../../support/deployed-service.js';
import {
	type DeployedSession,
	keys,
	lineOf,
	mountTui,
	type Screen,
	startDeployedSession,
} from '../harness.js';

const unix = (ms: number) => String(Math.floor(ms / 1000));

describe('rate limits', () => {
	let session: DeployedSession;

	beforeAll(async () => {
		session = await startDeployedSession({ columns: 160, rows: 40 });
	});
	afterAll(() => session.close());
	afterEach(() => {
		session.service.refusals = {};
		session.service.answers = documentedAnswers();
	});

	const statsRequests = () =>
		session.service.requests.filter((r) => r.startsWith('GET /v2/qstash/stats/')).length;

	it('waits for the per-second limit to reset, says so, and resumes by itself', async () => {
		const { screen, service } = session;
		await screen.waitFor(
			(f) => f.includes('Month   200 requests') && f.includes('management ok'),
			'the Overview',
		);
		service.refusals.mqStats = {
			status: 429,
			headers: {
				'Burst-RateLimit-Limit': '10',
				'Burst-RateLimit-Remaining': '0',
				'Burst-RateLimit-Reset': unix(Date.now() + 3000),
				'RateLimit-Limit': '500000',
				'RateLimit-Remaining': '4000',
			},
			body: { error: 'too many requests' },
		};
		const frame = await screen.waitFor((f) => (f.includes('HTTP 429') ? f : undefined), 'the 429');
		const asked = statsRequests();
		expect(lineOf(frame, '✗ management:')).toMatch(
			/read usage stats: HTTP 429, over the per-second rate limit \(10 a second\) · polling resumes in [1-3]s/,
		);
		// The last good data stays.
		expect(frame).toContain('Month   200 requests');
		delete service.refusals.mqStats;
		await screen.waitFor((f) => f.includes('management ok') && !f.includes('✗'), 'polling resumed');
		// Polled every 150 ms without the hold: with it, the next request waited for the reset.
		expect(statsRequests() - asked).toBeLessThanOrEqual(2);
	});

	it('names the daily limit with the time it resets, and r asks again at once', async () => {
		const { screen, service } = session;
		await screen.waitFor((f) => f.includes('management ok') && !f.includes('✗'), 'the Overview');
		const reset = Date.now() + 3 * 3600_000;
		service.refusals.mqStats = {
			status: 429,
			headers: { 'RateLimit-Limit': '500000', 'RateLimit-Remaining': '0', 'RateLimit-Reset': unix(reset) },
		};
		const frame = await screen.waitFor((f) => (f.includes('HTTP 429') ? f : undefined), 'the 429');
		const line = lineOf(frame, '✗ management:');
		expect(line).toContain('over the daily request limit (500000 a day)');
		expect(line).toMatch(/polling resumes in (2h59m|3h)\S* \(\d\d:\d\d:\d\d\)/);
		// The whole API waits: the Accounts pane asks nothing of it either.
		const before = service.requests.length;
		await screen.press('2');
		await screen.waitFor(
			(f) => f.includes('Loading accounts') || f.includes(ids.account),
			'the Accounts pane',
		);
		await screen.press('1');
		delete service.refusals.mqStats;
		await screen.press('r');
		await screen.waitFor((f) => f.includes('management ok') && !f.includes('✗'), 'asked again on r');
		const between = service.requests.slice(before);
		expect(between.filter((r) => r === 'GET /v2/qstash/users')).toEqual([]);
	});
});

describe('a deployment given only a queue URL and a token', () => {
	let service: DeployedService;
	let screen: Screen;

	beforeAll(async () => {
		service = await startDeployedService();
		const client = new MqClient({
			queueUrl: service.url,
			token: credentials.token,
			managementUrl: '',
			email: '',
			apiKey: '',
			dialect: dialectPresets.deployed,
		});
		screen = mountTui(
			client,
			{
				embedded: false,
				unconfigured: { management: ['managementUrl', 'email', 'apiKey'] },
				settingsOrigin: { configPath: '/home/ops/.config/mqtop/config.json' },
			},
			{ columns: 80, rows: 24 },
		);
	});
	afterAll(async () => {
		screen.unmount();
		await service.close();
	});

	it('says on each management pane which settings it needs and how to give them', async () => {
		for (const [key, pane] of [
			['1', 'Overview'],
			['2', 'Accounts'],
			['3', 'Vector'],
			['4', 'Search'],
		] as const) {
			await screen.press(key);
			const frame = await screen.waitFor(
				(f) => (f.includes(`The ${pane} pane needs the management API`) ? f : undefined),
				`the ${pane} pane`,
			);
			expect(frame).toMatch(/managementUrl +--management-url +MQTOP_MANAGEMENT_URL +"managementUrl"/);
			expect(frame).toMatch(/email +--email +MQTOP_EMAIL +"email"/);
			expect(frame).toMatch(/apiKey +--api-key +MQTOP_API_KEY +"apiKey"/);
			expect(frame).toContain('/home/ops/.config/mqtop/config.json');
			expect(frame).toContain('management not configured');
			expect(frame).not.toContain('Invalid URL');
			expect(frame).not.toContain('✗');
		}
	});

	it('works on the messaging panes, and never asks the management API', async () => {
		await screen.press('5');
		await screen.waitFor(
			(f) => f.includes('in delivery') && f.includes('messaging ok') && !f.includes('✗'),
			'the Messages pane',
		);
		await screen.press('7');
		await screen.waitFor((f) => f.includes(ids.group) && !f.includes('✗'), 'the Groups pane');
		await screen.press('9');
		await screen.waitFor((f) => f.includes(ids.workflowRun) && !f.includes('✗'), 'the Workflows pane');
		await screen.press(':', ...'dlq', keys.enter);
		await screen.waitFor((f) => f.includes('2 dead letters') && !f.includes('✗'), 'the Dead letters pane');
		await screen.press(':', ...'logs', keys.enter);
		await screen.waitFor((f) => f.includes('2 log entries') && !f.includes('✗'), 'the Logs pane');
		const header = screen.frame().split('\n')[0];
		expect(header).toContain(`mqtop ${service.url}`);
		expect(service.requests.filter((r) => /\/v2\/(qstash|vector|search)\//.test(r))).toEqual([]);
	});
});
