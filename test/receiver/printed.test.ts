/**
 * What `mqtop listen` prints for each kind of event, pinned in full: every JSON field and every
 * part of the line. Changes to how requests are decoded or printed must leave these unchanged.
 */
import { describe, expect, it } from 'vitest';
import { defaultDialect } from '../../source/api/dialect.js';
import { formatClockMillis } from '../../source/format/time.js';
import { eventOf } from '../../source/receiver/classify.js';
import type { ReceivedRequest } from '../../source/receiver/event.js';
import { formatEventLine, toEventRecord } from '../../source/receiver/render.js';
import type { VerifyResult } from '../../source/signing/jwt.js';
import { jsonLine } from '../../source/text/json-line.js';
import { sanitize } from '../../source/text/sanitize.js';
import { painter } from '../../source/text/style.js';
import { callbackBody } from './helpers.js';

const receivedAt = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
const claims = {
	iss: 'Svc',
	sub: 'http://127.0.0.1:4000/cb',
	iat: 1767225600,
	nbf: 1767225600,
	exp: 1767225900,
	jti: 'jwt_fixed',
	body: 'hash',
};
const verified: VerifyResult = { ok: true, key: 'current', claims };
const rejected: VerifyResult = {
	ok: false,
	failure: 'signature',
	reason: 'invalid signature: matches neither the current nor the next signing key',
	claims,
};

function request(
	body: string | Uint8Array | undefined,
	options: {
		verification?: VerifyResult;
		status?: number;
		headers?: string[];
		path?: string;
		contentType?: string;
	} = {},
): ReceivedRequest {
	return {
		seq: 41,
		receivedAt,
		method: 'POST',
		path: options.path ?? '/cb',
		rawHeaders: [
			'Host',
			'127.0.0.1:4000',
			'Content-Type',
			options.contentType ?? 'application/json',
			'Svc-Signature',
			'eyJ.token.sig',
			...(options.headers ?? []),
		],
		...(body === undefined
			? { oversize: { limitBytes: 1024, seenBytes: 2048 } }
			: {
					body: typeof body === 'string' ? Buffer.from(body) : body,
					verification: options.verification ?? verified,
				}),
		responseStatus: options.status ?? 200,
	};
}

const classify = { dialect: defaultDialect, maxShownBodyBytes: 16 * 1024 };
/**
 * The JSON line and the plain line (without its local time) of a request. JSON.parse's own
 * message, which differs between Node versions, is shown as <parse error>.
 */
function printed(r: ReceivedRequest): { json: string; line: string } {
	const event = eventOf(r, classify);
	const time = formatClockMillis(receivedAt);
	const line = formatEventLine(event, painter(false));
	expect(line.startsWith(`${time}  `)).toBe(true);
	// The request's number after the time, as --replay takes it.
	let json = jsonLine(toEventRecord(event));
	let rest = line.slice(time.length + 2);
	const parseError = parseErrorOf(r.body);
	if (parseError) {
		json = json.replace(jsonLine(parseError).slice(1, -1), '<parse error>');
		rest = rest.replace(sanitize(parseError), '<parse error>');
	}
	return { json, line: rest };
}

function parseErrorOf(body: Uint8Array | undefined): string | undefined {
	try {
		JSON.parse(Buffer.from(body ?? []).toString());
		return undefined;
	} catch (error) {
		return (error as Error).message;
	}
}

