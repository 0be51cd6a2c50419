import { describe, expect, it } from 'vitest';
import { evaluateRetryDelay, parseRetryDelay, RetryDelayError } from '../../source/api/retry-delay.js';

const at = (text: string, retried: number) => evaluateRetryDelay(parseRetryDelay(text), retried);

describe('retry delay expressions', () => {
	it('evaluates arithmetic over retried with the functions of docs/protocol/publish.md#retry-delay-expressions', () => {
		expect(at('1000', 5)).toBe(1000);
		expect(at('1000 * (1 + retried)', 2)).toBe(3000);
		expect(at('pow(2, retried) * 100', 3)).toBe(800);
		expect(at('min(max(retried * 500, 1000), 4000)', 10)).toBe(4000);
		expect(at('sqrt(16) + abs(-3) + floor(1.7) + ceil(1.2) + round(2.5)', 0)).toBe(4 + 3 + 1 + 2 + 3);
		expect(at('exp(0) * 10 - 2 % 3', 0)).toBe(8);
		expect(at('-retried + 10', 4)).toBe(6);
	});

	it('rejects anything that is not such an expression, and never runs it as code', () => {
		const bad = [
			'',
			'retried +',
			'process.exit(1)',
			'require("fs")',
			'constructor',
			'pow(2)',
			'min(1)',
			'1; 2',
			'(1 + 2',
			'1 2',
			'retried ** 2',
			'__proto__',
			`${'('.repeat(100)}1${')'.repeat(100)}`,
			'1'.repeat(600),
		];
		for (const text of bad) expect(() => parseRetryDelay(text), text).toThrow(RetryDelayError);
		expect(() => parseRetryDelay('foo(1)')).toThrow(/unknown name "foo"/);
		expect(() => parseRetryDelay('process.exit(1)')).toThrow('unexpected character "." at 7');
		expect(() => parseRetryDelay('1 +  $')).toThrow('unexpected character "$" at 5');
	});
});
