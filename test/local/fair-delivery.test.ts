/**
 * Delivery slots shared between destinations: a destination that never answers (an app stopped
 * at a breakpoint) holds only its own share of the account's global parallelism, so a message to
 * a healthy destination is delivered while the silent one's messages wait; and the HTTP client
 * opens as many connections to a destination as it may have deliveries in flight, so none
 * waits there unattempted.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { originParallelism } from '../../source/local/delivery/origin-slots.js';
import { listen } from '../support/http-server.js';
import { waitUntil } from '../support/wait.js';
import { bearer, type Fixture, raw, type Sink, startFixture, startSink } from './helpers.js';

let fx: Fixture | undefined;
let sink: Sink | undefined;
let silent: Silent | undefined;

afterEach(async () => {
	await fx?.close();
	await Promise.all([sink?.close(), silent?.close()]);
	fx = undefined;
	sink = undefined;
	silent = undefined;
});

interface Silent {
	url: string;
	/** Requests received so far, none answered. */
	received(): number;
	close(): Promise<void>;
}

/** A destination that takes every request and never answers it (until it is closed). */
async function startSilent(): Promise<Silent> {
	const held: ServerResponse[] = [];
	const server = await listen((req, res) => {
		req.resume();
		held.push(res);
	});
	return {
		url: server.url,
		received: () => held.length,
		close: async () => {
			for (const res of held) res.destroy();
			await server.close();
		},
	};
}

/** Publishes `count` messages to `url` in one batch. */
async function flood(f: Fixture, url: string, count: number): Promise<void> {
	const answer = await raw(`${f.service.queueUrl}/v2/batch`, {
		method: 'POST',
		headers: { ...bearer(f.service), 'content-type': 'application/json' },
		body: JSON.stringify(Array.from({ length: count }, (_, i) => ({ destination: `${url}/m${i}` }))),
	});
	expect(answer.status, answer.text).toBe(200);
}

describe('delivery shared between destinations', () => {
	it('delivers to a healthy destination while one that never answers holds its share of the slots', async () => {
		const limits = { max_global_parallelism: 20 };
		const share = originParallelism({ ...limits, max_parallelism: 100 });
		expect(share).toBe(10);
		fx = await startFixture({ limits });
		silent = await startSilent();
		sink = await startSink();
		await flood(fx, silent.url, 50);
		await waitUntil(() => (silent!.received() >= share ? true : undefined));
		await fx.client.publish({ destination: `${sink.url}/healthy`, body: 'on time' });
		const [got] = await sink.waitFor(1);
		expect(got!.body.toString()).toBe('on time');
		// The silent destination has its share in flight and no more; the rest of its messages wait.
		const engine = fx.service.context.engine;
		await waitUntil(() => (engine.messages.size === 50 ? true : undefined));
		expect(silent.received()).toBe(share);
		expect(engine.inFlightCount).toBe(share);
	});

	it('attempts every delivery a destination may have in flight: the HTTP client has a connection for each', async () => {
		// More than the 256 connections to one host the client allowed before.
		const limits = { max_parallelism: 300, max_global_parallelism: 1000 };
		const share = originParallelism(limits);
		expect(share).toBe(300);
		fx = await startFixture({ limits });
		silent = await startSilent();
		await flood(fx, silent.url, share + 20);
		await waitUntil(
			() => (silent!.received() >= share ? true : undefined),
			20_000,
			() => `${silent!.received()} of ${share} deliveries reached the destination`,
		);
		expect(silent.received()).toBe(share);
	});
});
