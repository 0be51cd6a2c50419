import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultDialect } from '../../source/api/dialect.js';
import { CallbackBody, describeZodError, FailureCallbackBody } from '../../source/api/schemas.js';
import {
	acceptsCallbackBody,
	type CallbackFields,
	checkCallbackBody,
	fieldsOf,
} from '../../source/receiver/callback-body.js';
import { eventOf } from '../../source/receiver/classify.js';
import { callbackBody } from './helpers.js';

const fieldNames: (keyof CallbackFields)[] = [
	'status',
	'header',
	'body',
	'retried',
	'maxRetries',
	'sourceMessageId',
	'topicName',
	'endpointName',
	'url',
	'method',
	'sourceHeader',
	'sourceBody',
	'notBefore',
	'createdAt',
	'scheduleId',
	'callerIP',
	'callerIp',
	'dlqId',
];

/** An object with an own, enumerable `__proto__` key, as JSON.parse makes one. */
function withOwnProto(base: Record<string, unknown>, value: unknown): Record<string, unknown> {
	const object = { ...base };
	Object.defineProperty(object, '__proto__', { value, enumerable: true, writable: true, configurable: true });
	return object;
}

/** Values of every sort, so each rule of the schema meets what it must refuse. */
const oddValue = fc.oneof(
	fc.constant(undefined),
	fc.constant(null),
	fc.boolean(),
	fc.string({ maxLength: 8 }),
	fc.integer(),
	fc.double(),
	fc.constantFrom(
		Number.NaN,
		Number.POSITIVE_INFINITY,
		Number.NEGATIVE_INFINITY,
		2 ** 53,
		-(2 ** 53),
		Number.MAX_SAFE_INTEGER,
		-0,
		1.5,
	),
	fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
	fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 3 }),
	fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 3 }),
);

const stringArrays = fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 });
/** Arrays that are nearly string arrays: one item of another sort among strings. */
const nearlyStringArrays = fc
	.tuple(stringArrays, oddValue, fc.nat(3))
	.map(([items, odd, at]) => [...items.slice(0, at), odd, ...items.slice(at)]);

class Instance {}

/** What z.record() refuses although it is an object: not plain, by its constructor or prototype. */
const notPlain = fc.constantFrom<unknown>(
	new Date(0),
	new Map(),
	new Instance(),
	[],
	{ constructor: () => 0 },
	{ constructor: function named() {} },
	{ constructor: 'text' },
	{ constructor: { prototype: {} } },
	Object.create(null),
);

/** Records of the two kinds the schema has, and the ways a record can be almost right. */
function record(valid: fc.Arbitrary<unknown>, nearly: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
	const keys = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', 'toString'));
	const base = fc.dictionary(keys, valid, { maxKeys: 3 });
	return fc.oneof(
		fc.dictionary(keys, valid, { maxKeys: 4 }),
		fc.dictionary(keys, fc.oneof(valid, nearly, oddValue), { maxKeys: 4 }),
		fc.tuple(base, keys, nearly).map(([b, key, value]) => ({ ...b, [key]: value })),
		fc.tuple(base, fc.oneof(valid, oddValue)).map(([b, value]) => withOwnProto(b, value)),
		base.map((b) => Object.assign(Object.create(null), b)),
		fc.tuple(base, valid).map(([b, value]) => ({ ...b, [Symbol('s')]: value })),
		fc
			.tuple(base, oddValue)
			.map(([b, value]) => Object.defineProperty({ ...b }, 'hidden', { value, enumerable: false })),
		fc
			.tuple(base, oddValue)
			.map(([b, value]) => Object.defineProperty({ ...b }, Symbol('hidden'), { value, enumerable: false })),
		notPlain,
		oddValue,
	);
}

const intField = fc.oneof(fc.integer(), oddValue);
const stringField = fc.oneof(fc.string({ maxLength: 8 }), oddValue);
/** Unix milliseconds as a string or a number, and numbers of every sort around them. */
const unixMsField = fc.oneof(
	fc.string({ maxLength: 8 }),
	fc.constantFrom('1767225600000', ' 1767225600000 ', '1e3'),
	fc.integer({ min: 0, max: 2 ** 53 }),
	fc.double(),
	fc.constantFrom(1767225600000, 1767225600000.5, -0, 1e21, 2 ** 60),
	oddValue,
);
/**
 * A source header's value: the neutral interface's string, or the workflow SDK's list of strings
 * (docs/protocol/callbacks.md#callback-body).
 */
