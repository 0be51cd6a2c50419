import { describe, expect, it } from 'vitest';
import { defaultDialect } from '../../source/api/dialect.js';
import { classifyRequest } from '../../source/receiver/classify.js';
import {
	eventLineParts,
	formatEventLine,
	toEventRecord,
	untrustedTag,
} from '../../source/receiver/render.js';
import { jsonLine } from '../../source/text/json-line.js';
import { painter } from '../../source/text/style.js';
import { callbackBody } from './helpers.js';

const claims = { iss: 'Svc', sub: 'u', iat: 0, nbf: 0, exp: 0, jti: 'j', body: '' };

function received(body: string, headers: Record<string, string> = {}, path = '/cb', verified = true) {
	return classifyRequest(
		{
			seq: 3,
			receivedAt: Date.UTC(2026, 0, 1),
			method: 'POST',
			path,
			headers,
			body: Buffer.from(body),
			verification: verified
				? { ok: true, key: 'next', claims }
				: { ok: false, failure: 'signature', reason: 'signature matches neither key', claims },
			responseStatus: 200,
		},
		{ dialect: defaultDialect, maxShownBodyBytes: 1024 },
	);
}

describe('toEventRecord', () => {
	it('has every documented key, null where it does not apply', () => {
		const delivery = toEventRecord(received('hello', { 'svc-message-id': 'msg_1', 'svc-retried': '1' }));
		expect(delivery).toMatchObject({
			receivedAt: '2026-01-01T00:00:00.000Z',
			kind: 'delivery',
			verified: true,
			reason: null,
			messageId: 'msg_1',
			retried: 1,
			maxRetries: null,
			exhausted: null,
			sourceMessageId: null,
			dlqId: null,
			status: null,
			body: { kind: 'text', text: 'hello' },
			responseStatus: 200,
		});
		const failure = toEventRecord(
			received(JSON.stringify(callbackBody({ dlqId: '5-1', retried: 3, maxRetries: 3 }))),
		);
		expect(failure).toMatchObject({
			kind: 'failure-callback',
			status: 500,
			retried: 3,
			maxRetries: 3,
			exhausted: true,
			dlqId: '5-1',
			sourceMessageId: 'msg_source123',
			body: { text: 'destination said no' },
			sourceBody: { text: '{"order":42}' },
		});
	});

	it('writes JSON a terminal cannot act on, with the same data', () => {
		const nasty = 'a\u009b31mb\u202ec\u2028d\x1b[2J';
		const line = jsonLine({ nasty });
		expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e\u2028]/);
		expect(JSON.parse(line)).toEqual({ nasty });
	});
});

describe('formatEventLine', () => {
	it('shows a callback in one line with its attempt, source and answer', () => {
		const line = formatEventLine(
			received(JSON.stringify(callbackBody({ retried: 3, maxRetries: 3 }))),
			painter(false),
		);
		expect(line).toContain('callback');
		expect(line).toContain('✓ next');
		expect(line).toContain('status 500');
		expect(line).toContain('retried 3/3 exhausted');
		expect(line).toContain('src msg_source123');
		expect(line).toContain('→ 200');
		expect(line).not.toContain('\n');
	});

	it('never prints a control character that came from the network', () => {
		const event = received('\x1b]0;pwned\x07', { 'svc-message-id': 'msg\x1b[31m' }, '/p\x1b[2J');
		const line = formatEventLine(event, painter(false));
		expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
		expect(line).toContain('msg\\x1b[31m');
	});

	it('marks what an unverified request claims as untrusted, in the line and in its parts', () => {
		const body = JSON.stringify(callbackBody({ retried: 0, maxRetries: 3 }));
		const forged = received(body, { 'svc-message-id': 'msg_forged' }, '/cb', false);
		const line = formatEventLine(forged, painter(false));
		// A tag, as `✓ current` is: no colon left dangling before what follows.
		expect(line).toMatch(/✗ signature matches neither key {2}⚠ untrusted {2}status 500 {2}retried 0\/3/);
		expect(line).not.toContain('untrusted:');
		const parts = eventLineParts(forged);
		const mark = parts.findIndex((p) => p.text === untrustedTag);
		expect(parts.slice(mark + 1, -1).every((p) => p.untrusted)).toBe(true);
		expect(parts.at(-1)).toMatchObject({ text: '→ 200' });
		expect(parts.at(-1)?.untrusted).toBeUndefined();
		const forgedDelivery = formatEventLine(
			received('hi', { 'svc-message-id': 'msg_x' }, '/d', false),
			painter(false),
		);
		expect(forgedDelivery).toContain(`${untrustedTag}  msg msg_x`);
		const genuine = received(body);
		expect(formatEventLine(genuine, painter(false))).not.toContain(untrustedTag);
		expect(eventLineParts(genuine).some((p) => p.untrusted)).toBe(false);
	});

	it('keeps its columns where they are from #9 to #10 and on to #99999', () => {
		const at = (seq: number) => {
			const line = formatEventLine({ ...received('x'), seq }, painter(false));
			return line.indexOf('delivery');
		};
		expect(at(10)).toBe(at(9));
		expect(at(100)).toBe(at(9));
		expect(at(99_999)).toBe(at(9));
	});

	it('colours only when asked', () => {
		const event = received('x');
		expect(formatEventLine(event, painter(true))).toMatch(/\x1b\[/);
		expect(formatEventLine(event, painter(false))).not.toMatch(/\x1b\[/);
	});
});
