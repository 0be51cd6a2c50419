/**
 * Every kind of error the local service's code throws reaches the client, over real HTTP, with
 * the status of the one table (source/local/http/error-status.ts), `{"error": message}` and the
 * headers of its kind; and that table says what docs/protocol/errors.md#status-codes says.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceErrorKind } from '../../source/local/errors.js';
import { statusOfKind } from '../../source/local/http/error-status.js';
import { localIndex } from '../../source/local/service-indexes.js';
import { bearer, type Fixture, raw, startFixture } from './helpers.js';

type Answer = Awaited<ReturnType<typeof raw>>;

interface Case {
	/** A real request that is refused with this kind. */
	send(f: Fixture): Promise<Answer>;
	words: string;
	headers?: Record<string, string | RegExp>;
}

/** Bodies under this are taken; the plan's max_message_size is above it (see the fixture). */
const bodyBudget = 200;

const publish = (f: Fixture, headers: Record<string, string> = {}, body = 'hi') =>
	raw(`${f.service.queueUrl}/v2/publish/http://127.0.0.1:9/x`, {
		method: 'POST',
		headers: { ...bearer(f.service), 'Svc-Delay': '1h', ...headers },
		body,
	});

const createQueue = (f: Fixture, name: string) =>
	raw(`${f.service.queueUrl}/v2/queues`, {
		method: 'POST',
		headers: { ...bearer(f.service), 'content-type': 'application/json' },
		body: JSON.stringify({ queueName: name }),
	});

const cases: Record<ServiceErrorKind, Case> = {
	invalid: { send: (f) => publish(f, { 'Svc-Retries': 'many' }), words: 'Svc-Retries' },
	unauthenticated: {
		send: (f) => raw(`${f.service.queueUrl}/v2/keys`, { headers: { authorization: 'Bearer wrong' } }),
		words: 'wrong token',
		headers: { 'www-authenticate': 'Bearer realm="messaging"' },
	},
	forbidden: {
		send: (f) =>
			raw(`${localIndex(f.service, 'dense').url}/reset`, {
				method: 'POST',
				headers: { authorization: `Bearer ${localIndex(f.service, 'dense').readOnlyToken}` },
			}),
		words: 'the read-only token can only read',
	},
	'not-found': {
		send: (f) => raw(`${f.service.queueUrl}/v2/queues/nowhere`, { headers: bearer(f.service) }),
		words: 'queue "nowhere" not found',
	},
	'used-up': {
		send: async (f) => {
			expect((await createQueue(f, 'first')).status).toBe(200);
			return createQueue(f, 'second');
		},
		words: 'max_queues',
	},
	'too-large': { send: (f) => publish(f, {}, 'x'.repeat(501)), words: 'max_message_size of 500 bytes' },
	loop: {
		send: (f) => publish(f, { 'Svc-Hops': '1' }),
		words: 'loop detected',
		headers: { 'svc-nonretryable-error': 'true', 'svc-loop-refused': 'true' },
	},
	unavailable: {
		send: (f) => publish(f, {}, 'y'.repeat(bodyBudget + 100)),
		words: `receiving ${bodyBudget} bytes of request bodies at once`,
		headers: { 'retry-after': '1' },
	},
	// Last: it spends the day's one publish.
	'rate-limited': {
		send: async (f) => {
			expect((await publish(f)).status).toBe(200);
			return publish(f);
		},
		words: 'max_requests_per_day_hard',
		headers: {
			'ratelimit-limit': '1',
			'ratelimit-remaining': '0',
			'ratelimit-reset': /^\d+$/,
			'retry-after': /^[1-9]\d*$/,
		},
	},
};

let fx: Fixture;

beforeAll(async () => {
	fx = await startFixture({
		limits: { max_queues: 1, max_message_size: 500, max_requests_per_day_hard: 1 },
		connections: { bodyBytesInFlight: bodyBudget },
	});
});

afterAll(() => fx?.close());

describe('each kind of error over HTTP', () => {
	it('has a case here for every kind of the table', () => {
		expect(Object.keys(cases).sort()).toEqual(Object.keys(statusOfKind).sort());
	});

	// In the order above: the rate-limited case spends the day's one publish.
	for (const [kind, c] of Object.entries(cases) as [ServiceErrorKind, Case][]) {
		it(`answers ${kind} with ${statusOfKind[kind]}, {"error": ...} and its headers`, async () => {
			const answer = await c.send(fx);
			expect(answer.status).toBe(statusOfKind[kind]);
			expect(answer.headers.get('content-type')).toBe('application/json');
			const body = answer.json() as { error: string };
			expect(Object.keys(body)).toEqual(['error']);
			expect(body.error).toContain(c.words);
			for (const [name, value] of Object.entries(c.headers ?? {}))
				expect(answer.headers.get(name), name).toMatch(value);
		});
	}
});

describe('the table and docs/protocol/errors.md', () => {
	/** The router's own answers, which no kind stands for: a method a path does not take, a bug. */
	const routerOnly = [405, 500];

	it('gives every kind a status of the status table, and every error status of it a kind or the router', () => {
		const text = readFileSync('docs/protocol/errors.md', 'utf8');
		const section = text.slice(text.indexOf('## Status codes'), text.indexOf('## Rate limits'));
		const documented = [...section.matchAll(/^\| (\d{3}) \|/gm)].map((m) => Number(m[1]));
		const errors = documented.filter((status) => status >= 400);
		expect(errors.length).toBeGreaterThan(5);
		const kinds = Object.values(statusOfKind);
		for (const status of kinds) expect(documented, `status ${status}`).toContain(status);
		expect(errors.filter((status) => !kinds.includes(status))).toEqual(routerOnly);
	});
});
