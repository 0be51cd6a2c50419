import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Dialect, defaultDialect, resolveDialect } from '../../source/api/dialect.js';
import {
	decodePublishOptions,
	encodePublishOptions,
	encodePublishQuery,
	PublishOptionError,
	type PublishOptions,
} from '../../source/api/publish-options.js';

const token = fc.string({
	unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'),
	minLength: 1,
	maxLength: 12,
});
const headerValue = fc
	.string({ unit: fc.constantFrom(...'abcdefXYZ0123456789 _-./:;=+'), minLength: 1, maxLength: 20 })
	.map((s) => s.trim())
	.filter((s) => s.length > 0);
const durationMs = fc.integer({ min: 0, max: 30 * 86_400 }).map((s) => s * 1000);
const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE');
const url = fc.webUrl({ validSchemes: ['http', 'https'] });
const overrides = fc.record(
	{ timeoutMs: durationMs, retries: fc.nat(10), delayMs: durationMs, method },
	{ requiredKeys: [] },
);
const headers = fc.dictionary(token, headerValue, { maxKeys: 3 });

const options: fc.Arbitrary<PublishOptions> = fc.record(
	{
		method,
		delayMs: durationMs,
		notBefore: fc.integer({ min: 0, max: 4_000_000_000 }),
		retries: fc.nat(10),
		retryDelay: fc.constantFrom('1000', 'pow(2, retried) * 100', 'min(60000, 1000 * retried)'),
		timeoutMs: durationMs,
		callback: url,
		failureCallback: url,
		callbackOptions: overrides,
		failureCallbackOptions: overrides,
		forwardHeaders: headers,
		callbackForwardHeaders: headers,
		failureCallbackForwardHeaders: headers,
		headerForward: fc.boolean(),
		deduplicationId: headerValue,
		contentBasedDeduplication: fc.boolean(),
		flowControl: fc.record(
			{ key: headerValue, rate: fc.nat(1000), parallelism: fc.nat(100), periodMs: durationMs },
			{ requiredKeys: ['key'] },
		),
		labels: fc.array(token, { minLength: 1, maxLength: 3 }),
		contentType: fc.constantFrom('application/json', 'text/plain'),
	},
	{ requiredKeys: [] },
);

/** Drops empty objects, which encode to nothing, so that decode(encode(x)) can equal x. */
function normalise(o: PublishOptions): PublishOptions {
	const out: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(o)) {
		if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
			continue;
		out[key] = value;
	}
	return out as PublishOptions;
}

const asFields = (pairs: [string, string][]) => new Map(pairs.map(([n, v]) => [n.toLowerCase(), v]));

describe('publish options', () => {
	it('decode(encode(options)) gives the same options, as headers and as query forms', () => {
		const dialects: Dialect[] = [defaultDialect, resolveDialect({ headerPrefix: 'Upstash-' })];
		fc.assert(
			fc.property(options, fc.constantFrom(...dialects), (o, dialect) => {
				expect(decodePublishOptions(asFields(encodePublishOptions(o, dialect)), dialect)).toEqual(
					normalise(o),
				);
				const { contentType: _, ...withoutType } = normalise(o);
				expect(decodePublishOptions(asFields(encodePublishQuery(o, dialect)), dialect)).toEqual(withoutType);
			}),
		);
	});

	it('encodes with the header names of docs/protocol/publish.md#configuration-headers', () => {
		const pairs = encodePublishOptions(
			{
				retries: 3,
				delayMs: 100_000,
				callback: 'http://127.0.0.1/cb',
				forwardHeaders: { 'x-a': '1' },
				flowControl: { key: 'k', rate: 10, parallelism: 2, periodMs: 60_000 },
				labels: ['a', 'b'],
			},
			defaultDialect,
		);
		expect(pairs).toEqual([
			['Svc-Delay', '1m40s'],
			['Svc-Retries', '3'],
			['Svc-Callback', 'http://127.0.0.1/cb'],
			['Svc-Forward-x-a', '1'],
			['Svc-Flow-Control-Key', 'k'],
			['Svc-Flow-Control-Value', 'rate=10, parallelism=2, period=1m'],
			['Svc-Label', 'a,b'],
		]);
		expect(encodePublishQuery({ retries: 3, delayMs: 100_000 }, defaultDialect)).toEqual([
			['svc-delay', '1m40s'],
			['svc-retries', '3'],
		]);
	});

	it('reads flow control with or without spaces and in any subset', () => {
		const fields = new Map([
			['svc-flow-control-key', 'user-1'],
			['svc-flow-control-value', 'parallelism=2,period=1m'],
		]);
		expect(decodePublishOptions(fields, defaultDialect).flowControl).toEqual({
			key: 'user-1',
			parallelism: 2,
			periodMs: 60_000,
		});
	});

	it.each([
		['svc-retries', 'three', 'Svc-Retries'],
		['svc-delay', '10 years', 'Svc-Delay'],
		['svc-callback', 'ftp://x', 'Svc-Callback'],
		['svc-retry-delay', 'process.exit()', 'Svc-Retry-Delay'],
		['svc-method', 'BREW', 'Svc-Method'],
		['svc-header-forward', 'yes', 'Svc-Header-Forward'],
		['svc-flow-control-value', 'rate=10', 'Svc-Flow-Control-Value'],
		['svc-callback-timeout', '5x', 'Svc-Callback-Timeout'],
	])('rejects a bad %s and names the header', (name, value, header) => {
		let caught: unknown;
		try {
			decodePublishOptions(new Map([[name, value]]), defaultDialect);
		} catch (error) {
			caught = error;
		}
		expect(caught).toBeInstanceOf(PublishOptionError);
		expect((caught as PublishOptionError).header).toBe(header);
		expect((caught as Error).message).toContain(header);
	});
});
