import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../source/api/schemas.js';
import { deriveMessageState } from '../../../../source/ui/panes/messages/message-state.js';
import {
	checkMessageId,
	countdown,
	flowText,
	maxMessageIdLength,
} from '../../../../source/ui/panes/messages/messages-model.js';

const now = 1_767_225_600_000;

describe('checkMessageId', () => {
	it('takes a message id as pasted, and says what is wrong with anything else', () => {
		expect(checkMessageId('  msg_2KxeoA9\t')).toEqual({ ok: true, id: 'msg_2KxeoA9' });
		expect(checkMessageId('')).toMatchObject({
			ok: false,
			problem: expect.stringContaining('type a message id'),
		});
		expect(checkMessageId('   ')).toMatchObject({ ok: false });
		expect(checkMessageId('msg 1')).toMatchObject({ problem: 'a message id has no spaces' });
		expect(checkMessageId('http://x/msg_1')).toMatchObject({ problem: expect.stringContaining('not a URL') });
		expect(checkMessageId('msg_1?x')).toMatchObject({ ok: false });
		expect(checkMessageId('msg_é')).toMatchObject({ problem: expect.stringContaining('printable ASCII') });
		expect(checkMessageId('m'.repeat(maxMessageIdLength + 1))).toMatchObject({
			problem: expect.stringContaining('too long'),
		});
	});
});

describe('message rows', () => {
	const message = (overrides: Partial<Message>): Message => ({
		messageId: 'msg_1',
		url: 'http://127.0.0.1:9/x',
		method: 'POST',
		maxRetries: 3,
		notBefore: now,
		createdAt: now,
		...overrides,
	});

	it('counts down to notBefore while waiting and to the retry while retrying, nothing once final', () => {
		expect(countdown(deriveMessageState({ message: message({ notBefore: now + 25_000 }) }, now), now)).toBe(
			'in 25s',
		);
		const retrying = deriveMessageState(
			{
				message: message({ retried: 1 }),
				events: [{ time: now, messageId: 'msg_1', state: 'RETRY', url: 'x', nextDeliveryTime: now + 3_000 }],
			},
			now,
		);
		expect(countdown(retrying, now)).toBe('retry 3s');
		expect(countdown(retrying, now + 5_000)).toBe('retry now');
		expect(countdown(deriveMessageState({ message: message({}), notFound: true }, now), now)).toBe('');
	});

	it('writes flow control as key, rate per period and parallelism', () => {
		expect(flowText(message({ flowControlKey: 'tenant-7', rate: 10, period: 60, parallelism: 2 }))).toBe(
			'tenant-7 rate 10/1m par 2',
		);
		expect(flowText(message({ flowControlKey: 'k', parallelism: 1 }))).toBe('k par 1');
		expect(flowText(message({}))).toBe('');
	});
});
