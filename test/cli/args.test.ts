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

async function usageError(argv: string[]): Promise<string> {
	try {
		await parseFlags(argv, specs);
	} catch (e) {
		expect(e).toBeInstanceOf(UsageError);
		return (e as Error).message;
	}
	throw new Error(`no error for ${JSON.stringify(argv)}`);
}

describe('parseFlags', () => {
	it('reads flags, repeatable flags and positionals', async () => {
		const args = await parseFlags(['abc', '--json', '-H', 'A: 1', '--header=B: 2', '--period', '3h'], specs);
		expect(args.positionals).toEqual(['abc']);
		expect(args.boolean('json')).toBe(true);
		expect(args.string('period')).toBe('3h');
		expect(args.strings('header')).toEqual(['A: 1', 'B: 2']);
		expect(args.string('missing')).toBeUndefined();
		expect(args.strings('missing')).toEqual([]);
	});

	it('reports mistakes in one line that names the flag', async () => {
		const error = usageError;
		expect(await error(['--nope'])).toBe('unknown flag --nope');
		expect(await error(['--period'])).toBe('--period needs a value');
		expect(await error(['--json=yes'])).toBe('--json takes no value');
		expect(await error(['--period', '-x'])).toMatch(/^--period needs a value; .*--period=<value>/);
		// The flag as typed, once: before, a short flag's was named "-H," (from parseArgs's message).
		expect(await error(['-H'])).toBe('-H needs a value');
		expect(await error(['--header'])).toBe('--header needs a value');
		expect(await error(['-H', '--json'])).toMatch(/^-H needs a value; .*--header=<value>/);
		expect(await error(['-hx'])).toBe('unknown flag -x');
		expect(await error(['-5'])).toBe('unknown flag -5');
		expect(await error(['--nope=1'])).toBe('unknown flag --nope');
		expect(await error(['--json='])).toBe('--json takes no value');
	});

	it("refuses what meow's parser would read liberally", async () => {
		expect(await usageError(['--no-json'])).toBe('unknown flag --no-json');
		expect(await usageError(['--JSON'])).toBe('unknown flag --JSON');
		expect(await usageError(['--dataDir', 'x'])).toBe('unknown flag --dataDir');
		expect(await usageError(['--data.dir=x'])).toBe('unknown flag --data.dir');
		expect(await usageError(['--constructor'])).toBe('unknown flag --constructor');
	});

	it('checks choices and names the value given', async () => {
		expect((await parseFlags(['--notify', 'bell'], specs)).string('notify')).toBe('bell');
		expect(await usageError(['--notify', 'loud'])).toBe('--notify: expected one of off, bell, got "loud"');
		expect(await usageError(['--notify='])).toBe('--notify: expected one of off, bell, got ""');
		// The last value is the one that counts, as for every single flag.
		expect((await parseFlags(['--notify', 'loud', '--notify', 'off'], specs)).string('notify')).toBe('off');
	});

	it('reads values as given: short with the value attached, a lone -, empty, after --', async () => {
		const args = await parseFlags(
			['-HA: 1', '-hH', 'B: 2', '--period', '-', '--data-dir=', 'x', '--', '--json', '-h'],
			specs,
		);
		expect(args.strings('header')).toEqual(['A: 1', 'B: 2']);
		expect(args.boolean('help')).toBe(true);
		expect(args.boolean('json')).toBe(false);
		expect(args.string('period')).toBe('-');
		expect(args.string('data-dir')).toBe('');
		expect(args.positionals).toEqual(['x', '--json', '-h']);
		expect((await parseFlags(['--header='], specs)).strings('header')).toEqual(['']);
		// A JSON string body keeps its quotes (yargs strips one pair from a --name=value).
		for (const value of ['"q"', "'x'", '"', '""', '"a" "b"', `'`])
			expect((await parseFlags(['--period', value, '-H', value], specs)).string('period'), value).toBe(value);
		expect((await parseFlags(['-H', '"q"'], specs)).strings('header')).toEqual(['"q"']);
		expect((await parseFlags(['--header=', '--header=', '-H', 'x'], specs)).strings('header')).toEqual([
			'',
			'',
			'x',
		]);
		expect(
			(await parseFlags(['--period', '1h', '--period', '3h', '--json', '--json'], specs)).string('period'),
		).toBe('3h');
	});

	// meow reads the words once; each case below is one its parser (yargs-parser) reads
	// otherwise than typed unless args.ts checks it first or hands it the word its way.
	it('refuses a boolean flag followed by true or false instead of losing the word', async () => {
		expect(await usageError(['--json', 'true', 'abc'])).toBe(
			'--json takes no value (to give "true" as an argument, write it after --)',
		);
		expect(await usageError(['-h', 'false'])).toMatch(/^-h takes no value/);
		const args = await parseFlags(['--json', '--', 'true'], specs);
		expect(args.boolean('json')).toBe(true);
		expect(args.positionals).toEqual(['true']);
	});

	it('reads a value that starts with "-" only after =, and a lone - as a value', async () => {
		expect(await usageError(['--period', '-1'])).toMatch(/^--period needs a value; .*--period=<value>/);
		expect(await usageError(['-H', '-1'])).toMatch(/^-H needs a value; .*--header=<value>/);
		const args = await parseFlags(
			['--period=-1', '--header=-x', '-H-y', '-hH', '-', '--data-dir', '-'],
			specs,
		);
		expect(args.string('period')).toBe('-1');
		expect(args.strings('header')).toEqual(['-x', '-y', '-']);
		expect(args.string('data-dir')).toBe('-');
		expect(args.boolean('help')).toBe(true);
		expect(args.positionals).toEqual([]);
	});

	it('keeps quotes and empty values given after = or attached to a short flag', async () => {
		const args = await parseFlags(['--period="q"', "-H'x'", '--header="a: b"', '--data-dir='], specs);
		expect(args.string('period')).toBe('"q"');
		expect(args.strings('header')).toEqual(["'x'", '"a: b"']);
		expect(args.string('data-dir')).toBe('');
		expect((await parseFlags(['-H', 'x', '--header='], specs)).strings('header')).toEqual(['x', '']);
		expect((await parseFlags(['--period='], specs)).string('period')).toBe('');
	});

	it('reads --header=a:b, --header "a: b" and -H in the order given, positionals in place', async () => {
		const args = await parseFlags(
			[
				'one',
				'--header=a:b',
				'007',
				'--header',
				'a: b',
				'-HName: v',
				'-H=x',
				'12345678901234567890',
				'--json',
			],
			specs,
		);
		expect(args.strings('header')).toEqual(['a:b', 'a: b', 'Name: v', '=x']);
		expect(args.string('header')).toBe('=x');
		// Read as typed, never as numbers.
		expect(args.positionals).toEqual(['one', '007', '12345678901234567890']);
		expect(args.boolean('json')).toBe(true);
	});

	it('keeps the last value of a single flag given twice, checked against its choices', async () => {
		const args = await parseFlags(
			['--period', '1h', '--period=3h', '--notify', 'loud', '--notify=bell'],
			specs,
		);
		expect(args.string('period')).toBe('3h');
		expect(args.string('notify')).toBe('bell');
		expect(await usageError(['--notify', 'bell', '--notify', 'loud'])).toBe(
			'--notify: expected one of off, bell, got "loud"',
		);
	});

	it('reads every flag of every command under the name its help shows', async () => {
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
				const args = await parseFlags(flag.type === 'boolean' ? [`--${name}`] : [`--${name}`, value], table);
				if (flag.type === 'boolean') expect(args.boolean(name), `${spec.name} --${name}`).toBe(true);
				else expect(args.string(name), `${spec.name} --${name}`).toBe(value);
			}
		}
	});

	it('formats help with aligned columns', async () => {
		const { json, period, header } = specs;
		expect(formatFlagHelp({ json, period, header } as FlagSpecs)).toEqual([
			'      --json             json',
			'      --period <period>  period',
			'  -H, --header <value>   header (repeatable)',
		]);
	});
});
