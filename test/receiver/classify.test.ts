import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultDialect, resolveDialect } from '../../source/api/dialect.js';
import { classifyInput, classifyRequest, eventOf } from '../../source/receiver/classify.js';
import { type ClassifyInput, eventKinds, type ReceivedRequest } from '../../source/receiver/event.js';
import { headersFromRaw } from '../../source/receiver/raw-headers.js';
import { callbackBody } from './helpers.js';

const options = { dialect: defaultDialect, maxShownBodyBytes: 64 };

function classify(body: string | Uint8Array, extra: Partial<ClassifyInput> = {}) {
	return classifyRequest(
		{
			seq: 1,
			receivedAt: 0,
			method: 'POST',
			path: '/',
			headers: {},
			body: typeof body === 'string' ? Buffer.from(body) : body,
			verification: { ok: false, failure: 'missing', reason: 'missing signature header' },
			responseStatus: 401,
			...extra,
		},
		options,
	);
}

describe('classifyRequest', () => {
	it('tells callbacks, failure callbacks and plain deliveries apart by their body', () => {
		expect(classify(JSON.stringify(callbackBody())).kind).toBe('callback');
		expect(classify(JSON.stringify(callbackBody({ dlqId: '1-0' }))).kind).toBe('failure-callback');
		expect(classify('{"order": 42}').kind).toBe('delivery');
		expect(classify('[1,2,3]', { headers: { 'content-type': 'application/json' } }).kind).toBe('delivery');
		expect(classify('just text').kind).toBe('delivery');
		expect(classify('').kind).toBe('delivery');
	});

	it('calls the last attempt exhausted, as docs/protocol/callbacks.md#exhausted-retries defines it', () => {
		expect(classify(JSON.stringify(callbackBody({ retried: 2, maxRetries: 2 }))).callback?.exhausted).toBe(
			true,
		);
		expect(classify(JSON.stringify(callbackBody({ retried: 0, maxRetries: 2 }))).callback?.exhausted).toBe(
			false,
		);
	});

	it('says what is wrong with a malformed body', () => {
		expect(classify('{"status":')).toMatchObject({
			kind: 'malformed',
			problem: expect.stringMatching(/^malformed JSON/),
		});
		const missing = classify(JSON.stringify({ sourceMessageId: 'msg_1' }));
		expect(missing.kind).toBe('malformed');
		expect(missing.problem).toMatch(/^not a valid callback body: .*status/);
		const failure = classify(JSON.stringify({ ...callbackBody(), dlqId: 7 }));
		expect(failure.problem).toMatch(/^not a valid failure callback body: dlqId/);
	});

	it('keeps a body that is not base64 visible as such', () => {
		const event = classify(JSON.stringify(callbackBody({ body: 'not base64!' })));
		expect(event.callback?.body).toEqual({ kind: 'invalid-base64', raw: 'not base64!' });
	});

	it('cuts shown bodies to the limit and says so, never splitting a character', () => {
		const long = classify('x'.repeat(1000));
		expect(long.body).toMatchObject({ kind: 'text', bytes: 1000, truncated: true });
		expect(long.body?.kind === 'text' && long.body.text.length).toBe(64);
		const emoji = classify(`${'a'.repeat(63)}😀😀`);
		expect(emoji.body?.kind === 'text' && emoji.body.text).toBe('a'.repeat(63));
		const source = classify(
			JSON.stringify(callbackBody({ sourceBody: Buffer.alloc(500, 0x41).toString('base64') })),
		);
		expect(source.callback?.sourceBody).toMatchObject({ kind: 'text', bytes: 500, truncated: true });
		expect(long.bodyBytes).toBe(1000);
	});

	it('reads the delivery headers under the dialect prefix and ignores nonsense in them', () => {
		const acme = { dialect: resolveDialect({ headerPrefix: 'Acme-' }), maxShownBodyBytes: 64 };
		const input: ClassifyInput = {
			seq: 1,
			receivedAt: 0,
			method: 'PUT',
			path: '/x',
			headers: headersFromRaw([
				'Acme-Message-Id',
				'msg_1',
				'ACME-RETRIED',
				'lots',
				'Svc-Message-Id',
				'other',
				'X-Many',
				'a',
				'x-many',
				'b',
			]),
			body: Buffer.from('hi'),
			responseStatus: 200,
			verification: { ok: false, failure: 'missing', reason: 'r' },
		};
		const event = classifyRequest(input, acme);
		expect(event.delivery).toEqual({ messageId: 'msg_1' });
		expect(event.headers['x-many']).toBe('a, b');
	});

	it('describes an oversize request without a body', () => {
		const event = classifyRequest(
			{
				seq: 2,
				receivedAt: 0,
				method: 'POST',
				path: '/',
				headers: {},
				oversize: { limitBytes: 10, seenBytes: 11 },
				responseStatus: 413,
			},
			options,
		);
		expect(event).toMatchObject({ kind: 'oversize', verified: false, failure: 'oversize', bodyBytes: 11 });
		expect(event.body).toBeUndefined();
	});
});

