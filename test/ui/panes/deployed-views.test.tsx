/**
 * The Dead letters and Logs views against a loopback server that answers in the deployed
 * service's documented shapes (test/support/deployed-service.ts): records without a dlqId,
 * bodies as text or base64, header values as lists, `/v2/logs` with states the SDK spells.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqClient } from '../../../source/api/client.js';
import { dialectPresets } from '../../../source/api/dialect.js';
import { dlqPage, ids, logEntries } from '../../fixtures/deployed/answers.js';
import { credentials, type DeployedService, startDeployedService } from '../../support/deployed-service.js';
import { keys, lineOf, mountTui, type Screen } from '../harness.js';

describe('the on-call views against the deployed service', () => {
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
				timeoutMs: 5000,
			},
			{ retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 10 } },
		);
		screen = mountTui(client, { embedded: false }, { columns: 200, rows: 45, pane: 'dlq' });
	});
	afterAll(async () => {
		screen?.unmount();
		await service?.close();
	});

	it('shows the dead letters, one without a dlqId, and their last answers as text', async () => {
		const [first, second] = dlqPage.messages;
		const firstId = '1768478500000-0';
		expect(dlqPage.messages[0]).toMatchObject({ dlqId: firstId });
		const list = await screen.waitFor(
			(f) => (f.includes('2 dead letters') ? f : undefined),
			'the documented dead letters',
		);
		expect(list).toMatch(new RegExp(`500 .*${first!.messageId.slice(0, 20)}.*${firstId}`));
		expect(list).toMatch(new RegExp(`404 .*${second!.messageId.slice(0, 20)}.*— \\(cannot be acted on\\)`));
		expect(list).toContain('n next page');
		expect(service.requests).toContain('GET /v2/dlq');

		await screen.press(keys.enter);
		const detail = await screen.waitFor(
			(f) => (f.includes('Response body') ? f : undefined),
			'the detail of the first',
		);
		expect(detail).toContain('upstream failed');
		expect(lineOf(detail, 'Content-Type')).toContain('text/plain');
		await screen.press(keys.esc, 'j', keys.enter);
		// Its body came as base64: `not found`.
		await screen.waitFor((f) => f.includes('not found') && f.includes('status 404'), 'the second, decoded');
		await screen.press(keys.esc);
		// Without a dlqId it cannot be retried.
		await screen.press('R');
		await screen.waitFor((f) => f.includes('without a dlqId: it cannot be retried'), 'the refusal');
	});

	it('shows the delivery logs from /v2/logs', async () => {
		screen.runtime.ui.dispatch({ type: 'pane/show', pane: 'logs' });
		const frame = await screen.waitFor(
			(f) => (f.includes(`${logEntries.length} log entries`) ? f : undefined),
			'the documented log entries',
		);
		expect(service.requests).toContain('GET /v2/logs');
		expect(frame).toMatch(new RegExp(`IN_PROGRESS .*${ids.message.slice(0, 20)}.*${ids.group} +billing`));
		expect(frame).toMatch(/CREATED /);
		await screen.press(keys.enter);
		await screen.waitFor(
			(f) => f.includes(`Log entry of ${ids.message} IN_PROGRESS`) && f.includes('Content-Type'),
			'an entry with its headers',
		);
	});
});