const sourceHeaderValue = fc.oneof(fc.string({ maxLength: 4 }), stringArrays);

/** Any callback field, generated right or wrong in any way; any of them may be missing. */
const fields = fc.record(
	{
		status: intField,
		header: record(stringArrays, nearlyStringArrays),
		body: stringField,
		retried: intField,
		maxRetries: intField,
		sourceMessageId: stringField,
		topicName: stringField,
		endpointName: stringField,
		url: stringField,
		method: stringField,
		sourceHeader: record(sourceHeaderValue, fc.oneof(nearlyStringArrays, oddValue)),
		sourceBody: stringField,
		notBefore: unixMsField,
		createdAt: unixMsField,
		scheduleId: stringField,
		callerIP: stringField,
		callerIp: stringField,
		dlqId: stringField,
		extra: fc.anything(),
		// Keys a hostile body might carry to reach a prototype: kept as extras, never followed.
		constructor: fc.anything(),
		toString: fc.anything(),
	},
	{ requiredKeys: [] },
);
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;

/**
 * Callback-like objects. A verdict can only differ from the schema's where every other field is
 * right, so most are a valid body (with a dlqId, for either schema) with one field replaced.
 */
const callbackLike: fc.Arbitrary<unknown> = fc.oneof(
	{
		weight: 6,
		arbitrary: fc
			.tuple(fields, fc.constantFrom(...(fieldNames as (keyof Fields)[]), 'extra', 'constructor', 'toString'))
			.map(([generated, key]) => {
				const value: Record<string, unknown> = { ...callbackBody({ dlqId: 'd' }) };
				if (key in generated) value[key] = generated[key];
				else delete value[key];
				return value;
			}),
	},
	{ weight: 2, arbitrary: fields.map((generated) => ({ ...callbackBody({ dlqId: 'd' }), ...generated })) },
	{ weight: 2, arbitrary: fields },
	// z.object() refuses an array, even one that carries every field.
	{ weight: 1, arbitrary: fc.constant(Object.assign([], callbackBody({ dlqId: 'd' }))) },
);

const anyInput = fc.oneof(
	{ weight: 8, arbitrary: callbackLike },
	{ weight: 1, arbitrary: fc.anything() },
	{ weight: 1, arbitrary: fc.jsonValue() },
);

function pick(data: Record<string, unknown>, failure: boolean): Record<string, unknown> {
	const picked: Record<string, unknown> = {};
	for (const name of fieldNames) picked[name] = name === 'dlqId' && !failure ? undefined : data[name];
	return picked;
}

