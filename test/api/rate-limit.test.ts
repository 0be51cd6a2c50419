import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, describeRateLimit, parseRateLimit, waitAfter } from '../../source/api/errors.js';
import { send } from '../../source/api/http.js';
import { listen, type TestServer } from '../support/http-server.js';

const now = Date.UTC(2026, 0, 15, 12, 0, 0);
const seconds = (ms: number) => String(Math.floor(ms / 1000));

describe('rate limits (docs/protocol/errors.md#rate-limits)', () => {
	it('tells the per-second limit from the daily one by the limit that ran out', () => {
		expect(
			parseRateLimit(
				{
					'burst-ratelimit-limit': '10',
					'burst-ratelimit-remaining': '0',
					'burst-ratelimit-reset': seconds(now + 1000),
					'ratelimit-limit': '500000',
					'ratelimit-remaining': '1200',
					'ratelimit-reset': seconds(now + 3_600_000),
				},
				now,
			),
		).toEqual({ scope: 'burst', limit: 10, remaining: 0, resetAt: now + 1000 });
		expect(
			parseRateLimit(
				{
					'ratelimit-limit': '500000',
					'ratelimit-remaining': '0',
					'ratelimit-reset': seconds(now + 7_200_000),
				},
				now,
			),
		).toEqual({ scope: 'daily', limit: 500000, remaining: 0, resetAt: now + 7_200_000 });
		expect(parseRateLimit({ 'retry-after': '3' }, now)).toBeUndefined();
		// A reset given as seconds from now, as some services send it.
		expect(parseRateLimit({ 'burst-ratelimit-reset': '2' }, now)?.resetAt).toBe(now + 2000);
	});

	it('waits for Retry-After when given, else until the limit resets', () => {
		const daily = parseRateLimit(
			{ 'ratelimit-remaining': '0', 'ratelimit-reset': seconds(now + 60_000) },
			now,
		);
		expect(waitAfter({ 'retry-after': '5' }, daily, now)).toBe(5000);
		expect(waitAfter({}, daily, now)).toBe(60_000);
		expect(waitAfter({}, undefined, now)).toBeUndefined();
		expect(describeRateLimit(daily, 60_000)).toBe('over the daily request limit; it resets in 1m');
		expect(describeRateLimit({ scope: 'burst', limit: 10, remaining: 0, resetAt: undefined }, 1500)).toBe(
			'over the per-second rate limit (10 a second); it resets in 2s',
		);
	});
});

let server: TestServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const read = (url: string) =>
	send({
		operation: 'read',
		method: 'GET',
		url,
		idempotent: true,
		timeoutMs: 5000,
		retry: { retries: 3, baseDelayMs: 5, maxDelayMs: 5000 },
	});

describe('a read that hits a rate limit', () => {
	it('is retried when the per-second limit resets, honouring Burst-RateLimit-Reset', async () => {
		const seen: number[] = [];
		server = await listen((_req, res) => {
			seen.push(Date.now());
			if (seen.length > 1) return res.writeHead(200).end('{}');
			// Reset one second from now, given in seconds from now (no Retry-After).
			res
				.writeHead(429, {
					'burst-ratelimit-limit': '10',
					'burst-ratelimit-remaining': '0',
					'burst-ratelimit-reset': '1',
				})
				.end('{"error":"too many requests"}');
		});
		expect((await read(server.url)).status).toBe(200);
		expect(seen).toHaveLength(2);
		expect(seen[1]! - seen[0]!).toBeGreaterThanOrEqual(950);
	});

	it('is not retried when the daily limit resets later than a retry would wait, and says so', async () => {
		let count = 0;
		server = await listen((_req, res) => {
			count++;
			res
				.writeHead(429, {
					'ratelimit-limit': '500000',
					'ratelimit-remaining': '0',
					'ratelimit-reset': seconds(Date.now() + 3 * 3_600_000),
				})
				.end('{"error":"daily limit reached"}');
		});
		const error = (await read(server.url).catch((e: unknown) => e)) as ApiError;
		expect(count).toBe(1);
		expect(error).toBeInstanceOf(ApiError);
		expect(error.rateLimit).toMatchObject({ scope: 'daily', limit: 500000, remaining: 0 });
		expect(error.retryAfterMs).toBeGreaterThan(2 * 3_600_000);
		expect(error.hint).toMatch(/^over the daily request limit \(500000 a day\); it resets in (3h|2h59m)$/);
	});
});
