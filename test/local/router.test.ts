/** The router's promises: 404, 405 with Allow, a thrown ServiceError by its kind, and 500 for a bug without a crash. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../source/local/errors.js';
import { ok } from '../../source/local/http/reply.js';
import { Router } from '../../source/local/http/router.js';
import { rawHttp } from '../support/raw-http.js';
import { raw } from './helpers.js';

const errors: unknown[] = [];
const router = new Router<null>({ onError: (e) => errors.push(e) })
	.add('GET', '/v2/things/:id', null, (req) => ok({ id: req.params.id }))
	.add('POST', '/v2/things/:id', null, () => {
		throw new ServiceError('used-up', 'taken', { 'x-why': 'because' });
	})
	.add('GET', '/v2/bug', null, () => {
		throw new TypeError('a real bug');
	})
	.add('POST', '/v2/rest/*tail', null, (req) => ok({ tail: req.params.tail }));
const server = createServer(router.listener);
let base = '';

beforeAll(async () => {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Router', () => {
	it('matches parameters, decoded, and a raw rest with its query', async () => {
		expect((await raw(`${base}/v2/things/a%20b`)).json()).toEqual({ id: 'a b' });
		expect((await raw(`${base}/v2/rest/http://x/y?q=1`, { method: 'POST' })).json()).toEqual({
			tail: 'http://x/y?q=1',
		});
	});

	it('answers unknown paths 404 and other methods 405 with Allow', async () => {
		expect((await raw(`${base}/v2/none`)).status).toBe(404);
		const wrong = await raw(`${base}/v2/things/1`, { method: 'DELETE' });
		expect(wrong.status).toBe(405);
		expect(wrong.headers.get('allow')).toBe('GET, POST');
	});

	it('writes a thrown ServiceError with the status of its kind and its headers', async () => {
		const taken = await raw(`${base}/v2/things/1`, { method: 'POST' });
		expect(taken.status).toBe(412);
		expect(taken.headers.get('x-why')).toBe('because');
		expect(taken.json()).toEqual({ error: 'taken' });
	});

	it('refuses a path with a dot segment before any route, however it is spelled', async () => {
		for (const target of ['/v2/things/..', '/v2/things/%2e', '/v2/rest/http://x/../../bug', '/v2/./bug']) {
			const answer = await rawHttp(base, { method: 'GET', target });
			expect(answer.status, target).toBe(400);
			expect(JSON.parse(answer.body).error).toContain('"." or ".." segment');
		}
		expect(errors).toHaveLength(0);
	});

	it('keeps empty segments: a parameter may be empty, a fixed segment is never skipped', async () => {
		expect(JSON.parse((await rawHttp(base, { method: 'GET', target: '/v2/things/' })).body)).toEqual({
			error: 'no such operation: GET /v2/things/',
		});
		expect((await rawHttp(base, { method: 'GET', target: '/v2//things/1' })).status).toBe(404);
		expect(JSON.parse((await rawHttp(base, { method: 'GET', target: '/v2/things//' })).body)).toEqual({
			id: '',
		});
		expect(JSON.parse((await rawHttp(base, { method: 'GET', target: '/v2/things/%2F' })).body)).toEqual({
			id: '/',
		});
	});

	it('answers a bug with 500, reports it, and keeps serving', async () => {
		const bug = await raw(`${base}/v2/bug`);
		expect(bug.status).toBe(500);
		expect(bug.json()).toEqual({ error: 'internal error in the local service' });
		expect(errors).toHaveLength(1);
		expect((await raw(`${base}/v2/things/2`)).status).toBe(200);
	});

	it('tries routes in the order added, whether their first segments are fixed or parameters', async () => {
		const ordered = new Router<null>()
			.add('GET', '/:kind/first', null, (req) => ok({ by: 'parameter first', kind: req.params.kind }))
			.add('GET', '/v2/first', null, () => ok({ by: 'fixed, added after' }))
			.add('GET', '/v2/second', null, () => ok({ by: 'fixed second' }))
			.add('GET', '/:kind/second', null, () => ok({ by: 'parameter, added after' }))
			.add('POST', '/:kind/:name', null, (req) => ok({ by: 'two parameters', name: req.params.name }))
			.add('GET', '/alone', null, () => ok({ by: 'one segment' }))
			.add('PUT', '/v2/second', null, () => ok({ by: 'put' }));
		const own = createServer(ordered.listener);
		await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
		const at = `http://127.0.0.1:${(own.address() as AddressInfo).port}`;
		try {
			expect((await raw(`${at}/v2/first`)).json()).toEqual({ by: 'parameter first', kind: 'v2' });
			expect((await raw(`${at}/v2/second`)).json()).toEqual({ by: 'fixed second' });
			expect((await raw(`${at}/v9/second`)).json()).toEqual({ by: 'parameter, added after' });
			expect((await raw(`${at}/v2/second`, { method: 'POST' })).json()).toEqual({
				by: 'two parameters',
				name: 'second',
			});
			expect((await raw(`${at}/alone`)).json()).toEqual({ by: 'one segment' });
			// Every route of the path is asked, fixed or not, for the methods it takes.
			const other = await raw(`${at}/v2/second`, { method: 'DELETE' });
			expect(other.status).toBe(405);
			expect(other.headers.get('allow')).toBe('GET, POST, PUT');
			expect((await raw(`${at}/v9/none`, { method: 'GET' })).status).toBe(405);
			expect((await raw(`${at}/v9/none/deeper`)).status).toBe(404);
		} finally {
			await new Promise<void>((resolve) => own.close(() => resolve()));
		}
	});
});
