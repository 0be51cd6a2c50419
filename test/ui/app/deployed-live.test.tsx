/**
 * The Overview, its live rates and the health line against a loopback server answering in the
 * deployed service's shapes and dialect (`/v2/qstash/...`, `/v2/logs` without `/v2/events`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqClient } from '../../../source/api/client.js';
import { dialectPresets } from '../../../source/api/dialect.js';
import { ids } from '../../fixtures/deployed/answers.js';
import { credentials, type DeployedService, startDeployedService } from '../../support/deployed-service.js';
import { mountTui, type Screen } from '../harness.js';

describe('the Overview against the deployed shapes', () => {
	let service: DeployedService;
	let screen: Screen;

	beforeAll(async () => {
		service = await startDeployedService();
		const client = new MqClient(
			{
				queueUrl: service.url,
				managementUrl: service.url,
				token: credentials.token,
				email: credentials.email,
				apiKey: credentials.apiKey,
				dialect: dialectPresets.deployed,
			},
			{ retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 10 } },
		);
		screen = mountTui(
			client,
			{ embedded: false, accountId: ids.account },
			{ columns: 200, rows: 50, refreshMs: 250 },
		);
	});
	afterAll(async () => {
		screen.unmount();
		await service.close();
	});

	it('shows the statistics, the live charts and a health line with data', async () => {
		const frame = await screen.waitFor(
			(f) => (f.includes(`Account ${ids.account}`) && /delivered {2}0\/s/.test(f) ? f : undefined),
			'the Overview with its live rates',
		);
		expect(frame).toContain('Month   200 requests');
		expect(frame).toContain('DLQ 3');
		expect(frame).toContain('messages from the delivery logs');
		// The same log page again and again is nothing new: no rate out of old entries.
		expect(screen.runtime.live.getSnapshot().rates.delivered.samples.every((s) => s.count === 0)).toBe(true);
		await screen.waitFor((f) => f.startsWith(' OK  healthy'), 'a healthy line');
		await screen.press('!');
		// The queues and the schedules are polled less often than the rest: their rules wait for them.
		const overlay = await screen.waitFor(
			(f) => (f.includes('Health  OK') && !f.includes('no data') ? f : undefined),
			'the rules, each with data',
		);
		expect(overlay).toContain('0 dead letters in the last 5m · 3 in the dead letter queue');
		expect(overlay).toContain('queue invoices: lag 14, up 0 in the last 5m');
		expect(overlay).toContain('no schedule failed its last run');
		// The rates and rules asked only for what they read.
		for (const request of ['GET /v2/logs', 'GET /v2/queues', 'GET /v2/schedules'])
			expect(service.requests).toContain(request);
		expect(service.requests.some((r) => r.startsWith('GET /v2/qstash/stats/'))).toBe(true);
	});

	it('marks the rates of statistics that leave the open interval empty as estimates', async () => {
		await screen.press('!');
		const stats = structuredClone(service.answers.mqStats) as Record<
			string,
			{ x: string; y: number | null }[]
		>;
		for (const key of ['daily_used', 'daily_bandwidth_used']) stats[key]!.at(-1)!.y = null;
		service.answers.mqStats = stats;
		const frame = await screen.waitFor(
			(f) => (f.includes('~ mean of the last interval') && f.includes('messages created') ? f : undefined),
			'the bandwidth chart marked as an estimate',
		);
		// Only closed intervals are known: their mean, spread over the polls, with a ~ before it.
		expect(frame).toMatch(/bandwidth {2}~[\d.]+ B\/s/);
		// Requests now come from the messages the logs saw created (waited for above).
		expect(screen.runtime.live.getSnapshot().stats).toBe('interval');
	});
});
