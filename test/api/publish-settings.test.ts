import { describe, expect, it } from 'vitest';
import { defaultDialect, resolveDialect } from '../../source/api/dialect.js';
import {
	decodePublishSettings,
	mergeHeaderValues,
	notBeforeSeconds,
	PublishSettingError,
	parseHeaderLine,
} from '../../source/api/publish-settings.js';

describe('publish settings', () => {
	it('parses Name: value lines and refuses what is not one', () => {
		expect(parseHeaderLine(' X-Team :  payments ')).toEqual(['X-Team', 'payments']);
		expect(parseHeaderLine('X-Empty:')).toEqual(['X-Empty', '']);
		expect(() => parseHeaderLine('no colon')).toThrow(/expected 'Name: value'/);
		expect(() => parseHeaderLine('Bad Name: v')).toThrow(/expected 'Name: value'/);
		expect(() => parseHeaderLine(': v')).toThrow(/expected 'Name: value'/);
	});

	it('merges repeated names into several values, keeping the first spelling', () => {
		expect(
			mergeHeaderValues([
				['X-A', '1'],
				['x-a', '2'],
				['X-B', '3'],
			]),
		).toEqual({ 'X-A': ['1', '2'], 'X-B': '3' });
	});

	it('reads not-before as unix seconds or a date', () => {
		expect(notBeforeSeconds('2026-01-01T00:00:00Z')).toBe('1767225600');
		expect(() => notBeforeSeconds('soon')).toThrow(/unix seconds or an ISO date/);
	});

	it('decodes settings with the service decoder and names the origin of a refused one', () => {
		const dialect = resolveDialect({ headerPrefix: 'Acme-' });
		expect(
			decodePublishSettings(
				[
					{ header: 'Retries', value: '2', origin: 'retries' },
					{ header: 'Forward-X-Team', value: 'a', origin: 'forward' },
					{ header: 'Content-Type', value: 'text/plain', origin: 'type' },
				],
				dialect,
			),
		).toEqual({ retries: 2, forwardHeaders: { 'x-team': 'a' }, contentType: 'text/plain' });
		const refused = (header: string, value: string) => {
			try {
				decodePublishSettings([{ header, value, origin: `field ${header}` }], defaultDialect);
			} catch (error) {
				if (error instanceof PublishSettingError) return `${error.origin}: ${error.problem}`;
				throw error;
			}
			return 'accepted';
		};
		expect(refused('Delay', '10 minutes')).toMatch(/^field Delay: invalid duration/);
		expect(refused('Callback', 'ftp://x')).toMatch(/^field Callback: expected an http/);
		expect(refused('Retry-Delay', 'process.exit()')).toMatch(/^field Retry-Delay: /);
		expect(refused('Deduplication-Id', 'a\nb')).toBe(
			'field Deduplication-Id: a header value must not contain control characters (line breaks included)',
		);
	});
});