describe('what mqtop listen prints', () => {
	it('a verified callback', () => {
		const out = printed(
			request(JSON.stringify(callbackBody({ topicName: 'orders', scheduleId: 'scd_1' })), {
				headers: ['Svc-Message-Id', 'msg_cb', 'Svc-Retried', '2', 'User-Agent', 'svc/1'],
			}),
		);
		expect(out.json).toMatchInlineSnapshot(
			`"{"seq":41,"receivedAt":"2026-01-02T03:04:05.678Z","method":"POST","path":"/cb","kind":"callback","verified":true,"reason":null,"failure":null,"signingKey":"current","keyPair":null,"replayOf":null,"messageId":"msg_cb","retried":1,"maxRetries":3,"exhausted":false,"status":500,"sourceMessageId":"msg_source123","dlqId":null,"url":"http://127.0.0.1:9/destination","topicName":"orders","endpointName":null,"body":{"kind":"text","text":"destination said no","bytes":19},"sourceBody":{"kind":"text","text":"{\\"order\\":42}","bytes":12},"responseHeader":{"Content-Type":["text/plain"]},"sourceHeader":{"Content-Type":"application/json"},"problem":null,"responseStatus":200,"forward":null,"headers":{"host":"127.0.0.1:4000","content-type":"application/json","svc-signature":"eyJ.token.sig","svc-message-id":"msg_cb","svc-retried":"2","user-agent":"svc/1"},"claims":{"iss":"Svc","sub":"http://127.0.0.1:4000/cb","iat":1767225600,"nbf":1767225600,"exp":1767225900,"jti":"jwt_fixed","body":"hash"}}"`,
		);
		expect(out.line).toMatchInlineSnapshot(
			`"#41     callback          ✓ current  status 500  retried 1/3 will retry  src msg_source123  POST http://127.0.0.1:9/destination  → 200"`,
		);
	});

	it('a replay: a delivery whose signature was verified before, on request 12', () => {
		const out = printed(
			request('again', {
				verification: { ...verified, replayOf: 12 } as VerifyResult,
				contentType: 'text/plain',
			}),
		);
		expect(out.json).toContain('"keyPair":null,"replayOf":12,');
		expect(out.line).toMatchInlineSnapshot(
			`"#41     delivery          ✓ current  replay of #12  POST /cb  again  → 200"`,
		);
	});

	it('a failure callback of the last attempt, verified with the next key', () => {
		const out = printed(
			request(JSON.stringify(callbackBody({ retried: 3, maxRetries: 3, dlqId: '1767225600000-4' })), {
				verification: { ok: true, key: 'next', claims },
			}),
		);
		expect(out.json).toMatchInlineSnapshot(
			`"{"seq":41,"receivedAt":"2026-01-02T03:04:05.678Z","method":"POST","path":"/cb","kind":"failure-callback","verified":true,"reason":null,"failure":null,"signingKey":"next","keyPair":null,"replayOf":null,"messageId":null,"retried":3,"maxRetries":3,"exhausted":true,"status":500,"sourceMessageId":"msg_source123","dlqId":"1767225600000-4","url":"http://127.0.0.1:9/destination","topicName":null,"endpointName":null,"body":{"kind":"text","text":"destination said no","bytes":19},"sourceBody":{"kind":"text","text":"{\\"order\\":42}","bytes":12},"responseHeader":{"Content-Type":["text/plain"]},"sourceHeader":{"Content-Type":"application/json"},"problem":null,"responseStatus":200,"forward":null,"headers":{"host":"127.0.0.1:4000","content-type":"application/json","svc-signature":"eyJ.token.sig"},"claims":{"iss":"Svc","sub":"http://127.0.0.1:4000/cb","iat":1767225600,"nbf":1767225600,"exp":1767225900,"jti":"jwt_fixed","body":"hash"}}"`,
		);
		expect(out.line).toMatchInlineSnapshot(
			`"#41     failure-callback  ✓ next  status 500  retried 3/3 exhausted  src msg_source123  dlq 1767225600000-4  POST http://127.0.0.1:9/destination  → 200"`,
		);
	});

	it('a callback whose signature is rejected', () => {
		const out = printed(
			request(JSON.stringify(callbackBody({ status: 200, retried: 0 })), {
				verification: rejected,
				status: 401,
			}),
		);
		expect(out.json).toMatchInlineSnapshot(
			`"{"seq":41,"receivedAt":"2026-01-02T03:04:05.678Z","method":"POST","path":"/cb","kind":"callback","verified":false,"reason":"invalid signature: matches neither the current nor the next signing key","failure":"signature","signingKey":null,"keyPair":null,"replayOf":null,"messageId":null,"retried":0,"maxRetries":3,"exhausted":false,"status":200,"sourceMessageId":"msg_source123","dlqId":null,"url":"http://127.0.0.1:9/destination","topicName":null,"endpointName":null,"body":{"kind":"text","text":"destination said no","bytes":19},"sourceBody":{"kind":"text","text":"{\\"order\\":42}","bytes":12},"responseHeader":{"Content-Type":["text/plain"]},"sourceHeader":{"Content-Type":"application/json"},"problem":null,"responseStatus":401,"forward":null,"headers":{"host":"127.0.0.1:4000","content-type":"application/json","svc-signature":"eyJ.token.sig"},"claims":{"iss":"Svc","sub":"http://127.0.0.1:4000/cb","iat":1767225600,"nbf":1767225600,"exp":1767225900,"jti":"jwt_fixed","body":"hash"}}"`,
		);
		expect(out.line).toMatchInlineSnapshot(
			`"#41     callback          ✗ invalid signature: matches neither the current nor the next signing key  ⚠ untrusted  status 200  retried 0/3  src msg_source123  POST http://127.0.0.1:9/destination  → 401"`,
		);
	});

	it('a delivery of text and one of binary', () => {
		const text = printed(
			request('hello \u001b[31mworld', {
				contentType: 'text/plain; charset=utf-8',
				headers: [
					'Svc-Message-Id',
					'msg_d',
					'Svc-Topic-Name',
					't',
					'Svc-Endpoint-Name',
					'e',
					'Svc-Caller-Ip',
					'10.0.0.1',
				],
				path: '/d?x=1',
			}),
		);
		expect(text.json).toMatchInlineSnapshot(
			`"{"seq":41,"receivedAt":"2026-01-02T03:04:05.678Z","method":"POST","path":"/d?x=1","kind":"delivery","verified":true,"reason":null,"failure":null,"signingKey":"current","keyPair":null,"replayOf":null,"messageId":"msg_d","retried":null,"maxRetries":null,"exhausted":null,"status":null,"sourceMessageId":null,"dlqId":null,"url":null,"topicName":"t","endpointName":"e","body":{"kind":"text","text":"hello \\u001b[31mworld","bytes":16},"sourceBody":null,"responseHeader":null,"sourceHeader":null,"problem":null,"responseStatus":200,"forward":null,"headers":{"host":"127.0.0.1:4000","content-type":"text/plain; charset=utf-8","svc-signature":"eyJ.token.sig","svc-message-id":"msg_d","svc-topic-name":"t","svc-endpoint-name":"e","svc-caller-ip":"10.0.0.1"},"claims":{"iss":"Svc","sub":"http://127.0.0.1:4000/cb","iat":1767225600,"nbf":1767225600,"exp":1767225900,"jti":"jwt_fixed","body":"hash"}}"`,
		);
		expect(text.line).toMatchInlineSnapshot(
			`"#41     delivery          ✓ current  msg msg_d  POST /d?x=1  hello \\x1b[31mworld  → 200"`,
		);
		const binary = printed(request(new Uint8Array([0xde, 0xad, 0xbe, 0xef, 0x00])));
		expect(binary.json).toMatchInlineSnapshot(
			`"{"seq":41,"receivedAt":"2026-01-02T03:04:05.678Z","method":"POST","path":"/cb","kind":"delivery","verified":true,"reason":null,"failure":null,"signingKey":"current","keyPair":null,"replayOf":null,"messageId":null,"retried":null,"maxRetries":null,"exhausted":null,"status":null,"sourceMessageId":null,"dlqId":null,"url":null,"topicName":null,"endpointName":null,"body":{"kind":"binary","hex":"de ad be ef 00","bytes":5,"truncated":false},"sourceBody":null,"responseHeader":null,"sourceHeader":null,"problem":null,"responseStatus":200,"forward":null,"headers":{"host":"127.0.0.1:4000","content-type":"application/json","svc-signature":"eyJ.token.sig"},"claims":{"iss":"Svc","sub":"http://127.0.0.1:4000/cb","iat":1767225600,"nbf":1767225600,"exp":1767225900,"jti":"jwt_fixed","body":"hash"}}"`,
		);
		expect(binary.line).toMatchInlineSnapshot(
			`"#41     delivery          ✓ current  POST /cb  5 bytes binary: de ad be ef 00  → 200"`,
		);
	});

	it('malformed JSON and a body that fails the callback schema', () => {
		const json = printed(request('{"status":'));
		expect(json.json).toMatchInlineSnapshot(
			`"{"seq":41,"receivedAt":"2026-01-02T03:04:05.678Z","method":"POST","path":"/cb","kind":"malformed","verified":true,"reason":null,"failure":null,"signingKey":"current","keyPair":null,"replayOf":null,"messageId":null,"retried":null,"maxRetries":null,"exhausted":null,"status":null,"sourceMessageId":null,"dlqId":null,"url":null,"topicName":null,"endpointName":null,"body":{"kind":"text","text":"{\\"status\\":","bytes":10},"sourceBody":null,"responseHeader":null,"sourceHeader":null,"problem":"malformed JSON: <parse error>","responseStatus":200,"forward":null,"headers":{"host":"127.0.0.1:4000","content-type":"application/json","svc-signature":"eyJ.token.sig"},"claims":{"iss":"Svc","sub":"http://127.0.0.1:4000/cb","iat":1767225600,"nbf":1767225600,"exp":1767225900,"jti":"jwt_fixed","body":"hash"}}"`,
		);
		expect(json.line).toMatchInlineSnapshot(
			`"#41     malformed         ✓ current  POST /cb  malformed JSON: <parse error>  → 200"`,
		);
		const schema = printed(request(JSON.stringify({ ...callbackBody(), status: '500', dlqId: 7 })));
		expect(schema.json).toMatchInlineSnapshot(
			`"{"seq":41,"receivedAt":"2026-01-02T03:04:05.678Z","method":"POST","path":"/cb","kind":"malformed","verified":true,"reason":null,"failure":null,"signingKey":"current","keyPair":null,"replayOf":null,"messageId":null,"retried":null,"maxRetries":null,"exhausted":null,"status":null,"sourceMessageId":null,"dlqId":null,"url":null,"topicName":null,"endpointName":null,"body":{"kind":"text","text":"{\\"status\\":\\"500\\",\\"header\\":{\\"Content-Type\\":[\\"text/plain\\"]},\\"body\\":\\"ZGVzdGluYXRpb24gc2FpZCBubw==\\",\\"retried\\":1,\\"maxRetries\\":3,\\"sourceMessageId\\":\\"msg_source123\\",\\"url\\":\\"http://127.0.0.1:9/destination\\",\\"method\\":\\"POST\\",\\"sourceHeader\\":{\\"Content-Type\\":\\"application/json\\"},\\"sourceBody\\":\\"eyJvcmRlciI6NDJ9\\",\\"notBefore\\":\\"1767225600000\\",\\"createdAt\\":\\"1767225600000\\",\\"callerIP\\":\\"127.0.0.1\\",\\"dlqId\\":7}","bytes":383},"sourceBody":null,"responseHeader":null,"sourceHeader":null,"problem":"not a valid failure callback body: status must be a number, not a string; dlqId must be a string, not a number","responseStatus":200,"forward":null,"headers":{"host":"127.0.0.1:4000","content-type":"application/json","svc-signature":"eyJ.token.sig"},"claims":{"iss":"Svc","sub":"http://127.0.0.1:4000/cb","iat":1767225600,"nbf":1767225600,"exp":1767225900,"jti":"jwt_fixed","body":"hash"}}"`,
		);
		expect(schema.line).toMatchInlineSnapshot(
			`"#41     malformed         ✓ current  POST /cb  not a valid failure callback body: status must be a number, not a string; dlqId must be a string, not a number  → 200"`,
		);
	});

	it('a body over the limit, and a callback whose bodies are not base64', () => {
		const over = printed(request(undefined, { status: 413 }));
		expect(over.json).toMatchInlineSnapshot(
			`"{"seq":41,"receivedAt":"2026-01-02T03:04:05.678Z","method":"POST","path":"/cb","kind":"oversize","verified":false,"reason":"body larger than the limit of 1024 bytes: not read, not verified","failure":"oversize","signingKey":null,"keyPair":null,"replayOf":null,"messageId":null,"retried":null,"maxRetries":null,"exhausted":null,"status":null,"sourceMessageId":null,"dlqId":null,"url":null,"topicName":null,"endpointName":null,"body":null,"sourceBody":null,"responseHeader":null,"sourceHeader":null,"problem":null,"responseStatus":413,"forward":null,"headers":{"host":"127.0.0.1:4000","content-type":"application/json","svc-signature":"eyJ.token.sig"},"claims":null}"`,
		);
		expect(over.line).toMatchInlineSnapshot(
			`"#41     oversize          ✗ body larger than the limit of 1024 bytes: not read, not verified  ⚠ untrusted  POST /cb  → 413"`,
		);
		const odd = printed(request(JSON.stringify(callbackBody({ body: 'not base64!', sourceBody: '//79' }))));
		expect(odd.json).toMatchInlineSnapshot(
			`"{"seq":41,"receivedAt":"2026-01-02T03:04:05.678Z","method":"POST","path":"/cb","kind":"callback","verified":true,"reason":null,"failure":null,"signingKey":"current","keyPair":null,"replayOf":null,"messageId":null,"retried":1,"maxRetries":3,"exhausted":false,"status":500,"sourceMessageId":"msg_source123","dlqId":null,"url":"http://127.0.0.1:9/destination","topicName":null,"endpointName":null,"body":{"kind":"invalid-base64","raw":"not base64!"},"sourceBody":{"kind":"binary","hex":"ff fe fd","bytes":3,"truncated":false},"responseHeader":{"Content-Type":["text/plain"]},"sourceHeader":{"Content-Type":"application/json"},"problem":null,"responseStatus":200,"forward":null,"headers":{"host":"127.0.0.1:4000","content-type":"application/json","svc-signature":"eyJ.token.sig"},"claims":{"iss":"Svc","sub":"http://127.0.0.1:4000/cb","iat":1767225600,"nbf":1767225600,"exp":1767225900,"jti":"jwt_fixed","body":"hash"}}"`,
		);
		expect(odd.line).toMatchInlineSnapshot(
			`"#41     callback          ✓ current  status 500  retried 1/3 will retry  src msg_source123  POST http://127.0.0.1:9/destination  → 200"`,
		);
	});
});
