/**
 * The client's publish encodings against the embedded local service: configuration as headers
 * or as the lowercase query forms, the token in the query instead of the header, and a
 * destination whose own query string must reach it untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { ApiError } from '../../source/api/errors.js';
import type { PublishOptions } from '../../source/api/publish-options.js';
import { type Fixture, type Sink, startFixture, startSink } from '../local/helpers.js';
import { conformant } from '../support/conformance.js';

let fx: Fixture;
let sink: Sink;
beforeAll(async () => {
	fx = await startFixture();
	sink = await startSink();
});
afterAll(async () => {
	await Promise.all([fx?.close(), sink?.close()]);
});

const options: PublishOptions = {
	method: 'PUT',
	delayMs: 60_000,
	retries: 2,
	forwardHeaders: { 'x-order': '42' },
	labels: ['a', 'b'],
	flowControl: { key: 'tenant-1', parallelism: 2 },
	contentType: 'text/plain',
};

describe('publish encodings', () => {
	it.each([
		['headers', {}],
		['query forms', { asQuery: true }],
		['query forms with the token in the query', { asQuery: true, tokenInQuery: true }],
	])('carries every option as %s', async (_name, how) => {
		const destination = `${sink.url}/orders?keep=1&svc=not-config`;
		const published = await fx.client.publish({ destination, body: 'hello', options, ...how });
		if (published.kind !== 'url') throw new Error('expected a URL publish');
		const message = await conformant(fx.client).getMessage(published.result.messageId);
		expect(message).toMatchObject({
			url: destination,
			method: 'PUT',
			maxRetries: 2,
			labels: ['a', 'b'],
			flowControlKey: 'tenant-1',
			parallelism: 2,
			body: 'hello',
		});
		expect(message.notBefore - message.createdAt).toBeGreaterThanOrEqual(59_000);
		expect(message.header).toMatchObject({ 'X-Order': ['42'] });
		await fx.client.messages.cancelOne(published.result.messageId);
	});

	it('refuses a wrong token whether it is in the header or in the query', async () => {
		const wrong = new MqClient({ ...fx.client.settings, token: 'wrong' });
		for (const tokenInQuery of [false, true]) {
			const error = await wrong
				.publish({ destination: `${sink.url}/x`, body: 'x', tokenInQuery })
				.catch((e: unknown) => e);
			expect(error).toBeInstanceOf(ApiError);
			expect((error as ApiError).status).toBe(401);
		}
	});

	it('builds a webhook address that works with no other credentials', async () => {
		const address = fx.client.webhookUrl(`${sink.url}/hook`, { retries: 0 });
		expect(address).toContain(`mq_token=${fx.service.token}`);
		expect(address).toContain('svc-retries=0');
		const before = sink.received.length;
		const response = await fetch(address, { method: 'POST', body: 'from a webhook sender' });
		expect(response.status).toBe(200);
		const [delivered] = (await sink.waitFor(before + 1)).slice(before);
		expect(delivered?.body.toString()).toBe('from a webhook sender');
		expect(delivered?.url).toBe('/hook');
	});
});

describe('paths that would name another operation', () => {
	it('publishes to a destination with dot segments exactly as given, never to another operation', async () => {
		const keys = await conformant(fx.client).getSigningKeys();
		for (const destination of [
			'http://127.0.0.1:9/a/../../../../../keys/rotate',
			`${sink.url}/a/../b?c=../d`,
		]) {
			expect(fx.client.describePublish({ destination }).path).toBe(
				`/v2/publish/${encodeURIComponent(destination)}`,
			);
			const published = await fx.client.publish({ destination, body: 'x', options: { delayMs: 3_600_000 } });
			if (published.kind !== 'url') throw new Error('expected a URL publish');
			expect((await conformant(fx.client).getMessage(published.result.messageId)).url).toBe(destination);
			await fx.client.messages.cancelOne(published.result.messageId);
		}
		expect(await conformant(fx.client).getSigningKeys()).toEqual(keys);
	});

	it('enqueues and schedules to a destination with dot segments exactly as given', async () => {
		const keys = await conformant(fx.client).getSigningKeys();
		const destination = 'http://127.0.0.1:9/q/../../../keys/rotate';
		const enqueued = await fx.client.queues.enqueue('hardening', {
			destination,
			body: 'x',
			options: { delayMs: 3_600_000 },
		});
		if (enqueued.kind !== 'url') throw new Error('expected a URL enqueue');
		expect((await conformant(fx.client).getMessage(enqueued.result.messageId)).url).toBe(destination);
		await fx.client.messages.cancelOne(enqueued.result.messageId);
		const scheduleId = await fx.client.schedules.create({ destination, cron: '0 0 1 1 *', body: 'x' });
		expect((await fx.client.schedules.get(scheduleId)).data.destination).toBe(destination);
		await fx.client.schedules.delete(scheduleId);
		expect(await conformant(fx.client).getSigningKeys()).toEqual(keys);
	});

	it('triggers a workflow at a destination with dot segments exactly as given', async () => {
		const keys = await conformant(fx.client).getSigningKeys();
		const destination = 'http://127.0.0.1:9/wf/../../../../keys/rotate';
		const run = await conformant(fx.client).trigger(destination, 'x', { 'Svc-Delay': '1h' });
		const events = await conformant(fx.client).listEvents({ count: 100 });
		expect(events.events.some((e) => e.url === destination && e.state === 'CREATED')).toBe(true);
		expect(run.workflowRunId).toMatch(/^wfr_/);
		expect(await conformant(fx.client).getSigningKeys()).toEqual(keys);
	});

	it('refuses to send a URL Group name that URL parsing would remove, and touches no other group', async () => {
		await fx.client.groups.addEndpoints('endpoints', [{ url: `${sink.url}/only` }]);
		const attempts = [
			() => fx.client.groups.removeEndpoints('.', [{ url: `${sink.url}/only` }]),
			() => fx.client.groups.delete('..'),
			() => fx.client.groups.setHeaders('.', {}),
			() => conformant(fx.client).getGroup(''),
			() => conformant(fx.client).getMessage('..'),
		];
		for (const attempt of attempts) {
			const error = await attempt().catch((e: unknown) => e);
			expect(error).toBeInstanceOf(ApiError);
			expect((error as ApiError).kind).toBe('invalid-request');
			expect((error as ApiError).message).toMatch(/not sent/);
		}
		expect((await conformant(fx.client).getGroup('endpoints')).endpoints).toEqual([
			{ url: `${sink.url}/only` },
		]);
		await fx.client.groups.delete('endpoints');
	});
});
