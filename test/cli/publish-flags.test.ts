import { describe, expect, it } from 'vitest';
import { defaultDialect } from '../../source/api/dialect.js';
import { encodePublishOptions } from '../../source/api/publish-options.js';
import { parseFlags } from '../../source/cli/args.js';
import {
	checkDestination,
	parseHeaderArgument,
	parseNotBefore,
	publishFlagSpecs,
	publishOptionsFromArgs,
} from '../../source/cli/publish-flags.js';

const options = async (argv: string[]) =>
	publishOptionsFromArgs(await parseFlags(argv, publishFlagSpecs), defaultDialect);

describe('publish flags', () => {
	it('turns every flag into its publish option', async () => {
		const o = await options([
			'--method',
			'put',
			'--delay',
			'1h30m',
			'--not-before',
			'1767225600',
			'--retries',
			'5',
			'--retry-delay',
			'pow(2, retried) * 1000',
			'--timeout',
			'30s',
			'--callback',
			'https://cb.example/ok',
			'--failure-callback',
			'https://cb.example/fail',
			'--callback-timeout',
			'5s',
			'--callback-retries',
			'1',
			'--callback-delay',
			'2s',
			'--callback-method',
			'PUT',
			'--failure-callback-timeout',
			'6s',
			'--failure-callback-retries',
			'2',
			'--failure-callback-delay',
			'3s',
			'--failure-callback-method',
			'PATCH',
			'--forward',
			'X-Team: payments',
			'--forward',
			'X-Trace:abc',
			'--callback-forward',
			'X-Cb: 1',
			'--failure-callback-forward',
			'X-Fcb: 2',
			'--header-forward',
			'--dedup-id',
			'order-7',
			'--content-dedup',
			'--flow-control-key',
			'shop',
			'--flow-control',
			'rate=10,parallelism=2,period=1m',
			'--label',
			'a',
			'--label',
			'b',
			'--content-type',
			'application/json',
		]);
		expect(o).toEqual({
			method: 'PUT',
			delayMs: 5_400_000,
			notBefore: 1767225600,
			retries: 5,
			retryDelay: 'pow(2, retried) * 1000',
			timeoutMs: 30_000,
			callback: 'https://cb.example/ok',
			failureCallback: 'https://cb.example/fail',
			callbackOptions: { timeoutMs: 5000, retries: 1, delayMs: 2000, method: 'PUT' },
			failureCallbackOptions: { timeoutMs: 6000, retries: 2, delayMs: 3000, method: 'PATCH' },
			forwardHeaders: { 'x-team': 'payments', 'x-trace': 'abc' },
			callbackForwardHeaders: { 'x-cb': '1' },
			failureCallbackForwardHeaders: { 'x-fcb': '2' },
			headerForward: true,
			deduplicationId: 'order-7',
			contentBasedDeduplication: true,
			flowControl: { key: 'shop', rate: 10, parallelism: 2, periodMs: 60_000 },
			labels: ['a', 'b'],
			contentType: 'application/json',
		});
		// And the encoding back to headers carries them all.
		expect(encodePublishOptions(o, defaultDialect).length).toBeGreaterThan(25);
	});

	it('names the flag of a bad value', async () => {
		const cases: [string[], RegExp][] = [
			[['--delay', '10 minutes'], /^--delay: invalid duration/],
			[['--retries=-1'], /^--retries: expected a non-negative integer/],
			[['--retry-delay', 'process.exit()'], /^--retry-delay: /],
			[['--callback', 'ftp://x'], /^--callback: expected an http/],
			[['--method', 'FETCH'], /^--method: expected one of/],
			[['--callback-method', 'x'], /^--callback-method: /],
			[['--failure-callback-timeout', 'soon'], /^--failure-callback-timeout: /],
			[['--flow-control-key', 'k', '--flow-control', 'rate=fast'], /^--flow-control: /],
			[['--flow-control', 'rate=1'], /^--flow-control needs --flow-control-key/],
			[['--forward', 'no colon'], /^--forward: expected 'Name: value'/],
			[['--forward', 'Bad Name: v'], /^--forward: /],
			[['--not-before', 'tomorrow'], /^--not-before: expected unix seconds/],
			[['--label', 'a,b'], /^--label: /],
			[['--dedup-id', 'a\nb'], /^--dedup-id: .*line breaks/],
		];
		for (const [argv, message] of cases) await expect(options(argv), argv.join(' ')).rejects.toThrow(message);
	});

	it('accepts a date for --not-before', async () => {
		expect(parseNotBefore('2026-01-01T00:00:00Z')).toBe('1767225600');
		expect(parseNotBefore(' 42 ')).toBe('42');
	});

	it('parses Name: value and checks destinations', async () => {
		expect(parseHeaderArgument('Content-Type: text/plain; charset=utf-8', '-H')).toEqual([
			'Content-Type',
			'text/plain; charset=utf-8',
		]);
		expect(() => checkDestination('https://example.com/a?b=1')).not.toThrow();
		expect(() => checkDestination('my-group.v2')).not.toThrow();
		expect(() => checkDestination('not a group')).toThrow(/neither an http\(s\) URL nor a URL Group name/);
		expect(() => checkDestination('file:///etc/passwd')).toThrow(/neither/);
	});
});
