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

	it('keeps what the client said otherwise, with its hint and Retry-After', () => {
		const error = new ApiError({
			operation: 'read usage stats',
			kind: 'http',
			status: 429,
			retryAfterMs: 3000,
		});
		expect(describePollError(error, 'management')).toMatchObject({
			message: 'read usage stats failed: HTTP 429',
			status: 429,
			retryAfterMs: 3000,
			hint: 'over a rate limit; it resets in 3s',
		});
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