describe('the callback body check', () => {
	it('accepts exactly what the zod schemas accept, and reads the fields they give back', () => {
		fc.assert(
			fc.property(anyInput, fc.boolean(), (value, failure) => {
				const schema = failure ? FailureCallbackBody : CallbackBody;
				const parsed = schema.safeParse(value);
				expect(acceptsCallbackBody(value, failure)).toBe(parsed.success);
				if (parsed.success) {
					const fields = fieldsOf(value as Record<string, unknown>, failure);
					expect(fields).toEqual(pick(parsed.data, failure));
					expect(checkCallbackBody(value, failure)).toEqual({ ok: true, data: fields });
				} else {
					expect(checkCallbackBody(value, failure)).toEqual({
						ok: false,
						problem: describeZodError(parsed.error),
					});
				}
			}),
			{ numRuns: 3000 },
		);
	});

	it('makes of a body sent as JSON the event the schema describes', () => {
		// Bodies as they arrive: JSON text, parsed by the receiver (own __proto__ keys and all).
		const sent = callbackLike
			.map((value) => {
				try {
					return JSON.stringify(value);
				} catch {
					return undefined;
				}
			})
			.filter((text): text is string => text?.startsWith('{') === true);
		fc.assert(
			fc.property(sent, (text) => {
				const value = JSON.parse(text) as Record<string, unknown>;
				const event = eventOf(
					{
						seq: 1,
						receivedAt: 0,
						method: 'POST',
						path: '/cb',
						rawHeaders: ['Content-Type', 'application/json'],
						body: Buffer.from(text),
						verification: { ok: false, failure: 'missing', reason: 'no signature' },
						responseStatus: 200,
					},
					{ dialect: defaultDialect, maxShownBodyBytes: 1 << 20 },
				);
				// Only a body with a callback's fields is meant as one; any other is a delivery.
				const markers = ['sourceMessageId', 'sourceBody', 'sourceHeader', 'maxRetries', 'dlqId'];
				if (!markers.some((key) => key in value)) {
					expect(event.kind).toBe('delivery');
					return;
				}
				const failure = 'dlqId' in value;
				const parsed = (failure ? FailureCallbackBody : CallbackBody).safeParse(value);
				if (!parsed.success) {
					expect(event.kind).toBe('malformed');
					expect(event.problem).toBe(
						`not a valid ${failure ? 'failure callback' : 'callback'} body: ${describeZodError(parsed.error)}`,
					);
					return;
				}
				const data = parsed.data as FailureCallbackBody;
				expect(event.kind).toBe(failure ? 'failure-callback' : 'callback');
				expect(event.callback).toMatchObject({
					status: data.status,
					retried: data.retried,
					maxRetries: data.maxRetries,
					sourceMessageId: data.sourceMessageId,
					url: data.url,
					method: data.method,
					dlqId: failure ? data.dlqId : undefined,
					callerIP: data.callerIP || data.callerIp || undefined,
					header: data.header ?? {},
					sourceHeader: data.sourceHeader ?? {},
				});
				const millis = (ms: string | undefined) =>
					ms !== undefined && /^\s*\d{1,16}\s*$/.test(ms) ? Number(ms) : undefined;
				expect(event.callback?.notBefore).toBe(millis(data.notBefore));
				expect(event.callback?.createdAt).toBe(millis(data.createdAt));
			}),
			{ numRuns: 1000 },
		);
	});

	it('reads the forms issue 12 allows: listed source headers, numeric times, callerIp, extra fields', () => {
		const value = {
			...callbackBody(),
			sourceHeader: { Accept: ['text/plain', 'application/json'], 'X-One': 'a' },
			notBefore: 1767225600000,
			createdAt: '1767225600001',
			callerIP: undefined,
			callerIp: '10.0.0.7',
			newerField: { kept: true },
		};
		expect(CallbackBody.safeParse(value).success).toBe(true);
		const checked = checkCallbackBody(value, false);
		expect(checked).toMatchObject({
			ok: true,
			data: {
				sourceHeader: { Accept: 'text/plain, application/json', 'X-One': 'a' },
				notBefore: '1767225600000',
				createdAt: '1767225600001',
				callerIp: '10.0.0.7',
			},
		});
		// The body's own record is left as it came.
		expect(value.sourceHeader.Accept).toEqual(['text/plain', 'application/json']);
	});

	it('finds both verdicts among generated bodies, so the property above says something', () => {
		const samples = fc.sample(fc.tuple(callbackLike, fc.boolean()), { numRuns: 2000, seed: 1 });
		const verdicts = samples.map(([value, failure]) => acceptsCallbackBody(value, failure));
		expect(verdicts.filter(Boolean).length).toBeGreaterThan(100);
		expect(verdicts.filter((ok) => !ok).length).toBeGreaterThan(100);
	});

	it('leaves an own __proto__ key of a record out, unchecked, as the schema does', () => {
		const header = JSON.parse('{"__proto__": 5, "Content-Type": ["text/plain"]}');
		const value = { ...callbackBody(), header };
		expect(CallbackBody.safeParse(value).success).toBe(true);
		const checked = checkCallbackBody(value, false);
		expect(checked.ok && Object.hasOwn(checked.data.header!, '__proto__')).toBe(false);
		expect(checked.ok && checked.data.header).toEqual({ 'Content-Type': ['text/plain'] });
	});

	it('words a rejection as the schema does', () => {
		expect(checkCallbackBody({ ...callbackBody(), status: 1.5, retried: '1' }, false)).toEqual({
			ok: false,
			problem: describeZodError(
				CallbackBody.safeParse({ ...callbackBody(), status: 1.5, retried: '1' }).error!,
			),
		});
		expect(checkCallbackBody(callbackBody(), true)).toMatchObject({ ok: false, problem: /dlqId/ });
	});
});