describe('the kind of an event', () => {
	const kindOf = (body: string | Uint8Array | undefined, contentType?: string) => {
		const input: ClassifyInput = {
			seq: 1,
			receivedAt: 0,
			method: 'POST',
			path: '/',
			headers: contentType === undefined ? {} : { 'content-type': contentType },
			...(body === undefined
				? { oversize: { limitBytes: 1, seenBytes: 2 } }
				: { body: typeof body === 'string' ? Buffer.from(body) : body }),
			verification: { ok: false, failure: 'missing', reason: 'missing signature header' },
			responseStatus: 401,
		};
		return classifyRequest(input, options).kind;
	};

	it('follows the body: callback, failure callback, malformed, delivery, oversize', () => {
		expect(kindOf(JSON.stringify(callbackBody()))).toBe('callback');
		expect(kindOf(JSON.stringify(callbackBody({ dlqId: '1-0' })))).toBe('failure-callback');
		expect(kindOf(JSON.stringify({ ...callbackBody(), dlqId: 7 }))).toBe('malformed');
		expect(kindOf(JSON.stringify({ sourceMessageId: 'msg_1' }))).toBe('malformed');
		expect(kindOf('{"status":')).toBe('malformed');
		expect(kindOf('[1,2', 'application/json')).toBe('malformed');
		expect(kindOf('[1,2]', 'application/json')).toBe('delivery');
		expect(kindOf('{"order": 42}')).toBe('delivery');
		expect(kindOf('  \n', 'application/json')).toBe('delivery');
		expect(kindOf('just text')).toBe('delivery');
		expect(kindOf(new Uint8Array([0xff, 0x7b, 0x00]))).toBe('delivery');
		// A byte order mark is dropped by the decoder before anything looks at the text.
		expect(kindOf(`\ufeff${JSON.stringify(callbackBody())}`)).toBe('callback');
		expect(kindOf(undefined)).toBe('oversize');
	});

	it('is one of them for any body and content type, never an exception', () => {
		const jsonish = fc.oneof(
			fc.json(),
			fc
				.record(
					{ sourceMessageId: fc.string(), status: fc.integer(), dlqId: fc.string() },
					{ requiredKeys: [] },
				)
				.map((v) => JSON.stringify(v)),
			fc.constant(JSON.stringify(callbackBody())),
		);
		fc.assert(
			fc.property(
				fc.oneof(jsonish, fc.string(), fc.uint8Array({ maxLength: 64 })),
				fc.constantFrom(undefined, 'application/json', 'text/plain'),
				(body, contentType) => {
					expect(eventKinds).toContain(kindOf(body, contentType));
				},
			),
		);
	});
});

describe('eventOf', () => {
	const request: ReceivedRequest = {
		seq: 7,
		receivedAt: 0,
		method: 'POST',
		path: '/cb',
		rawHeaders: ['Content-Type', 'application/json'],
		body: Buffer.from(JSON.stringify(callbackBody())),
		verification: { ok: false, failure: 'missing', reason: 'missing signature header' },
		responseStatus: 401,
	};

	it('is the classified event of the request as the server handed it over', () => {
		expect(eventOf(request, options)).toEqual(classifyRequest(classifyInput(request), options));
	});

	it('turns a failure to decode into a malformed event that says so, never an exception', () => {
		// A dialect without header names stands in for a bug in decoding.
		const broken = { ...options, dialect: undefined as never };
		const event = eventOf(request, broken);
		expect(event).toMatchObject({
			seq: 7,
			kind: 'malformed',
			verified: false,
			reason: 'missing signature header',
		});
		expect(event.problem).toMatch(/^mqtop could not decode this request: /);
	});
});

describe('classifyInput', () => {
	it('turns a received request into the classifier input with its headers built', () => {
		const rawHeaders = ['Content-Type', 'text/plain', 'Svc-Message-Id', 'msg_1'];
		const request = {
			seq: 3,
			receivedAt: 5,
			method: 'POST',
			path: '/p',
			rawHeaders,
			body: Buffer.from('hi'),
			responseStatus: 200,
		};
		expect(classifyInput(request)).toEqual({
			seq: 3,
			receivedAt: 5,
			method: 'POST',
			path: '/p',
			headers: headersFromRaw(rawHeaders),
			body: Buffer.from('hi'),
			responseStatus: 200,
		});
	});
});
