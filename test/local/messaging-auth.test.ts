/**
 * Every operation beyond the neutral interface authenticates, limits and counts as the rest of the
 * service does (docs/protocol/authentication.md#messaging-api, docs/protocol/errors.md#rate-limits,
 * docs/protocol/statistics.md#counting): 401 without the token, 405 with the wrong method, 429 over
 * the burst limit, and enqueues, batch items and schedule firings counted as requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformant } from '../support/conformance.js';
import { waitUntil } from '../support/wait.js';
import { bearer, type Fixture, raw, type Sink, startFixture, startSink } from './helpers.js';

let fx: Fixture;
let sink: Sink;

beforeAll(async () => {
	fx = await startFixture();
	sink = await startSink();
});
afterAll(async () => {
	await fx.close();
	await sink.close();
});

const operations: [string, string][] = [
	['GET', '/v2/queues'],
	['POST', '/v2/queues'],
	['GET', '/v2/queues/q'],
	['DELETE', '/v2/queues/q'],
	['POST', '/v2/queues/q/pause'],
	['POST', '/v2/queues/q/resume'],
	['POST', '/v2/enqueue/q/http://127.0.0.1:9/x'],
	['GET', '/v2/schedules'],
	['POST', '/v2/schedules/http://127.0.0.1:9/x'],
	['GET', '/v2/schedules/s'],
	['DELETE', '/v2/schedules/s'],
	['POST', '/v2/schedules/s/pause'],
	['PATCH', '/v2/schedules/s/resume'],
	['POST', '/v2/batch'],
	['DELETE', '/v2/messages'],
	['GET', '/v2/logs'],
	['GET', '/v2/events'],
	['DELETE', '/v2/dlq'],
	['POST', '/v2/dlq/retry'],
	['POST', '/v2/dlq/retry/1-1'],
	['GET', '/v2/flowControl'],
	['GET', '/v2/flowControl/k'],
	['POST', '/v2/flowControl/k/pause'],
	['POST', '/v2/flowControl/k/resume'],
	['POST', '/v2/flowControl/k/pin'],
	['POST', '/v2/flowControl/k/unpin'],
	['POST', '/v2/flowControl/k/resetRate'],
	['GET', '/v2/globalParallelism'],
];

describe('the operations beyond the neutral interface', () => {
	it('answer 401 without the token and 405 to another method, with an error body', async () => {
		for (const [method, path] of operations) {
			const anonymous = await raw(`${fx.service.queueUrl}${path}`, { method });
			expect(anonymous.status, `${method} ${path}`).toBe(401);
			expect(anonymous.json()).toMatchObject({ error: expect.any(String) });
			const wrong = await raw(`${fx.service.queueUrl}${path}`, {
				method: 'PUT',
				headers: bearer(fx.service),
			});
			expect(wrong.status, `PUT ${path}`).toBe(405);
		}
	});

	it('count enqueues, batch items and schedule firings as requests', async () => {
		const requests = async () => {
			const stats = await conformant(fx.client).getMqStats(fx.service.accountId, '1h');
			return stats.daily_used.reduce((sum, p) => sum + (p.y ?? 0), 0);
		};
		const before = await requests();
		await fx.client.queues.enqueue('counted', { destination: `${sink.url}/e`, body: 'x' });
		await fx.client.messages.batch([{ destination: `${sink.url}/b1` }, { destination: `${sink.url}/b2` }]);
		await sink.waitFor(3);
		expect(await requests()).toBe(before + 3);
		const id = await fx.client.schedules.create({ destination: `${sink.url}/s`, cron: '* * * * * *' });
		await waitUntil(() => (sink.received.some((r) => r.url === '/s') ? true : undefined), 5000);
		await fx.client.schedules.delete(id);
		expect(await requests()).toBeGreaterThanOrEqual(before + 4);
	});

	it('answer 429 over the burst limit', async () => {
		const limited = await startFixture({ limits: { max_requests_per_second: 2 } });
		try {
			const statuses: number[] = [];
			for (let i = 0; i < 10; i++) {
				const answer = await raw(`${limited.service.queueUrl}/v2/queues`, {
					headers: bearer(limited.service),
				});
				statuses.push(answer.status);
			}
			expect(statuses).toContain(429);
		} finally {
			await limited.close();
		}
	});
});
