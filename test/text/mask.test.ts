import { describe, expect, it } from 'vitest';
import { maskQueryParam, maskSecret } from '../../source/text/mask.js';

describe('maskSecret', () => {
	it('shows a short start and the length', () => {
		expect(maskSecret('sig_abcdefghijklmnopqrstuvwxyz0123')).toBe('sig_ab…(34 chars)');
		expect(maskSecret('short')).toBe('s…(5 chars)');
		expect(maskSecret('abc')).toBe('…(3 chars)');
	});

	it('masks the token of an address and leaves the rest alone', () => {
		const url =
			'http://127.0.0.1:1/v2/publish/https://x.example/a?b=1&svc-retries=3&mq_token=tok%2Fsecret_1234567';
		const masked = maskQueryParam(url, 'mq_token');
		expect(masked).not.toContain('secret');
		expect(masked).toBe(
			'http://127.0.0.1:1/v2/publish/https://x.example/a?b=1&svc-retries=3&mq_token=tok/…(18 chars)',
		);
		expect(maskQueryParam('http://h/p?a=1', 'mq_token')).toBe('http://h/p?a=1');
	});
});
