/**
 * The Callbacks filter runs a person's regular expression over text from the network on the UI
 * thread: it must never take longer than a pass over the line, whatever the expression.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { compileFilter, loadFilterEngine } from '../../../../source/ui/kit/row-filter/row-filter.js';

describe('the Callbacks filter', () => {
	beforeAll(() => loadFilterEngine());

	it('matches a catastrophic expression in linear time', () => {
		// A backtracking engine takes 2^n steps here: 28 bytes froze the TUI for 15 s, 64 would not end.
		const filter = compileFilter('(a+)+$')!;
		expect(filter.mode).toBe('regex');
		expect(filter.matches(`${'a'.repeat(64)}!`)).toBe(false);
		expect(filter.matches('x'.repeat(100_000) + 'a'.repeat(10_000))).toBe(true);
		expect(compileFilter('(x+x+)+y')!.matches('x'.repeat(5_000))).toBe(false);
	});

	it('matches regular expressions ignoring case, and plain text where the text is not one', () => {
		const status = compileFilter('status 5\\d\\d')!;
		expect(status.matches('callback  STATUS 503  retried 1/3')).toBe(true);
		expect(status.matches('callback  status 200')).toBe(false);
		const bracket = compileFilter('[unclosed')!;
		expect(bracket.mode).toBe('text');
		expect(bracket.problem).toBeTruthy();
		expect(bracket.matches('a [UNCLOSED bracket')).toBe(true);
	});

	it('takes an expression the linear engine does not have (lookaround, backreference) as plain text, saying why', () => {
		const ahead = compileFilter('msg_(?=x)')!;
		expect(ahead.mode).toBe('text');
		expect(ahead.problem).toMatch(/\(\?=/);
		expect(ahead.matches('src msg_(?=x)')).toBe(true);
		expect(compileFilter('(a)\\1')!.mode).toBe('text');
	});
});
