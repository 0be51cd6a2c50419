import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../source/api/errors.js';
import { describePollError } from '../../../source/ui/data/describe-error.js';

describe('describePollError', () => {
	it('names the management credentials on a management 401', () => {
		const error = new ApiError({
			operation: 'list users',
			kind: 'http',
			status: 401,
			serverMessage: 'bad auth',
		});
		const text = describePollError(error, 'management');
		expect(text.message).toBe('management API refused the management e-mail or API key (HTTP 401: bad auth)');
		expect(text.hint).toContain('e-mail or API key');
	});

	it('names the token on a messaging 401', () => {
		const error = new ApiError({ operation: 'list events', kind: 'http', status: 401 });
		expect(describePollError(error, 'messaging').message).toBe(
			'messaging API refused the messaging token (HTTP 401)',
		);
	});

	it('keeps what the client said otherwise, with its hint', () => {
		const error = new ApiError({
			operation: 'read usage stats',
			kind: 'http',
			status: 503,
			retryAfterMs: 3000,
		});
		expect(describePollError(error, 'management')).toMatchObject({
			message: 'read usage stats failed: HTTP 503',
			status: 503,
			retryAfterMs: 3000,
		});
		const down = new ApiError({ operation: 'list users', kind: 'network', detail: 'cannot connect' });
		expect(describePollError(down, 'management')).toMatchObject({
			message: 'list users failed: cannot connect',
			hint: 'is the service running and the URL right?',
		});
	});

	it('names the rate limit a 429 hit, and when it resets', () => {
		const burst = new ApiError({
			operation: 'read usage stats',
			kind: 'http',
			status: 429,
			retryAfterMs: 3000,
			rateLimit: { scope: 'burst', limit: 10, remaining: 0, resetAt: 1_000_003_000 },
		});
		expect(describePollError(burst, 'management')).toMatchObject({
			message: 'read usage stats: HTTP 429, over the per-second rate limit (10 a second)',
			status: 429,
			retryAfterMs: 3000,
			hint: 'it resets in 3s',
			rateLimit: { scope: 'burst', limit: 10 },
		});
		const daily = new ApiError({
			operation: 'list users',
			kind: 'http',
			status: 429,
			rateLimit: { scope: 'daily', limit: 500_000, remaining: 0, resetAt: undefined },
		});
		expect(describePollError(daily, 'management')).toMatchObject({
			message: 'list users: HTTP 429, over the daily request limit (500000 a day)',
			hint: 'wait and try again',
			rateLimit: { scope: 'daily' },
		});
		// A 429 without rate-limit headers still holds polling, as an unknown limit.
		const bare = new ApiError({ operation: 'list users', kind: 'http', status: 429 });
		expect(describePollError(bare, 'management').rateLimit).toMatchObject({ scope: 'unknown' });
	});

	it('names the field of an answer that does not fit at all, sanitised', () => {
		const error = new ApiError({
			operation: 'list users',
			kind: 'invalid-response',
			status: 200,
			detail: 'unexpected response: …',
			issues: [
				{ path: '[0].max_retries', kind: 'wrong-type', expected: 'a whole number', got: '"many"' },
				{ path: '[1].id', kind: 'missing', expected: 'a string', got: 'nothing' },
			],
		});
		expect(describePollError(error, 'management')).toMatchObject({
			message: 'list users: the answer does not fit: [1].id: missing (expected a string)',
			hint: 'the service answered in a shape mqtop does not know: is the URL right, and the dialect?',
		});
		const root = new ApiError({
			operation: 'list users',
			kind: 'invalid-response',
			issues: [
				{
					path: '',
					kind: 'wrong-type',
					expected: 'a list of objects with "id"',
					got: '{"error":"\u001b[31mnope"}',
				},
			],
		});
		const { message } = describePollError(root, 'management');
		expect(message).toBe(
			'list users: the answer does not fit: (root): expected a list of objects with "id", got {"error":"\\x1b[31mnope"}',
		);
		const control = new ApiError({
			operation: 'list users',
			kind: 'invalid-response',
			issues: [{ path: '[0].\x1b[2Jid', kind: 'missing', expected: 'a string', got: 'nothing' }],
		});
		expect(describePollError(control, 'management').message).not.toMatch(/[\u0000-\u001f]/);
	});

	it('escapes control characters the server sent', () => {
		const error = new ApiError({
			operation: 'read vector index stats',
			kind: 'http',
			status: 404,
			serverMessage: 'no index \x1b[2J\x1b]0;title\x07\r\b',
		});
		const { message } = describePollError(error, 'management');
		expect(message).toContain('no index \\x1b[2J\\x1b]0;title\\x07\\r\\b');
		expect(message).not.toMatch(/[\u0000-\u001f]/);
		expect(describePollError(new Error('boom\x1b[31m'), 'management').message).toBe('boom\\x1b[31m');
	});
});
