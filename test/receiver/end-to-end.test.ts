/**
 * The receiver against the embedded local service: real publishes, real signed callbacks, the
 * same signing keys on both sides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinUrl } from '../../source/api/connection.js';
import type { ReceivedEvent } from '../../source/receiver/event.js';
import { type ReceiverHandle, startReceiver } from '../../source/receiver/receiver.js';
import { generateSigningKey } from '../../source/signing/keys.js';
import { type Fixture, startFixture } from '../local/helpers.js';
import { conformant } from '../support/conformance.js';
import { listen, type TestServer } from '../support/http-server.js';
import { waitUntil } from '../support/wait.js';

const currentSigningKey = generateSigningKey();
const nextSigningKey = generateSigningKey();
let fixture: Fixture;
let receiver: ReceiverHandle;
let failing: TestServer;
const events: ReceivedEvent[] = [];

beforeAll(async () => {
	fixture = await startFixture({ currentSigningKey, nextSigningKey });
	receiver = await startReceiver({ currentSigningKey, nextSigningKey, onEvent: (e) => events.push(e) });
	failing = await listen((_req, res) => {
		res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"always failing"}');
	});
});

afterAll(async () => {
	await Promise.all([fixture?.close(), receiver?.close(), failing?.close()]);
});

describe('receiver with the local service', () => {
	it('sees one verified callback per attempt and one verified failure callback with the dlqId of the DLQ', async () => {
		const published = await fixture.client.publish({
			destination: `${failing.url}/orders`,
			body: '{"order":1}',
			options: {
				retries: 2,
				retryDelay: '20',
				callback: joinUrl(receiver.url, '/callback'),
				failureCallback: joinUrl(receiver.url, '/failure'),
			},
		});
		if (published.kind !== 'url') throw new Error('expected a URL publish');
		const messageId = published.result.messageId;
		const mine = () => events.filter((e) => e.callback?.sourceMessageId === messageId);

		const failure = await waitUntil(
			() => mine().find((e) => e.kind === 'failure-callback'),
			15_000,
			'the failure callback',
		);
		const callbacks = await waitUntil(
			() => {
				const found = mine().filter((e) => e.kind === 'callback');
				return found.length >= 3 ? found : undefined;
			},
			15_000,
			'three callbacks',
		);

		expect(callbacks.map((e) => e.callback?.retried).sort()).toEqual([0, 1, 2]);
		for (const event of [...callbacks, failure]) {
			expect(event.verified, event.reason).toBe(true);
			expect(event.callback?.status).toBe(500);
			expect(event.callback?.maxRetries).toBe(2);
			expect(event.callback?.url).toBe(`${failing.url}/orders`);
			expect(event.callback?.body).toMatchObject({ kind: 'text', text: '{"error":"always failing"}' });
			expect(event.callback?.sourceBody).toMatchObject({ kind: 'text', text: '{"order":1}' });
		}
		expect(callbacks.find((e) => e.callback?.retried === 2)?.callback?.exhausted).toBe(true);
		expect(callbacks.find((e) => e.callback?.retried === 0)?.callback?.exhausted).toBe(false);

		const dlqId = failure.callback?.dlqId;
		expect(dlqId).toMatch(/^\d+-\d+$/);
		const record = await conformant(fixture.client).getDlq(dlqId!);
		expect(record.messageId).toBe(messageId);
		const listed = await conformant(fixture.client).listDlq();
		expect(listed.messages.map((m) => m.dlqId)).toContain(dlqId);
		// Exactly three attempts made three callbacks: none lost, none doubled.
		expect(mine().filter((e) => e.kind === 'callback')).toHaveLength(3);
	});

	it('verifies a plain delivery to the receiver and marks it a delivery with the message id', async () => {
		const published = await fixture.client.publish({
			destination: joinUrl(receiver.url, '/hook'),
			body: 'hello',
		});
		if (published.kind !== 'url') throw new Error('expected a URL publish');
		const event = await receiver.store.waitFor(
			(e) => e.delivery?.messageId === published.result.messageId,
			10_000,
		);
		expect(event).toMatchObject({ kind: 'delivery', verified: true, path: '/hook' });
	});
});
