import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingKeysOf } from '../../source/cli/monitor-backend.js';
import { findInHistory } from '../../source/receiver/history-find.js';
import { type ReceivedEvent, startReceiverInWorker } from '../../source/receiver/index.js';
import { startFixture } from '../local/helpers.js';
import { builtFile } from './built.js';
import { callbackBody, currentKey, gistFields, nextKey, send, sendSigned, waitFor } from './helpers.js';

describe('startReceiverInWorker', () => {
	beforeAll(() => {
		builtFile('receiver/worker-entry.js');
	});

	it('verifies in the worker and delivers every event, in order, in batches', async () => {
		const streamed: ReceivedEvent[] = [];
		const receiver = await startReceiverInWorker({
			currentSigningKey: currentKey,
			nextSigningKey: nextKey,
			capacity: 300,
			notifyIntervalMs: 50,
			onEvent: (e) => streamed.push(e),
		});
		let notifications = 0;
		receiver.store.subscribe(() => notifications++);
		try {
			const total = 1200;
			const body = JSON.stringify(callbackBody());
			// Bounded concurrency: 40 requests in flight at a time.
			let next = 0;
			const statuses: number[] = [];
			await Promise.all(
				Array.from({ length: 40 }, async () => {
					while (next < total) {
						const i = next++;
						const response =
							i % 10 === 9
								? await send(`${receiver.url}/cb`, { body })
								: await sendSigned(receiver.url, '/cb', body, { key: i % 2 ? nextKey : currentKey });
						statuses.push(response.status);
					}
				}),
			);
			expect(statuses.filter((s) => s === 401)).toHaveLength(total / 10);
			await waitFor('all events', () =>
				receiver.store.getSnapshot().counters.total === total ? true : undefined,
			);
			const { counters, events } = receiver.store.getSnapshot();
			expect(counters).toMatchObject({
				total,
				verified: total * 0.9,
				rejected: total / 10,
				evicted: total - 300,
			});
			expect(streamed.every((e) => e.kind === 'callback')).toBe(true);
			expect(events).toHaveLength(300);
			expect(streamed.map((e) => e.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
			expect(events[0]?.callback?.body).toEqual({ kind: 'text', text: 'destination said no', bytes: 19 });
			// Coalesced: far fewer notifications than events.
			expect(notifications).toBeGreaterThan(0);
			expect(notifications).toBeLessThan(total / 4);
		} finally {
			await receiver.close();
		}
		// Closed means closed: the port no longer answers.
		await expect(send(`${receiver.url}/`, { body: 'x' })).rejects.toThrow();
	});

	it('tells the gist of every request as its event says', async () => {
		const receiver = await startReceiverInWorker({ currentSigningKey: currentKey, batchIntervalMs: 5 });
		const heard: ReturnType<typeof gistFields>[] = [];
		receiver.store.onGist((gist) => heard.push(gistFields(gist)));
		try {
			const callback = JSON.stringify(callbackBody({ sourceMessageId: 'msg_gistCallback', retried: 2 }));
			const failure = JSON.stringify(callbackBody({ sourceMessageId: 'msg_gistFailure', dlqId: 'dlq_1' }));
			const sent = [
				sendSigned(receiver.url, '/cb', callback),
				sendSigned(receiver.url, '/cb', failure),
				sendSigned(receiver.url, '/app', '{"order":1}', { headers: { 'Svc-Message-Id': 'msg_delivered' } }),
				send(`${receiver.url}/cb`, { body: callback }),
				sendSigned(receiver.url, '/cb', '{"status": not json'),
			];
			for (const response of sent) await response;
			await waitFor('every gist', () => (heard.length === sent.length ? true : undefined));
			await waitFor('every event', () =>
				receiver.store.getSnapshot().counters.total === sent.length ? true : undefined,
			);
			const events = [...receiver.store.getSnapshot().events].sort((a, b) => a.seq - b.seq);
			expect(heard).toEqual(events.map(gistFields));
			// Each kind is there: the test compares more than empty gists.
			expect(
				heard.map((g) => g.callback?.sourceMessageId ?? g.messageId ?? (g.verified ? 'none' : 'rejected')),
			).toEqual(expect.arrayContaining(['msg_gistCallback', 'msg_gistFailure', 'msg_delivered', 'none']));
			expect(heard.filter((g) => !g.verified)).toHaveLength(1);
		} finally {
			await receiver.close();
		}
	});

	it('answers by the verdict alone: an event listener that throws costs its event and is reported', async () => {
		const errors: string[] = [];
		const seen: number[] = [];
		const receiver = await startReceiverInWorker({
			currentSigningKey: currentKey,
			batchIntervalMs: 5,
			onEvent: (event) => {
				if (event.seq === 2) throw new Error('listener bug');
				seen.push(event.seq);
			},
			onError: (error) => errors.push(error.message),
		});
		try {
			for (const body of ['one', 'two', 'three']) {
				expect((await sendSigned(receiver.url, '/', body)).status).toBe(200);
			}
			await waitFor('the third event', () => (seen.includes(3) ? true : undefined));
			expect(seen).toEqual([1, 3]);
			expect(errors).toEqual(['request 2 was answered but not recorded in full: listener bug']);
		} finally {
			await receiver.close();
		}
	});

	// Clones: what the receiver benchmark measures the frames against.
	it.each(['frames', 'clones'] as const)(
		'delivers a request larger than a batch whole, in order with those around it, and keeps it for replay (posted as %s)',
		async (postAs) => {
			const dir = await mkdtemp(path.join(tmpdir(), 'mqtop-worker-large-'));
			const receiver = await startReceiverInWorker({
				currentSigningKey: currentKey,
				batchIntervalMs: 1000,
				historyDir: dir,
				postAs,
			});
			try {
				// Larger than the 256 KiB a batch holds; the small ones share batches around it.
				const large = `{"fill":"${'x'.repeat(300 * 1024)}"}`;
				const bodies = ['before', large, 'after', large, 'last'];
				for (const body of bodies) expect((await sendSigned(receiver.url, '/big', body)).status).toBe(200);
				await waitFor('all events', () =>
					receiver.store.getSnapshot().counters.total === 5 ? true : undefined,
				);
				const { events, counters } = receiver.store.getSnapshot();
				expect(counters).toMatchObject({ total: 5, verified: 5 });
				expect(events.map((e) => [e.seq, e.bodyBytes])).toEqual(bodies.map((b, i) => [i + 1, b.length]));
				expect(events.every((e) => e.verified && e.kind === 'delivery')).toBe(true);
				expect(events[2]?.body).toMatchObject({ kind: 'text', text: 'after' });
			} finally {
				await receiver.close();
			}
			expect((await findInHistory(dir, 4)).request?.body.length).toBe(300 * 1024 + 11);
			expect((await findInHistory(dir, 5)).request?.body.toString()).toBe('last');
			await rm(dir, { recursive: true, force: true });
		},
	);

	// /dev/full takes no write: ENOSPC, as a full disk answers.
	it.skipIf(!existsSync('/dev/full'))(
		'says from its thread when the history cannot write, and still delivers every event',
		async () => {
			const dir = await mkdtemp(path.join(tmpdir(), 'mqtop-worker-full-'));
			await symlink('/dev/full', path.join(dir, 'requests.bin'));
			const failures: string[] = [];
			const seen: number[] = [];
			const receiver = await startReceiverInWorker({
				currentSigningKey: currentKey,
				batchIntervalMs: 5,
				historyDir: dir,
				onEvent: (event) => seen.push(event.seq),
				onHistoryError: (error) => failures.push(error.message),
			});
			try {
				expect((await sendSigned(receiver.url, '/', 'one')).status).toBe(200);
				await waitFor('the history failure', () => failures[0]);
				expect(failures).toEqual([
					`the history in ${dir} did not keep 1 request for replay: ENOSPC: no space left on device, write`,
				]);
				expect(seen).toEqual([1]);
			} finally {
				await receiver.close();
				await rm(dir, { recursive: true, force: true });
			}
			expect(receiver.historyDropped()).toBe(1);
		},
	);

	describe('when the port is taken', () => {
		const blocker = createServer();
		let port = 0;
		beforeAll(async () => {
			await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
			port = (blocker.address() as { port: number }).port;
		});
		afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

		it('rejects with the reason', async () => {
			await expect(startReceiverInWorker({ currentSigningKey: currentKey, port })).rejects.toThrow(
				/EADDRINUSE/,
			);
		});
	});

	it('verifies with the keys the local service rotated to, read again as the monitor reads them', async () => {
		const fixture = await startFixture();
		const changed: string[] = [];
		const receiver = await startReceiverInWorker({
			currentSigningKey: fixture.service.currentSigningKey,
			nextSigningKey: fixture.service.nextSigningKey,
			readKeys: signingKeysOf(fixture.client),
			onKeysChanged: (keys) => changed.push(keys.current),
		});
		try {
			const deliver = async (name: string) => {
				await fixture.client.publish({
					destination: `${receiver.url}/${name}`,
					body: name,
					options: { retries: 0 },
				});
				return receiver.store.waitFor((event) => event.path === `/${name}`, 15_000);
			};
			expect(await deliver('before')).toMatchObject({ verified: true, response: { status: 200 } });
			await fixture.client.keys.rotate();
			const { data: rotated } = await fixture.client.keys.rotate();
			expect(await deliver('after')).toMatchObject({
				verified: true,
				signingKey: 'current',
				response: { status: 200 },
			});
			expect(receiver.signingKeys()).toEqual({ current: rotated.current, next: rotated.next });
			expect(changed).toEqual([rotated.current]);
			// A signature no key of the service makes is still rejected, after a read of the keys.
			expect((await sendSigned(receiver.url, '/forged', 'x', { key: currentKey })).status).toBe(401);
		} finally {
			await receiver.close();
			await fixture.close();
		}
	});

	it('keeps what it shows of large rejected requests, not their bytes', async () => {
		const maxRawBytes = 2 * 1024 * 1024;
		const receiver = await startReceiverInWorker({ currentSigningKey: currentKey, maxRawBytes });
		try {
			const total = 40;
			const body = `${'unsigned '.repeat(58_254)}end`;
			expect(body.length).toBeGreaterThan(500_000);
			let peak = 0;
			receiver.store.subscribe(() => {
				peak = Math.max(peak, receiver.store.rawBytes);
			});
			for (let i = 0; i < total; i++) {
				const answer = await send(`${receiver.url}/cb/${i}`, {
					body,
					headers: { 'content-type': 'text/plain' },
				});
				expect(answer.status).toBe(401);
				peak = Math.max(peak, receiver.store.rawBytes);
			}
			await waitFor('every request', () =>
				receiver.store.getSnapshot().counters.total === total ? true : undefined,
			);
			// Bounded: never more than the most raw bytes, far less than the 20 MB that came.
			expect(receiver.store.rawBytes).toBeLessThanOrEqual(maxRawBytes);
			expect(peak).toBeLessThanOrEqual(maxRawBytes);
			// Every row is still shown, with what it showed.
			const { events, counters } = receiver.store.getSnapshot();
			expect(counters).toMatchObject({ total, rejected: total, verified: 0 });
			expect(events.map((e) => e.path)).toEqual(Array.from({ length: total }, (_, i) => `/cb/${i}`));
			for (const event of events) {
				expect(event).toMatchObject({ verified: false, failure: 'missing', bodyBytes: body.length });
				expect(event.body).toMatchObject({ kind: 'text', truncated: true });
				expect((event.body as { text: string }).text).toBe(body.slice(0, 16 * 1024));
			}
		} finally {
			await receiver.close();
		}
	});

	it('checks its options on the calling thread', async () => {
		await expect(startReceiverInWorker({ currentSigningKey: ' ' })).rejects.toThrow(/current signing key/);
	});
});
