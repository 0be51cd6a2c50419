/**
 * Request paths from encoded segments: whatever a name, id or destination holds, it stays one
 * segment through URL parsing (which undici applies), or the path is refused before sending.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiPath, isDotSegment, pathProblem, pathSegment } from '../../source/api/paths.js';

/** The segments a WHATWG URL parser makes of the path, as undici would send them. */
function sentSegments(path: string): string[] {
	return new URL(`http://127.0.0.1:1${path}`).pathname.split('/').slice(1);
}

/** The string with each lone surrogate (which has no UTF-8 form) as U+FFFD. */
function wellFormed(text: string): string {
	return Buffer.from(text, 'utf8').toString('utf8');
}

describe('apiPath', () => {
	it('keeps every value one segment, decoded back to exactly what was given', () => {
		fc.assert(
			fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
				const path = apiPath`/v2/topics/${value}/endpoints`;
				if (value === '' || value === '.' || value === '..') {
					expect(pathProblem(path)).toBeDefined();
					return;
				}
				expect(pathProblem(path)).toBeUndefined();
				const segments = sentSegments(path);
				expect(segments).toHaveLength(4);
				expect(segments[3]).toBe('endpoints');
				expect(decodeURIComponent(segments[2]!)).toBe(wellFormed(value));
			}),
			{ numRuns: 500 },
		);
	});

	it('keeps a destination whole: its dots, slashes, query and fragment', () => {
		for (const destination of [
			'http://127.0.0.1:9/a/../../../../../keys/rotate',
			'http://host/a/../b',
			'http://host/a/%2e%2e/b?x=1&svc-retries=3#frag',
			'http://host/a\\..\\b',
			'http://host/a\tb',
		]) {
			const path = apiPath`/v2/publish/${destination}`;
			const segments = sentSegments(path);
			expect(segments.slice(0, 2)).toEqual(['v2', 'publish']);
			expect(segments).toHaveLength(3);
			expect(decodeURIComponent(segments[2]!)).toBe(destination);
		}
	});

	it('encodes a lone surrogate as U+FFFD instead of throwing', () => {
		expect(pathSegment('a\ud800b')).toBe('a%EF%BF%BDb');
	});
});

describe('pathProblem', () => {
	it('refuses empty and dot segments, however they are spelled', () => {
		for (const path of [
			'/v2/topics/./endpoints',
			'/v2/topics/..',
			'/v2/topics/%2e%2E',
			'/v2/topics/.%2e/x',
			'/v2/topics//endpoints',
			'/v2/topics/a\\..\\x',
			'v2/keys',
		])
			expect(pathProblem(path), path).toBeDefined();
		for (const path of ['/v2/topics/a.b/endpoints', '/v2/topics/...', '/v2/dlq?cursor=../..', '/v2/keys'])
			expect(pathProblem(path), path).toBeUndefined();
	});

	it('knows a dot segment in every spelling', () => {
		for (const part of ['.', '..', '%2e', '%2E', '.%2e', '%2e.', '%2E%2e'])
			expect(isDotSegment(part)).toBe(true);
		for (const part of ['...', 'a.', '%2e%2e%2e', '', '%2f']) expect(isDotSegment(part)).toBe(false);
	});
});
