import { describe, expect, it } from 'vitest';
import { defaultDialect, resolveDialect } from '../../source/api/dialect.js';
import { parsePublishTarget, TargetError } from '../../source/local/api/publish-target.js';

describe('parsePublishTarget', () => {
	it('keeps the destination exactly, its own query included, and takes out configuration and token', () => {
		const target = parsePublishTarget(
			'https://example.com/a/b?x=1&svc-retries=3&y=%20two&mq_token=secret&SVC-DELAY=10s&z',
			defaultDialect,
		);
		expect(target).toEqual({
			kind: 'url',
			url: 'https://example.com/a/b?x=1&y=%20two&z',
			// Where its attempts go, parsed once at publish.
			target: { origin: 'https://example.com', path: '/a/b?x=1&y=%20two&z' },
			config: new Map([
				['svc-retries', '3'],
				['svc-delay', '10s'],
			]),
			token: 'secret',
		});
	});

	it('accepts a percent-encoded destination', () => {
		const target = parsePublishTarget(
			`${encodeURIComponent('http://127.0.0.1:8080/hook?q=1')}?svc-retries=0`,
			defaultDialect,
		);
		expect(target).toMatchObject({
			kind: 'url',
			url: 'http://127.0.0.1:8080/hook?q=1',
			target: { origin: 'http://127.0.0.1:8080', path: '/hook?q=1' },
		});
	});

	it('reads a URL Group name, in the dialect asked for', () => {
		const dialect = resolveDialect({ headerPrefix: 'Upstash-', tokenParam: 'qstash_token' });
		expect(parsePublishTarget('my-group.v2?upstash-retries=1&qstash_token=t', dialect)).toEqual({
			kind: 'group',
			name: 'my-group.v2',
			config: new Map([['upstash-retries', '1']]),
			token: 't',
		});
	});

	it('refuses what is neither', () => {
		for (const bad of ['', 'ftp://x/y', 'a b', 'http://', 'group/with/slash', '%zz']) {
			expect(() => parsePublishTarget(bad, defaultDialect), bad).toThrow(TargetError);
		}
	});
});
