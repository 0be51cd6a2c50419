/**
 * The Schedules, Queues and Flow control views against a loopback server that answers in the
 * deployed service's documented shapes (test/support/deployed-service.ts): they show its data,
 * an odd field costs only that field, and an action sends the documented request.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MqClient } from '../../../source/api/client.js';
import { parseCron } from '../../../source/api/cron.js';
import { dialectPresets } from '../../../source/api/dialect.js';
import { formatLocalDateTime } from '../../../source/format/time.js';
import * as answers from '../../fixtures/deployed/answers.js';
import {
	credentials,
	type DeployedService,
	documentedAnswers,
	startDeployedService,
} from '../../support/deployed-service.js';
import { keys, mountTui, type Screen } from '../harness.js';

let service: DeployedService;
let client: MqClient;
let screen: Screen | undefined;

beforeAll(async () => {
	service = await startDeployedService();
	client = new MqClient(
		{
			queueUrl: service.url,
			managementUrl: service.url,
			...credentials,
			dialect: dialectPresets.deployed,
			timeoutMs: 5000,
		},
		{ retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 10 } },
	);
});
afterEach(() => {
	screen?.unmount();
	screen = undefined;
	service.answers = documentedAnswers();
	service.requests.length = 0;
});
afterAll(() => service.close());

function show(pane: string): Screen {
	screen = mountTui(client, { embedded: false }, { columns: 200, rows: 50, pane });
	return screen;
}

describe('the on-call views against the deployed service', () => {
	it('Schedules shows the documented schedule with its next runs in local time', async () => {
		const view = show('schedules');
		const { schedule } = answers;
		const row = await view.waitFor(
			(f) => (f.includes(schedule.scheduleId) && f.includes('succeeded') ? f : undefined),
			'the schedule row',
		);
		expect(row).toContain('CRON_TZ=Europe/Istanbul */5 * * * *');
		expect(row).toContain('hooks.example.org/report');
		await view.press(keys.enter);
		const detail = await view.waitFor((f) => (f.includes('Next runs') ? f : undefined), 'the detail');
		const next = parseCron(schedule.cron).runs(Date.now(), 1)[0]!;
		// The first run shown is the one due now, or (if the minute turned meanwhile) the next.
		expect(
			[formatLocalDateTime(next), formatLocalDateTime(next - 300_000)].some((t) => detail.includes(t)),
		).toBe(true);
		expect(detail).toContain('Europe/Istanbul (its CRON_TZ)');
		expect(detail).toContain('1000 * pow(2, retried)');
		expect(detail).toContain('203.0.113.7');
		expect(detail).toContain('https://hooks.example.org/report-callback');
		expect(detail).toMatch(/succeeded +msg_26hZCxZCuWyyTWPm/);
	});

	it('Schedules keeps a schedule whose cron is odd and says so in its detail', async () => {
		service.answers.schedules = [{ ...answers.schedule, cron: 42, isPaused: 'no' }];
		const view = show('schedules');
		await view.waitFor((f) => f.includes(answers.schedule.scheduleId), 'the row');
		await view.press(keys.enter);
		await view.waitFor((f) => f.includes('cannot tell') && f.includes('no cron expression'), 'the reason');
	});

	it('Queues shows the documented queue and pauses it with the documented request', async () => {
		const view = show('queues');
		await view.waitFor((f) => /invoices +active +14 +.*2 /.test(f), 'the queue with its lag and parallelism');
		await view.press('p');
		await view.waitFor((f) => f.includes('POST /v2/queues/invoices/pause'), 'the request');
		await view.press(keys.enter);
		await view.waitFor((f) => f.includes('✓ done: paused queue invoices'), 'done');
		expect(service.requests).toContain('POST /v2/queues/invoices/pause');
	});

	it('Flow control shows the keys against their maxima and the global parallelism', async () => {
		const view = show('flow');
		// The keys and the global parallelism are two answers: wait for both.
		const frame = await view.waitFor(
			(f) => (f.includes('tenant-acme') && /global parallelism .* 12\/1k/.test(f) ? f : undefined),
			'the keys and the global parallelism',
		);
		expect(frame).toMatch(/tenant-acme +active +31 /);
		expect(frame).toMatch(/█+ 4\/4/);
		expect(frame).toMatch(/87\/100 per 1m pinned/);
		expect(frame).toMatch(/global parallelism .* 12\/1k · 1 key · 31 waiting/);
	});

	it('Flow control reads the older wrapped listing too', async () => {
		service.answers.flowControlKeys = answers.flowControlKeysWrapped;
		const view = show('flow');
		await view.waitFor((f) => /tenant-acme +active +31 /.test(f), 'the key');
	});
});
