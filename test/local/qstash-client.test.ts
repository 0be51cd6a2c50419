/**
 * With the dialect of a deployed service (prefix Upstash-, token parameter qstash_token,
 * segment qstash, issuer Upstash), the official @upstash/qstash client talks to the local
 * service, and its Receiver accepts the signatures the local service sends.
 */
import { Client, Receiver } from '@upstash/qstash';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { resolveDialect } from '../../source/api/dialect.js';
import { conformant } from '../support/conformance.js';
import { waitUntil } from '../support/wait.js';
import { type Fixture, type Sink, startFixture, startSink } from './helpers.js';

const dialect = {
	headerPrefix: 'Upstash-',
	tokenParam: 'qstash_token',
	productSegment: 'qstash',
	issuer: 'Upstash',
};

let fx: Fixture;
let sink: Sink;
let qstash: Client;

beforeAll(async () => {
	fx = await startFixture({ dialect });
	sink = await startSink();
	qstash = new Client({
		baseUrl: fx.service.queueUrl,
		token: fx.service.token,
		retry: false,
		enableTelemetry: false,
		devMode: false,
	});
});

afterAll(async () => {
	await fx.close();
	await sink.close();
});

describe('the official client on the local service', () => {
	it('publishes, and its Receiver verifies the signature of the delivery', async () => {
		const destination = `${sink.url}/qstash?from=client`;
		const result = await qstash.publishJSON({
			url: destination,
			body: { hello: 'world' },
			headers: { 'X-Extra': 'forwarded' },
			retries: 2,
		});
		expect(result.messageId).toMatch(/^msg_/);
		const [got] = await sink.waitFor(1);
		expect(got!.url).toBe('/qstash?from=client');
		expect(JSON.parse(got!.body.toString())).toEqual({ hello: 'world' });
		expect(got!.headers['content-type']).toBe('application/json');
		expect(got!.headers['x-extra']).toBe('forwarded');
		expect(got!.headers['upstash-message-id']).toBe(result.messageId);
		expect(got!.headers['upstash-retried']).toBe('0');

		const receiver = new Receiver({
			currentSigningKey: fx.service.currentSigningKey,
			nextSigningKey: fx.service.nextSigningKey,
			devMode: false,
		});
		const signature = got!.headers['upstash-signature'] as string;
		await expect(receiver.verify({ signature, body: got!.body.toString(), url: destination })).resolves.toBe(
			true,
		);
		await expect(receiver.verify({ signature, body: 'tampered', url: destination })).rejects.toThrow(
			/body hash/,
		);
		const stranger = new Receiver({ currentSigningKey: 'sig_a', nextSigningKey: 'sig_b', devMode: false });
		await expect(stranger.verify({ signature, body: got!.body.toString() })).rejects.toThrow();
	});

	it('reads and cancels a waiting message', async () => {
		const { messageId } = await qstash.publish({ url: `${sink.url}/later`, body: 'wait', delay: 3600 });
		const message = await qstash.messages.get(messageId);
		expect(message).toMatchObject({ messageId, url: `${sink.url}/later`, body: 'wait', method: 'POST' });
		expect(message.notBefore).toBeGreaterThan(Date.now() + 3_500_000);
		expect(await qstash.messages.cancel(messageId)).toEqual({ cancelled: 1 });
		// The client logs every failed request; this 404 is the expected answer.
		const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
		await expect(qstash.messages.get(messageId)).rejects.toMatchObject({ status: 404 });
		quiet.mockRestore();
	});

	it('cancels several waiting messages at once', async () => {
		const ids = await Promise.all(
			[1, 2].map(async (n) => (await qstash.publish({ url: `${sink.url}/bulk${n}`, delay: 3600 })).messageId),
		);
		expect(await qstash.messages.cancel(ids)).toEqual({ cancelled: 2 });
		expect(await qstash.messages.cancel(ids)).toEqual({ cancelled: 0 });
	});

	it('manages URL Groups and publishes to one', async () => {
		await qstash.urlGroups.addEndpoints({
			name: 'qgroup',
			endpoints: [{ url: `${sink.url}/g1`, name: 'first' }, { url: `${sink.url}/g2` }],
		});
		expect((await qstash.urlGroups.list()).map((g) => g.name)).toEqual(['qgroup']);
		const group = await qstash.urlGroups.get('qgroup');
		expect(group.endpoints).toHaveLength(2);
		const before = sink.received.length;
		const results = await qstash.publish({ urlGroup: 'qgroup', body: 'fan' });
		expect(results).toHaveLength(2);
		await sink.waitFor(before + 2);
		await qstash.urlGroups.removeEndpoints({ name: 'qgroup', endpoints: [{ name: 'first' }] });
		expect((await qstash.urlGroups.get('qgroup')).endpoints).toEqual([{ url: `${sink.url}/g2` }]);
		await qstash.urlGroups.delete('qgroup');
		expect(await qstash.urlGroups.list()).toEqual([]);
	});

	it('lists the events and dead letters', async () => {
		const gone = await startSink((_r, _i, res) => {
			res.statusCode = 500;
			res.end('down');
		});
		try {
			const { messageId } = await qstash.publish({ url: `${gone.url}/x`, retries: 0 });
			const dead = await waitUntil(async () => {
				const page = await qstash.dlq.listMessages();
				return page.messages.find((m) => m.messageId === messageId);
			});
			expect(dead.responseStatus).toBe(500);
			const logs = await qstash.logs({ filter: { messageId } });
			expect(logs.logs.map((l) => l.state)).toContain('FAILED');
			await qstash.dlq.delete(dead.dlqId);
			expect((await qstash.dlq.listMessages()).messages).toHaveLength(0);
		} finally {
			await gone.close();
		}
	});

	it('serves the management reads under the qstash segment, for our client in that dialect', async () => {
		const client = new MqClient({
			queueUrl: fx.service.queueUrl,
			managementUrl: fx.service.managementUrl,
			token: fx.service.token,
			email: fx.service.email,
			apiKey: fx.service.apiKey,
			dialect: resolveDialect(dialect),
		});
		const [user] = await conformant(client).listUsers();
		expect(user!.id).toBe(fx.service.accountId);
		const stats = await conformant(client).getMqStats(fx.service.accountId, '1d');
		expect(stats.daily_used).toHaveLength(60);
		const url = client.webhookUrl(`${sink.url}/hook`, { retries: 1 });
		expect(url).toContain('upstash-retries=1');
		expect(url).toContain('qstash_token=');
		const before = sink.received.length;
		expect((await fetch(url, { method: 'POST', body: 'webhook' })).status).toBe(200);
		const got = await sink.waitFor(before + 1);
		expect(got.at(-1)!.url).toBe('/hook');
	});
});
