import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, parseRetryAfter } from '../../source/api/errors.js';
import { send } from '../../source/api/http.js';
import { listen, type TestServer } from '../support/http-server.js';

const fast = { retries: 3, baseDelayMs: 5, maxDelayMs: 2000 };
let server: TestServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

describe('http transport', () => {
	it('retries an idempotent read on 503 and on 429, honouring Retry-After', async () => {
		const seen: number[] = [];
		server = await listen((_req, res) => {
			seen.push(Date.now());
			if (seen.length === 1) return res.writeHead(503).end('busy');
			if (seen.length === 2) return res.writeHead(429, { 'retry-after': '1' }).end('{"error":"slow down"}');
			res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
		});
		const response = await send({
			operation: 'read',
			method: 'GET',
			url: server.url,
			idempotent: true,
			timeoutMs: 2000,
			retry: fast,
		});
		expect(response.text).toBe('{"ok":true}');
		expect(seen).toHaveLength(3);
		expect(seen[2]! - seen[1]!).toBeGreaterThanOrEqual(950);
	});

	it('never retries a non-idempotent request on an HTTP error', async () => {
		let count = 0;
		server = await listen((_req, res) => {
			count++;
			res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"down for maintenance"}');
		});
		const error = await send({
			operation: 'publish',
			method: 'POST',
			url: server.url,
			idempotent: false,
			timeoutMs: 2000,
			retry: fast,
		}).catch((e: unknown) => e);
		expect(count).toBe(1);
		expect(error).toBeInstanceOf(ApiError);
		expect(error).toMatchObject({
			kind: 'http',
			status: 503,
			serverMessage: 'down for maintenance',
			operation: 'publish',
		});
		expect((error as Error).message).toBe('publish failed: HTTP 503: down for maintenance');
	});

	it('gives up after the retries and reports the last error', async () => {
		let count = 0;
		server = await listen((_req, res) => {
			count++;
			res.writeHead(500).end('oops');
		});
		const error = await send({
			operation: 'read',
			method: 'GET',
			url: server.url,
			idempotent: true,
			timeoutMs: 2000,
			retry: fast,
		}).catch((e: unknown) => e);
		expect(count).toBe(4);
		expect(error).toMatchObject({ status: 500, serverMessage: 'oops' });
	});

	it('does not retry a 404', async () => {
		let count = 0;
		server = await listen((_req, res) => {
			count++;
			res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"message not found"}');
		});
		const error = await send({
			operation: 'read',
			method: 'GET',
			url: server.url,
			idempotent: true,
			timeoutMs: 2000,
			retry: fast,
		}).catch((e: unknown) => e);
		expect(count).toBe(1);
		expect(error).toMatchObject({ status: 404, serverMessage: 'message not found' });
	});

	it('times out a slow server with a timeout error', async () => {
		server = await listen(() => {
			// Never answers.
		});
		const started = Date.now();
		const error = await send({
			operation: 'read',
			method: 'GET',
			url: server.url,
			idempotent: false,
			timeoutMs: 200,
		}).catch((e: unknown) => e);
		expect(error).toMatchObject({ kind: 'timeout', operation: 'read' });
		expect((error as ApiError).hint).toMatch(/slow/);
		expect(Date.now() - started).toBeLessThan(5000);
	});

	it('reports a server that is down as a network error with the address', async () => {
		const down = await listen(() => {});
		const url = down.url;
		await down.close();
		const error = await send({
			operation: 'read',
			method: 'GET',
			url,
			idempotent: true,
			timeoutMs: 500,
			retry: { ...fast, retries: 1 },
		}).catch((e: unknown) => e);
		expect(error).toMatchObject({ kind: 'network' });
		expect((error as Error).message).toContain(url);
		expect((error as Error).message).toMatch(/ECONNREFUSED/);
	});

	it('reads Retry-After as seconds or as an HTTP date', () => {
		expect(parseRetryAfter('3')).toBe(3000);
		expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000);
		expect(parseRetryAfter('soon')).toBeUndefined();
		expect(parseRetryAfter(undefined)).toBeUndefined();
	});
});
