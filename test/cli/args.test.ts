import { describe, expect, it } from 'vitest';
import { type FlagSpecs, formatFlagHelp, parseFlags, UsageError } from '../../source/cli/args.js';
import { commands } from '../../source/cli/commands/index.js';
import { type CommandSpec, commandFlags } from '../../source/cli/define.js';
import { monitorSpec } from '../../source/cli/monitor.js';

const specs: FlagSpecs = {
	json: { type: 'boolean', description: 'json' },
	period: { type: 'string', value: '<period>', description: 'period' },
	header: { type: 'string', short: 'H', multiple: true, description: 'header' },
	help: { type: 'boolean', short: 'h', description: 'help' },
	notify: { type: 'string', choices: ['off', 'bell'], description: 'notify' },
	'data-dir': { type: 'string', description: 'data directory' },
};

function usageError(argv: string[]): string {
	try {
		parseFlags(argv, specs);
	} catch (e) {
		expect(e).toBeInstanceOf(UsageError);
		return (e as Error).message;
	}
	throw new Error(`no error for ${JSON.stringify(argv)}`);
}

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
		const error = usageError;
		expect(error(['--nope'])).toBe('unknown flag --nope');
		expect(error(['--period'])).toBe('--period needs a value');
		expect(error(['--json=yes'])).toBe('--json takes no value');
		expect(error(['--period', '-x'])).toMatch(/^--period needs a value; .*--period=<value>/);
		// The flag as typed, once: before, a short flag's was named "-H," (from parseArgs's message).
		expect(error(['-H'])).toBe('-H needs a value');
		expect(error(['--header'])).toBe('--header needs a value');
		expect(error(['-H', '--json'])).toMatch(/^-H needs a value; .*--header=<value>/);
		expect(error(['-hx'])).toBe('unknown flag -x');
		expect(error(['-5'])).toBe('unknown flag -5');
		expect(error(['--nope=1'])).toBe('unknown flag --nope');
		expect(error(['--json='])).toBe('--json takes no value');
	});

	it("refuses what meow's parser would read liberally", () => {
		expect(usageError(['--no-json'])).toBe('unknown flag --no-json');
		expect(usageError(['--JSON'])).toBe('unknown flag --JSON');
		expect(usageError(['--dataDir', 'x'])).toBe('unknown flag --dataDir');
		expect(usageError(['--data.dir=x'])).toBe('unknown flag --data.dir');
		expect(usageError(['--constructor'])).toBe('unknown flag --constructor');
	});

	it('checks choices and names the value given', () => {
		expect(parseFlags(['--notify', 'bell'], specs).string('notify')).toBe('bell');
		expect(usageError(['--notify', 'loud'])).toBe('--notify: expected one of off, bell, got "loud"');
		expect(usageError(['--notify='])).toBe('--notify: expected one of off, bell, got ""');
		// The last value is the one that counts, as for every single flag.
		expect(parseFlags(['--notify', 'loud', '--notify', 'off'], specs).string('notify')).toBe('off');
	});

	it('reads values as given: short with the value attached, a lone -, empty, after --', () => {
		const args = parseFlags(
			['-HA: 1', '-hH', 'B: 2', '--period', '-', '--data-dir=', 'x', '--', '--json', '-h'],
			specs,
		);
		expect(args.strings('header')).toEqual(['A: 1', 'B: 2']);
		expect(args.boolean('help')).toBe(true);
		expect(args.boolean('json')).toBe(false);
		expect(args.string('period')).toBe('-');
		expect(args.string('data-dir')).toBe('');
		expect(args.positionals).toEqual(['x', '--json', '-h']);
		expect(parseFlags(['--header='], specs).strings('header')).toEqual(['']);
		// A JSON string body keeps its quotes (yargs strips one pair from a --name=value).
		for (const value of ['"q"', "'x'", '"', '""', '"a" "b"', `'`])
			expect(parseFlags(['--period', value, '-H', value], specs).string('period'), value).toBe(value);
		expect(parseFlags(['-H', '"q"'], specs).strings('header')).toEqual(['"q"']);
		expect(parseFlags(['--header=', '--header=', '-H', 'x'], specs).strings('header')).toEqual(['', '', 'x']);
		expect(parseFlags(['--period', '1h', '--period', '3h', '--json', '--json'], specs).string('period')).toBe(
			'3h',
		);
	});

	it('reads every flag of every command under the name its help shows', () => {
		const specsOf = (command: object): CommandSpec[] =>
			'spec' in command
				? [command.spec as CommandSpec]
				: 'subcommands' in command
					? [...(command.subcommands as CommandSpec[])]
					: [];
		const all = [monitorSpec, ...commands.flatMap(specsOf)];
		expect(all.length).toBeGreaterThan(40);
		for (const spec of all) {
			const table = commandFlags(spec);
			for (const [name, flag] of Object.entries(table)) {
				const value = flag.choices?.[0] ?? 'v a=l.u-e';
				const args = parseFlags(flag.type === 'boolean' ? [`--${name}`] : [`--${name}`, value], table);
				if (flag.type === 'boolean') expect(args.boolean(name), `${spec.name} --${name}`).toBe(true);
				else expect(args.string(name), `${spec.name} --${name}`).toBe(value);
			}
		}
	});

	it('formats help with aligned columns', () => {
		const { json, period, header } = specs;
		expect(formatFlagHelp({ json, period, header } as FlagSpecs)).toEqual([
			'      --json             json',
			'      --period <period>  period',
			'  -H, --header <value>   header (repeatable)',
		]);
	});
});
