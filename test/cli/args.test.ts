import { describe, expect, it } from 'vitest';
import { type FlagSpecs, formatFlagHelp, parseFlags, UsageError } from '../../source/cli/args.js';

const specs: FlagSpecs = {
	json: { type: 'boolean', description: 'json' },
	period: { type: 'string', value: '<period>', description: 'period' },
	header: { type: 'string', short: 'H', multiple: true, description: 'header' },
};

describe('parseFlags', () => {
	it('reads flags, repeatable flags and positionals', () => {
		const args = parseFlags(['abc', '--json', '-H', 'A: 1', '--header=B: 2', '--period', '3h'], specs);
		expect(args.positionals).toEqual(['abc']);
		expect(args.boolean('json')).toBe(true);
		expect(args.string('period')).toBe('3h');
		expect(args.strings('header')).toEqual(['A: 1', 'B: 2']);
		expect(args.string('missing')).toBeUndefined();
		expect(args.strings('missing')).toEqual([]);
	});

	it('reports mistakes in one line that names the flag', () => {
		const error = (argv: string[]) => {
			try {
				parseFlags(argv, specs);
			} catch (e) {
				expect(e).toBeInstanceOf(UsageError);
				return (e as Error).message;
			}
			throw new Error('no error');
		};
		expect(error(['--nope'])).toBe('unknown flag --nope');
		expect(error(['--period'])).toBe('--period needs a value');
		expect(error(['--json=yes'])).toBe('--json takes no value');
		expect(error(['--period', '-x'])).toMatch(/^--period needs a value; .*--period=<value>/);
	});

	it('formats help with aligned columns', () => {
		expect(formatFlagHelp(specs)).toEqual([
			'      --json             json',
			'      --period <period>  period',
			'  -H, --header <value>   header (repeatable)',
		]);
	});
});
