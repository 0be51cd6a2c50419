/**
 * The demo traffic (source/demo) through the local service: every state a person should see
 * in the demo really happens — deliveries, retries, failures into the dead letter queue,
 * callbacks, fan-out and deduplicated workflow runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoDestinations } from '../../source/demo/destinations.js';
import { startDemoTraffic } from '../../source/demo/traffic.js';
import { conformant } from '../support/conformance.js';
import { waitUntil } from '../support/wait.js';
import { type Fixture, type Sink, startFixture, startSink } from './helpers.js';

let fx: Fixture;
let receiver: Sink;

beforeAll(async () => {
	fx = await startFixture({ retryDelayScale: 0.001 });
	receiver = await startSink();
});

afterAll(async () => {
	await fx.close();
	await receiver.close();
});

describe('demo traffic on the local service', () => {
	it('shows deliveries, retries, dead letters, callbacks, fan-out and workflow runs', async () => {
		let seed = 7;
		const random = () => {
			seed = (seed * 16807) % 2147483647;
			return seed / 2147483647;
		};
		const destinations = await startDemoDestinations({ slowMaxMs: 300, random });
		const errors: unknown[] = [];
		const traffic = await startDemoTraffic({
			client: fx.client,
			receiverUrl: receiver.url,
			destinations,
			publishesPerSecond: 60,
			triggerEverySeconds: 0.2,
			random,
			onError: (e) => errors.push(e),
		});
		try {
			const stats = await waitUntil(
				async () => {
					const s = await conformant(fx.client).getMqStats(fx.service.accountId, '1h');
					const last = (id: string) =>
						s.daily_qstash_messages.find((n) => n.id === id)?.data_points.at(-1)?.y ?? 0;
					const workflow =
						s.daily_workflow_messages.find((n) => n.id === 'run_started')?.data_points.at(-1)?.y ?? 0;
					// One batch starts two runs; the second batch repeats a run id, so wait for both batches.
					const twoBatches = traffic.counts.triggered > 1 && workflow > 1;
					return last('delivered') > 20 && last('retry') > 0 && last('failed') > 0 && twoBatches
						? s
						: undefined;
				},
				15_000,
				() => 'the demo did not show every state',
			);
			expect(stats.dlq_message_count).toBeGreaterThan(0);
		} finally {
			await traffic.stop();
			await destinations.close();
		}
		expect(errors).toEqual([]);
		expect(traffic.counts.published).toBeGreaterThan(0);
		expect(traffic.counts.triggered).toBeGreaterThan(1);
		const group = await conformant(fx.client).getGroup('orders');
		expect(group.endpoints.map((e) => e.name)).toEqual(['primary', 'replica', 'audit']);
		expect(receiver.received.some((r) => r.url === '/callback')).toBe(true);
	});
});
