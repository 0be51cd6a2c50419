/** URL Groups: management, fan-out and default headers, over HTTP with the typed client. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conformant } from '../support/conformance.js';
import { type Fixture, raw, type Sink, startFixture, startSink } from './helpers.js';

let fx: Fixture;
let sink: Sink;

beforeEach(async () => {
	fx = await startFixture({ limits: { max_endpoints_per_topic: 3, max_topics: 2 } });
	sink = await startSink();
});

afterEach(async () => {
	await fx.close();
	await sink.close();
});

describe('URL Groups', () => {
	it('creates a group by adding endpoints, lists it and reads it', async () => {
		await fx.client.groups.addEndpoints('team.a', [
			{ url: `${sink.url}/1`, name: 'one' },
			{ url: `${sink.url}/2` },
		]);
		const group = await conformant(fx.client).getGroup('team.a');
		expect(group.name).toBe('team.a');
		expect(group.endpoints).toEqual([{ name: 'one', url: `${sink.url}/1` }, { url: `${sink.url}/2` }]);
		expect(group.createdAt).toBeLessThanOrEqual(group.updatedAt);
		expect((await conformant(fx.client).listGroups()).map((g) => g.name)).toEqual(['team.a']);
		// Adding a named endpoint again replaces its url; an equal endpoint is kept once.
		await fx.client.groups.addEndpoints('team.a', [
			{ url: `${sink.url}/1b`, name: 'one' },
			{ url: `${sink.url}/2` },
		]);
		expect((await conformant(fx.client).getGroup('team.a')).endpoints).toEqual([
			{ name: 'one', url: `${sink.url}/1b` },
			{ url: `${sink.url}/2` },
		]);
	});

	it('fans a publish out to every endpoint, with the group and endpoint names', async () => {
		await fx.client.groups.addEndpoints('fan', [
			{ url: `${sink.url}/a`, name: 'alpha' },
			{ url: `${sink.url}/b` },
		]);
		const answer = await fx.client.publish({ destination: 'fan', body: 'to all' });
		if (answer.kind !== 'group') throw new Error('expected a group answer');
		expect(answer.results.map((r) => r.url)).toEqual([`${sink.url}/a`, `${sink.url}/b`]);
		expect(new Set(answer.results.map((r) => r.messageId)).size).toBe(2);
		const got = await sink.waitFor(2);
		const a = got.find((r) => r.url === '/a')!;
		const b = got.find((r) => r.url === '/b')!;
		expect(a.body.toString()).toBe('to all');
		expect(a.headers['svc-topic-name']).toBe('fan');
		expect(a.headers['svc-endpoint-name']).toBe('alpha');
		expect(b.headers['svc-topic-name']).toBe('fan');
		expect(b.headers['svc-endpoint-name']).toBeUndefined();
		const events = await conformant(fx.client).listEvents({
			messageId: answer.results[0]!.messageId,
			state: 'CREATED',
		});
		expect(events.events[0]).toMatchObject({ topicName: 'fan', endpointName: 'alpha' });
	});

	it('applies default headers first and lets the publish override them name by name', async () => {
		await fx.client.groups.addEndpoints('defaults', [{ url: `${sink.url}/d` }]);
		await fx.client.groups.setHeaders('defaults', {
			'X-Team': 'blue',
			'X-Env': ['prod', 'eu'],
			'Svc-Forward-X-Via-Config': 'config',
			'Svc-Retries': '0',
		});
		expect((await conformant(fx.client).getGroup('defaults')).headers).toEqual({
			'X-Team': ['blue'],
			'X-Env': ['prod', 'eu'],
			'Svc-Forward-X-Via-Config': ['config'],
			'Svc-Retries': ['0'],
		});
		const answer = await fx.client.publish({
			destination: 'defaults',
			options: { forwardHeaders: { 'X-Team': 'red' }, delayMs: 3_600_000 },
		});
		if (answer.kind !== 'group') throw new Error('expected a group answer');
		const message = await conformant(fx.client).getMessage(answer.results[0]!.messageId);
		expect(message.header).toMatchObject({
			'X-Team': ['red'],
			'X-Env': ['prod', 'eu'],
			'X-Via-Config': ['config'],
		});
		expect(message.maxRetries).toBe(0);
		// A publish header overrides a configuration default too.
		const second = await fx.client.publish({
			destination: 'defaults',
			options: { retries: 2, delayMs: 3_600_000 },
		});
		if (second.kind !== 'group') throw new Error('expected a group answer');
		expect((await conformant(fx.client).getMessage(second.results[0]!.messageId)).maxRetries).toBe(2);
	});

	it('removes endpoints by name or url, and deletes the group with its last endpoint', async () => {
		await fx.client.groups.addEndpoints('shrink', [
			{ url: `${sink.url}/1`, name: 'one' },
			{ url: `${sink.url}/2`, name: 'two' },
			{ url: `${sink.url}/3` },
		]);
		await fx.client.groups.removeEndpoints('shrink', [{ name: 'one' }]);
		await fx.client.groups.removeEndpoints('shrink', [{ url: `${sink.url}/3` }]);
		expect((await conformant(fx.client).getGroup('shrink')).endpoints).toEqual([
			{ name: 'two', url: `${sink.url}/2` },
		]);
		await fx.client.groups.removeEndpoints('shrink', [{ name: 'two' }]);
		await expect(conformant(fx.client).getGroup('shrink')).rejects.toMatchObject({ status: 404 });
		expect(await conformant(fx.client).listGroups()).toEqual([]);
	});

	it('removes nothing when one entry matches no endpoint (404), and answers 200 with an empty body', async () => {
		await fx.client.groups.addEndpoints('keep', [
			{ url: `${sink.url}/1`, name: 'one' },
			{ url: `${sink.url}/2` },
		]);
		const url = `${fx.service.queueUrl}/v2/topics/keep/endpoints`;
		const headers = { authorization: `Bearer ${fx.service.token}`, 'content-type': 'application/json' };
		const missing = await raw(url, {
			method: 'DELETE',
			headers,
			body: JSON.stringify({ endpoints: [{ name: 'one' }, { name: 'nobody' }] }),
		});
		expect(missing.status).toBe(404);
		expect(missing.json()).toEqual({ error: expect.stringContaining('nobody') });
		expect((await conformant(fx.client).getGroup('keep')).endpoints).toHaveLength(2);
		const neither = await raw(url, { method: 'DELETE', headers, body: JSON.stringify({ endpoints: [{}] }) });
		expect(neither.status).toBe(400);
		const removed = await raw(url, {
			method: 'DELETE',
			headers,
			body: JSON.stringify({ endpoints: [{ name: 'one' }] }),
		});
		expect(removed.status).toBe(200);
		expect(removed.text).toBe('');
		const unknown = await raw(`${fx.service.queueUrl}/v2/topics/nope/endpoints`, {
			method: 'DELETE',
			headers,
			body: JSON.stringify({ endpoints: [{ name: 'one' }] }),
		});
		expect(unknown.status).toBe(404);
	});

	it('answers 404 for an unknown group on PATCH, GET, DELETE and publish', async () => {
		await expect(fx.client.groups.setHeaders('ghost', { a: 'b' })).rejects.toMatchObject({ status: 404 });
		await expect(conformant(fx.client).getGroup('ghost')).rejects.toMatchObject({ status: 404 });
		await expect(fx.client.groups.delete('ghost')).rejects.toMatchObject({ status: 404 });
		await expect(fx.client.publish({ destination: 'ghost' })).rejects.toMatchObject({ status: 404 });
	});

	it('deletes a group', async () => {
		await fx.client.groups.addEndpoints('bye', [{ url: `${sink.url}/1` }]);
		await fx.client.groups.delete('bye');
		expect(await conformant(fx.client).listGroups()).toEqual([]);
	});

	it('enforces max_endpoints_per_topic and max_topics', async () => {
		const four = [1, 2, 3, 4].map((i) => ({ url: `${sink.url}/${i}` }));
		await expect(fx.client.groups.addEndpoints('big', four)).rejects.toMatchObject({
			status: 400,
			serverMessage: expect.stringContaining('max_endpoints_per_topic'),
		});
		await expect(conformant(fx.client).getGroup('big')).rejects.toMatchObject({ status: 404 });
		await fx.client.groups.addEndpoints('g1', [{ url: `${sink.url}/1` }]);
		await fx.client.groups.addEndpoints('g2', [{ url: `${sink.url}/1` }]);
		await expect(fx.client.groups.addEndpoints('g3', [{ url: `${sink.url}/1` }])).rejects.toMatchObject({
			status: 400,
			serverMessage: expect.stringContaining('max_topics'),
		});
	});

	it('refuses bad group input with 400', async () => {
		const headers = { authorization: `Bearer ${fx.service.token}`, 'content-type': 'application/json' };
		const base = `${fx.service.queueUrl}/v2/topics`;
		const cases: [string, string, string][] = [
			['POST', `${base}/ok/endpoints`, '{"endpoints": [{"url": "ftp://x"}]}'],
			['POST', `${base}/ok/endpoints`, '{"endpoints": []}'],
			['POST', `${base}/ok/endpoints`, 'not json'],
			['POST', `${base}/bad%20name/endpoints`, `{"endpoints": [{"url": "${sink.url}"}]}`],
			['PATCH', `${base}/ok`, '{"headers": {"bad name": "x"}}'],
			['PATCH', `${base}/ok`, '{"headers": {"x": 5}}'],
		];
		for (const [method, url, body] of cases) {
			const response = await raw(url, { method, headers, body });
			expect(response.status, `${method} ${url} ${body}`).toBe(400);
			expect(response.json()).toEqual({ error: expect.any(String) });
		}
	});
});
