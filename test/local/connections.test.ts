/**
 * What a client may hold of the local service's server (docs/protocol/limits.md#connections):
 * a client too slow with its headers or its body gets 408 and its connection is closed for good,
 * not half-closed; one that sends garbage gets 400 and is closed too; past the most connections
 * a new one is answered 503 before anything it sends is handled. Meanwhile everyone else is
 * answered, and nothing a refused request carried is kept.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
	type LocalService,
	type LocalServiceOptions,
	startLocalService,
} from '../../source/local/service.js';
import { rawHttp } from '../support/raw-http.js';
import { serverHoldsConnection } from '../support/tcp-holder.js';
import { waitUntil } from '../support/wait.js';
import { bearer, raw, startSink } from './helpers.js';

const services: LocalService[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
	for (const socket of sockets.splice(0)) socket.destroy();
	for (const service of services.splice(0)) await service.close();
});

async function start(options: LocalServiceOptions) {
	const service = await startLocalService(options);
	services.push(service);
	return service;
}

/** A client that never closes its side: it is closed only when the server closes for good. */
interface HalfOpenClient {
	socket: Socket;
	/** What the server sent, so far. */
	text(): string;
	/** Resolves when the server has ended its side. */
	ended: Promise<void>;
	/**
	 * Resolves when the connection is gone: the server closed it for good, with nothing more
	 * written on it (a write could make the server close what it would otherwise keep).
	 */
	closed(): Promise<boolean>;
}

async function halfOpenClient(baseUrl: string): Promise<HalfOpenClient> {
	const { hostname, port } = new URL(baseUrl);
	const socket = connect({ host: hostname, port: Number(port), allowHalfOpen: true });
	sockets.push(socket);
	const chunks: Buffer[] = [];
	socket.on('data', (chunk: Buffer) => chunks.push(chunk));
	socket.on('error', () => {});
	const ended = new Promise<void>((resolve) => socket.once('end', () => resolve()));
	const closed = async () => {
		await ended;
		return waitUntil(
			() => (serverHoldsConnection(Number(port), socket.localPort ?? 0) ? undefined : true),
			20_000,
			'the server still holds the connection',
		);
	};
	await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
	// Seen held first, so that its release is the server's doing.
	await waitUntil(
		() => (serverHoldsConnection(Number(port), socket.localPort ?? 0) ? true : undefined),
		10_000,
		"the server's end of a new connection is not in the kernel's table",
	);
	return { socket, text: () => Buffer.concat(chunks).toString('latin1'), ended, closed };
}

