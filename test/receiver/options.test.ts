import { describe, expect, it } from 'vitest';
import { expectedSubject } from '../../source/receiver/options.js';

describe('expectedSubject', () => {
	it('is the public URL exactly when it has a path, whatever path the request arrived at', () => {
		expect(expectedSubject('https://h.example.com/api/callback', '/api/callback')).toBe(
			'https://h.example.com/api/callback',
		);
		expect(expectedSubject('https://h.example.com/base/', '/cb')).toBe('https://h.example.com/base/');
		expect(expectedSubject('https://h.example.com/hook?team=a', '/hook?team=a')).toBe(
			'https://h.example.com/hook?team=a',
		);
	});

	it('joins a bare origin with the request path', () => {
		expect(expectedSubject('https://h.example.com', '/cb?x=1')).toBe('https://h.example.com/cb?x=1');
		expect(expectedSubject('https://h.example.com/', '/cb')).toBe('https://h.example.com/cb');
	});
});
