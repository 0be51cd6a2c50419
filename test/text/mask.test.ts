import { describe, expect, it } from 'vitest';
import { maskQueryParam, maskSecret, maskText, maskUrlCredentials } from '../../source/text/mask.js';

describe('maskSecret', () => {
	it('hides the secret and its length until revealed', () => {
		expect(maskSecret('tok_abcdef')).toBe(maskText);
		expect(maskSecret('x', false)).toBe(maskText);
		expect(maskSecret('sig_abcdefghijklmnopqrstuvwxyz0123')).toBe(maskText);
		expect(maskSecret('tok_abcdef', true)).toBe('tok_abcdef');
		expect(maskSecret('', false)).toBe('(none)');
	});

	it('sanitises a revealed secret', () => {
		expect(maskSecret('a\x1b[2Jb', true)).toBe('a\\x1b[2Jb');
	});
});

describe('maskQueryParam', () => {
	it('masks the token of an address and leaves the rest alone', () => {
		const url =
			'http://127.0.0.1:1/v2/publish/https://x.example/a?b=1&svc-retries=3&mq_token=tok%2Fsecret_1234567';
		const masked = maskQueryParam(url, 'mq_token');
		expect(masked).not.toContain('secret');
		expect(masked).toBe(
			`http://127.0.0.1:1/v2/publish/https://x.example/a?b=1&svc-retries=3&mq_token=${maskText}`,
		);
		expect(maskQueryParam('http://h/p?a=1', 'mq_token')).toBe('http://h/p?a=1');
	});
});

describe('maskUrlCredentials', () => {
	it('masks user:password@ and leaves the rest of the address exactly as written', () => {
		expect(maskUrlCredentials('https://alice:s3cret@queue.example.com/a?b=1@2')).toBe(
			`https://${maskText}@queue.example.com/a?b=1@2`,
		);
		expect(maskUrlCredentials('http://token@127.0.0.1:8080')).toBe(`http://${maskText}@127.0.0.1:8080`);
		expect(maskUrlCredentials('http://127.0.0.1:8080/p?x=a@b')).toBe('http://127.0.0.1:8080/p?x=a@b');
		expect(maskUrlCredentials('https://alice:s3cret@h/', true)).toBe('https://alice:s3cret@h/');
	});
});