describe('connections that do not finish their requests', () => {
	it('a client that sends nothing gets 408 and its connection is closed for good', async () => {
		const service = await start({ connections: { headersTimeoutMs: 200, requestTimeoutMs: 400 } });
		const idle = await halfOpenClient(service.queueUrl);
		await idle.ended;
		expect(idle.text()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
		expect(idle.text()).toContain('the most the local service waits');
		await idle.closed();
		// Everyone else is answered meanwhile.
		expect((await raw(`${service.queueUrl}/v2/queues`, { headers: bearer(service) })).status).toBe(200);
	});

	it('a client that sends garbage gets 400 and its connection is closed for good', async () => {
		const service = await start({});
		const client = await halfOpenClient(service.queueUrl);
		client.socket.write('NOT HTTP AT ALL\r\n\r\n');
		await client.ended;
		expect(client.text()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
		await client.closed();
	});

	it('a body that does not arrive in time gets 408, is closed, and nothing of it is kept', async () => {
		const sink = await startSink();
		try {
			const service = await start({ connections: { headersTimeoutMs: 300, requestTimeoutMs: 600 } });
			const slow = await halfOpenClient(service.queueUrl);
			const { host } = new URL(service.queueUrl);
			// A chunked publish whose body never ends: one chunk, then nothing.
			slow.socket.write(
				`POST /v2/publish/${sink.url}/slow HTTP/1.1\r\nhost: ${host}\r\nauthorization: Bearer ${service.token}\r\n` +
					'transfer-encoding: chunked\r\ncontent-type: text/plain\r\n\r\n10\r\n0123456789abcdef\r\n',
			);
			await slow.ended;
			expect(slow.text()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
			await slow.closed();
			expect(service.context.engine.messages.size).toBe(0);
			// The service answers the next client as ever.
			const answer = await raw(`${service.queueUrl}/v2/publish/${sink.url}/fast`, {
				method: 'POST',
				headers: bearer(service),
				body: 'hello',
			});
			expect(answer.status).toBe(200);
			const [received] = await sink.waitFor(1);
			expect(received?.url).toBe('/fast');
		} finally {
			await sink.close();
		}
	});
});

describe('the bytes of bodies being received at once', () => {
	it('past them a body is refused 503 and nothing of it is kept; once they go, it is taken', async () => {
		const sink = await startSink();
		try {
			const service = await start({ connections: { bodyBytesInFlight: 100_000 } });
			const slow = await halfOpenClient(service.queueUrl);
			const { host } = new URL(service.queueUrl);
			// 80,000 bytes of a chunked publish, then nothing: they are held while it waits.
			const chunk = 'a'.repeat(80_000);
			slow.socket.write(
				`POST /v2/publish/${sink.url}/slow HTTP/1.1\r\nhost: ${host}\r\nauthorization: Bearer ${service.token}\r\n` +
					`transfer-encoding: chunked\r\ncontent-type: text/plain\r\n\r\n${chunk.length.toString(16)}\r\n${chunk}\r\n`,
			);
			// Until the slow body's bytes are held, a publish may still be taken: those are counted.
			let taken = 0;
			const refused = await waitUntil(async () => {
				const answer = await raw(`${service.queueUrl}/v2/publish/${sink.url}/refused`, {
					method: 'POST',
					headers: bearer(service),
					body: 'b'.repeat(50_000),
				});
				if (answer.status === 200) taken++;
				return answer.status === 503 ? answer : undefined;
			});
			expect(refused.json()).toEqual({
				error:
					'the local service is receiving 100000 bytes of request bodies at once, the most it holds: send this one again shortly',
			});
			expect(refused.headers.get('retry-after')).toBe('1');
			// A small body fits meanwhile.
			const small = await raw(`${service.queueUrl}/v2/publish/${sink.url}/small`, {
				method: 'POST',
				headers: bearer(service),
				body: 'c'.repeat(10_000),
			});
			expect(small.status).toBe(200);
			// The slow body ends: its bytes go, and the refused one is taken when sent again.
			slow.socket.write('0\r\n\r\n');
			await waitUntil(() => (slow.text().includes('HTTP/1.1 200') ? true : undefined));
			const again = await raw(`${service.queueUrl}/v2/publish/${sink.url}/refused`, {
				method: 'POST',
				headers: bearer(service),
				body: 'b'.repeat(50_000),
			});
			expect(again.status).toBe(200);
			// Every publish answered 200 is delivered, and none answered 503.
			const received = await sink.waitFor(3 + taken);
			expect(received.filter((r) => r.url === '/refused')).toHaveLength(1 + taken);
			expect(received.map((r) => r.url)).toEqual(expect.arrayContaining(['/slow', '/small']));
		} finally {
			await sink.close();
		}
	});
});

describe('the most connections at once', () => {
	it('past it, a new connection is answered 503 and closed, and is let in once one closes', async () => {
		const service = await start({ connections: { maxConnections: 3 } });
		const { host } = new URL(service.queueUrl);
		const held: HalfOpenClient[] = [];
		for (let i = 0; i < 3; i++) {
			const client = await halfOpenClient(service.queueUrl);
			// Answered: the server has taken this connection, and it stays open (keep-alive).
			client.socket.write(
				`GET /v2/queues HTTP/1.1\r\nhost: ${host}\r\nauthorization: Bearer ${service.token}\r\n\r\n`,
			);
			await waitUntil(() => (client.text().includes('\r\n\r\n[') ? true : undefined));
			expect(client.text()).toMatch(/^HTTP\/1\.1 200 /);
			held.push(client);
		}
		const refused = await rawHttp(service.queueUrl, {
			method: 'POST',
			target: `/v2/publish/http://127.0.0.1:9/refused`,
			headers: bearer(service),
			body: 'never kept',
		});
		expect(refused.status).toBe(503);
		expect(JSON.parse(refused.body)).toEqual({
			error: 'the local service has 3 connections open, the most it takes: try again once one closes',
		});
		expect(refused.headers['retry-after']).toBe('1');
		expect(service.context.engine.messages.size).toBe(0);
		// One lets go: a new client is let in.
		held[0]!.socket.destroy();
		const answer = await waitUntil(async () => {
			const tried = await rawHttp(service.queueUrl, {
				method: 'GET',
				target: '/v2/queues',
				headers: bearer(service),
			});
			return tried.status === 200 ? tried : undefined;
		});
		expect(answer.body).toBe('[]');
	});
});
