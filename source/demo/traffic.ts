/**
 * Demo traffic for `mqtop --demo`: publishes to URLs and a URL Group, some destinations failing
 * or slow, so that retries, callbacks, failure callbacks, the dead letter queue and workflow
 * runs all show up. Everything goes through the typed client, like a real user's traffic.
 */
import type { MqClient, PublishRequest } from '../api/client.js';
import { joinUrl } from '../api/connection.js';
import type { Behaviour, DemoDestinations } from './destinations.js';

export const demoGroupName = 'orders';

export interface DemoTrafficOptions {
	client: MqClient;
	/** Base URL of the callback receiver; callbacks and some deliveries go there. */
	receiverUrl: string;
	destinations: DemoDestinations;
	publishesPerSecond?: number;
	/** Seconds between workflow batch triggers. */
	triggerEverySeconds?: number;
	/** The workflow the triggers start runs of (the demo's order pipeline); a plain destination without it. */
	workflowUrl?: string;
	random?: () => number;
	/** Errors of the demo's own requests; the demo keeps going. */
	onError?: (error: unknown) => void;
}

export interface DemoTraffic {
	readonly counts: { published: number; triggered: number; errors: number };
	stop(): Promise<void>;
}

type Scenario = { weight: number; make: (n: number) => PublishRequest };

const maxInFlight = 32;

export function demoScenarios(
	receiverUrl: string,
	destinations: DemoDestinations,
	random: () => number,
): Scenario[] {
	const callback = joinUrl(receiverUrl, '/callback');
	const failureCallback = joinUrl(receiverUrl, '/failure');
	const order = (n: number) =>
		JSON.stringify({ order: n, item: ['tea', 'coffee', 'cake', 'bread'][n % 4], qty: 1 + (n % 3) });
	const to = (
		behaviour: Behaviour,
		path: string,
		n: number,
		extra: PublishRequest['options'] = {},
	): PublishRequest => ({
		destination: destinations.url(behaviour, path),
		body: order(n),
		options: { contentType: 'application/json', callback, labels: [behaviour], ...extra },
	});
	return [
		{ weight: 35, make: (n) => to('ok', 'orders', n) },
		{ weight: 12, make: (n) => to('slow', 'reports', n, { timeoutMs: 5000 }) },
		{
			weight: 15,
			make: (n) => to('flaky', 'payments', n, { retries: 2, retryDelay: '500', failureCallback }),
		},
		{ weight: 6, make: (n) => to('broken', 'legacy', n, { retries: 1, retryDelay: '300', failureCallback }) },
		{ weight: 4, make: (n) => to('busy', 'search', n, { retries: 1, failureCallback }) },
		{
			weight: 12,
			make: (n) => ({
				destination: demoGroupName,
				body: order(n),
				options: { contentType: 'application/json', callback },
			}),
		},
		{
			weight: 8,
			make: (n) => ({
				destination: joinUrl(receiverUrl, '/webhook'),
				body: order(n),
				options: { labels: ['direct'] },
			}),
		},
		{ weight: 8, make: (n) => to('ok', 'later', n, { delayMs: Math.round(10 + random() * 20) * 1000 }) },
	];
}

function pick<T extends { weight: number }>(items: T[], random: () => number): T {
	const total = items.reduce((sum, item) => sum + item.weight, 0);
	let at = random() * total;
	for (const item of items) {
		at -= item.weight;
		if (at < 0) return item;
	}
	return items[items.length - 1]!;
}

/** Creates the demo URL Group with its default headers; a second call leaves it as it is. */
export async function setUpDemoGroup(client: MqClient, destinations: DemoDestinations): Promise<void> {
	await client.groups.addEndpoints(demoGroupName, [
		{ name: 'primary', url: destinations.url('ok', 'primary') },
		{ name: 'replica', url: destinations.url('slow', 'replica') },
		{ name: 'audit', url: destinations.url('flaky', 'audit') },
	]);
	await client.groups.setHeaders(demoGroupName, { 'X-Demo': 'mqtop' });
}

export async function startDemoTraffic(options: DemoTrafficOptions): Promise<DemoTraffic> {
	const random = options.random ?? Math.random;
	const onError = options.onError ?? (() => {});
	const counts = { published: 0, triggered: 0, errors: 0 };
	const scenarios = demoScenarios(options.receiverUrl, options.destinations, random);
	const inFlight = new Set<Promise<unknown>>();
	let n = 0;

	const track = (work: Promise<unknown>, count: 'published' | 'triggered') => {
		const done = work.then(
			() => {
				counts[count]++;
			},
			(error: unknown) => {
				counts.errors++;
				onError(error);
			},
		);
		inFlight.add(done);
		void done.finally(() => inFlight.delete(done));
	};

	await setUpDemoGroup(options.client, options.destinations).catch((error: unknown) => {
		counts.errors++;
		onError(error);
	});

	const publishEvery = 1000 / (options.publishesPerSecond ?? 4);
	const publisher = setInterval(() => {
		// A stalled service must not make the demo pile up requests without bound.
		if (inFlight.size >= maxInFlight) return;
		track(options.client.publish(pick(scenarios, random).make(++n)), 'published');
	}, publishEvery);

	let batch = 0;
	const triggerer = setInterval(
		() => {
			if (inFlight.size >= maxInFlight) return;
			batch++;
			const workflow = options.workflowUrl ?? options.destinations.url('ok', 'workflow');
			const prefix = options.client.settings.dialect.headerPrefix;
			// A failing step is retried once, half a second later, before its run fails.
			const headers = (order: number) => ({
				[`${prefix}Workflow-RunId`]: `wfr_demo_${order}`,
				[`${prefix}Retries`]: '1',
				[`${prefix}Retry-Delay`]: '500',
				'Content-Type': 'application/json',
			});
			// Every batch repeats the run id of the one before, so deduplication shows up too.
			const items = [
				{ destination: workflow, body: JSON.stringify({ order: batch }), headers: headers(batch) },
				{ destination: workflow, body: JSON.stringify({ order: batch - 1 }), headers: headers(batch - 1) },
			];
			track(options.client.workflows.triggerMany(items), 'triggered');
		},
		(options.triggerEverySeconds ?? 5) * 1000,
	);

	return {
		counts,
		async stop() {
			clearInterval(publisher);
			clearInterval(triggerer);
			await Promise.allSettled([...inFlight]);
		},
	};
}
