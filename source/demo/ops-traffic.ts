/**
 * The demo traffic the on-call views need to show life: a schedule that runs every few
 * seconds and fails now and then (a flaky destination, one retry), a paused weekly schedule in
 * another time zone, a queue with a small parallelism and a backlog, and publishes held by
 * flow control (one key at its parallelism, one at its rate). Backlogs are topped up to a bound
 * and never grow past it. Everything goes through the typed client, like a real user's traffic.
 */
import type { MqClient } from '../api/client.js';
import type { DemoDestinations } from './destinations.js';

export const opsDemo = {
	schedule: 'demo-report',
	pausedSchedule: 'weekly-digest',
	queue: 'emails',
	/** Held by its parallelism: more are published than it lets through at once. */
	parallelKey: 'tenant-acme',
	/** Held by its rate. */
	rateKey: 'tenant-globex',
} as const;

export interface OpsTrafficOptions {
	client: MqClient;
	destinations: DemoDestinations;
	/** The running schedule's cron: every five seconds (6 fields, seconds first: the local extension). */
	scheduleCron?: string;
	/** The queue's backlog and each flow-control key's wait list are topped up to at most this. */
	backlog?: number;
	/** Milliseconds between top-ups. */
	everyMs?: number;
	/** Errors of the demo's own requests; the demo keeps going. */
	onError?: (error: unknown) => void;
}

export interface OpsTraffic {
	readonly counts: { enqueued: number; flowPublished: number; errors: number };
	stop(): Promise<void>;
}

/** Publishes at most this many of one kind per top-up, so a backlog fills over a few seconds. */
const perTopUp = 4;

async function setUp(options: OpsTrafficOptions): Promise<void> {
	const { client, destinations } = options;
	const json = { contentType: 'application/json' };
	await client.schedules.create({
		scheduleId: opsDemo.schedule,
		destination: destinations.url('flaky', 'report'),
		cron: options.scheduleCron ?? '*/5 * * * * *',
		body: JSON.stringify({ report: 'hourly-sales' }),
		options: { ...json, retries: 1, retryDelay: '1000', labels: ['report'] },
	});
	await client.schedules.create({
		scheduleId: opsDemo.pausedSchedule,
		destination: destinations.url('ok', 'digest'),
		cron: 'CRON_TZ=America/New_York 0 9 * * 1',
		body: JSON.stringify({ digest: 'weekly' }),
		options: { ...json, labels: ['digest'] },
	});
	await client.schedules.pause(opsDemo.pausedSchedule);
	await client.queues.upsert(opsDemo.queue, { parallelism: 2 });
}

export async function startOpsTraffic(options: OpsTrafficOptions): Promise<OpsTraffic> {
	const { client, destinations } = options;
	const onError = options.onError ?? (() => {});
	const backlog = options.backlog ?? 12;
	const counts = { enqueued: 0, flowPublished: 0, errors: 0 };
	const failed = (error: unknown) => {
		counts.errors++;
		onError(error);
	};
	await setUp(options).catch(failed);

	let n = 0;
	const email = () => JSON.stringify({ email: ++n, to: `customer-${n % 7}@example.org` });
	const started = Date.now();
	const topUpQueue = async () => {
		const { data } = await client.queues.get(opsDemo.queue);
		// The backlog swells and ebbs over a minute, so the lag's trend moves both ways.
		const target = Math.round(backlog * (0.6 + 0.4 * Math.sin((Date.now() - started) / 10_000)));
		const missing = Math.min(perTopUp, target - (data.lag ?? 0));
		for (let i = 0; i < missing; i++) {
			await client.queues.enqueue(opsDemo.queue, {
				destination: destinations.url('slow', 'email'),
				body: email(),
				options: { contentType: 'application/json', labels: ['email'] },
			});
			counts.enqueued++;
		}
	};
	const flows = [
		{ key: opsDemo.parallelKey, destination: destinations.url('slow', 'sync'), parallelism: 2 },
		{ key: opsDemo.rateKey, destination: destinations.url('ok', 'sync'), rate: 2, periodMs: 1000 },
	];
	const topUpFlows = async () => {
		const { data: keys } = await client.flowControl.list();
		for (const flow of flows) {
			const waiting = keys.find((k) => k.flowControlKey === flow.key)?.waitListSize ?? 0;
			const missing = Math.min(perTopUp, backlog - waiting);
			for (let i = 0; i < missing; i++) {
				const { destination, ...flowControl } = flow;
				await client.publish({
					destination,
					body: JSON.stringify({ tenant: flow.key, sync: ++n }),
					options: { contentType: 'application/json', flowControl, labels: ['sync'] },
				});
				counts.flowPublished++;
			}
		}
	};

	let running: Promise<void> | undefined;
	const timer = setInterval(() => {
		// A slow service must not make top-ups pile up: one at a time.
		if (running) return;
		running = Promise.all([topUpQueue().catch(failed), topUpFlows().catch(failed)]).then(() => {
			running = undefined;
		});
	}, options.everyMs ?? 1000);

	return {
		counts,
		async stop() {
			clearInterval(timer);
			await running;
		},
	};
}
