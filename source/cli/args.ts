/**
 * Flag parsing for every command: one table of flags per command, parsed by meow (the design
 * names it). meow's parser reads liberally (`--no-json`, `--JSON`, `--a.b`, `-HName: v` split
 * into flags), so the words are first checked against the table in order, as strictly as a
 * user reads the help: an unknown flag, a missing value or a value where none belongs is one
 * line that names the flag. meow then parses the checked words, written out one way, and
 * checks the choices.
 */
import type { AnyFlag } from 'meow';

export interface FlagSpec {
	type: 'string' | 'boolean';
	/** May be given more than once; the values are kept in order. */
	multiple?: boolean;
	short?: string;
	/** Placeholder shown in help, e.g. `<duration>`. */
	value?: string;
	/** The only values the flag takes. */
	choices?: readonly string[];
	description: string;
}
export type FlagSpecs = Readonly<Record<string, FlagSpec>>;

/** Bad usage: unknown flag, missing value, wrong argument count (exit code 2). */
export class UsageError extends Error {
	override name = 'UsageError';
}

export interface ParsedArgs {
	positionals: string[];
	/** The value of a single string flag (the last one when given twice). */
	string(name: string): string | undefined;
	/** Every value of a repeatable string flag. */
	strings(name: string): string[];
	boolean(name: string): boolean;
}

/** A flag as given: its name in the table, its value (none for a boolean). */
interface Given {
	name: string;
	value?: string;
}

/** A word after a flag that reads as another flag (a lone `-` is a value: standard input). */
const optionLike = (word: string) => word.length > 1 && word.startsWith('-');

/** Checks argv against the table in order; the flags given and the positionals. */
function scan(argv: readonly string[], specs: FlagSpecs): { given: Given[]; positionals: string[] } {
	const given: Given[] = [];
	const positionals: string[] = [];
	const shorts = new Map(
		Object.entries(specs).flatMap(([name, spec]) => (spec.short ? [[spec.short, name]] : [])),
	);
	let index = 0;
	/** The value of a string flag typed as `typed`: inline, or the next word. */
	const takeValue = (typed: string, name: string, inline: string | undefined): string => {
		if (inline !== undefined) return inline;
		const next = argv[index + 1];
		if (next === undefined) throw new UsageError(`${typed} needs a value`);
		if (optionLike(next))
			throw new UsageError(
				`${typed} needs a value; to pass one that starts with "-", write --${name}=<value>`,
			);
		index += 1;
		return next;
	};
	for (; index < argv.length; index += 1) {
		const word = argv[index] as string;
		if (word === '--') {
			positionals.push(...argv.slice(index + 1));
			break;
		}
		if (word.startsWith('--')) {
			const equals = word.indexOf('=');
			const name = word.slice(2, equals === -1 ? undefined : equals);
			const inline = equals === -1 ? undefined : word.slice(equals + 1);
			const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
			if (!spec) throw new UsageError(`unknown flag --${name}`);
			if (spec.type === 'boolean') {
				if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
				given.push({ name });
			} else given.push({ name, value: takeValue(`--${name}`, name, inline) });
		} else if (optionLike(word)) {
			// A group of short flags, e.g. `-hf`; a string flag takes the rest of the word or the next.
			for (let at = 1; at < word.length; at += 1) {
				const name = shorts.get(word[at] as string);
				if (name === undefined) throw new UsageError(`unknown flag -${word[at]}`);
				if (specs[name]?.type === 'boolean') {
					given.push({ name });
					continue;
				}
				const rest = word.slice(at + 1);
				given.push({ name, value: takeValue(`-${word[at]}`, name, rest === '' ? undefined : rest) });
				break;
			}
		} else positionals.push(word);
	}
	return { given, positionals };
}

/**
 * yargs strips one pair of quotes around the value of a `--name=value` (for the shells that
 * leave them): a value that starts and ends with the same quote gets one pair more, so that
 * a JSON string body (`--body '"hi"'`) arrives as typed.
 */
function keepQuotes(value: string): string {
	const quote = value[0];
	return (quote === '"' || quote === "'") && value.at(-1) === quote ? `${quote}${value}${quote}` : value;
}

/** meow's key for a flag: `data-dir` is `dataDir` (it spells the flag `--data-dir` again). */
const meowKey = (name: string) => name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

function meowFlag(spec: FlagSpec): AnyFlag {
	const isMultiple = spec.multiple === true;
	if (spec.type === 'boolean') return { type: 'boolean', isMultiple };
	return { type: 'string', isMultiple, ...(spec.choices ? { choices: [...spec.choices] } : {}) };
}

/** meow's choice error names the flag: `Unknown value for flag \`--period\`: ...`. */
const choiceFlag = (message: string) => /flag `--([\w-]+)`/.exec(message)?.[1];

/** What meow read of the checked flags, by meow's key. */
async function meowFlags(kept: readonly Given[], positionals: readonly string[], specs: FlagSpecs) {
	// No flag, nothing for meow to read: `mqtop` alone, the on-call glance, starts without
	// loading it (most of the monitor's own code by size, and what its first frame waited for).
	if (kept.length === 0) return {};
	const { default: meow } = await import('meow');
	const words = kept.map((flag) =>
		flag.value === undefined ? `--${flag.name}` : `--${flag.name}=${keepQuotes(flag.value)}`,
	);
	try {
		return meow({
			importMeta: import.meta,
			argv: [...words, '--', ...positionals],
			flags: Object.fromEntries(Object.entries(specs).map(([name, spec]) => [meowKey(name), meowFlag(spec)])),
			// Help, version and the exit on an unknown flag are the runner's; meow only parses.
			autoHelp: false,
			autoVersion: false,
			allowUnknownFlags: true,
			booleanDefault: undefined,
			// meow reads no package.json then (it names the process after it: main.ts names it first).
			pkg: { name: 'mqtop' },
			description: false,
		}).flags as Record<string, unknown>;
	} catch (error) {
		const name = choiceFlag((error as Error).message);
		const choices = name === undefined ? undefined : specs[name]?.choices;
		if (name === undefined || !choices) throw error;
		const value = kept.findLast((flag) => flag.name === name)?.value;
		throw new UsageError(`--${name}: expected one of ${choices.join(', ')}, got ${JSON.stringify(value)}`);
	}
}

export async function parseFlags(argv: readonly string[], specs: FlagSpecs): Promise<ParsedArgs> {
	const { given, positionals } = scan(argv, specs);
	// A single flag given twice keeps its last value: an alias's flag can be overridden.
	const kept = given.filter(
		(flag, at) =>
			specs[flag.name]?.multiple || !given.slice(at + 1).some((later) => later.name === flag.name),
	);
	const flags: Record<string, unknown> = await meowFlags(kept, positionals, specs);
	const values = (name: string): unknown[] => {
		const value = flags[meowKey(name)];
		return value === undefined ? [] : Array.isArray(value) ? value : [value];
	};
	const strings = (name: string): string[] => {
		const given = values(name).filter((v): v is string => typeof v === 'string');
		// yargs reads a repeatable flag given once as `--header=` as no value at all.
		const count = kept.filter((flag) => flag.name === name).length;
		return given.length === 0 && count === 1 && specs[name]?.type === 'string' ? [''] : given;
	};
	return {
		positionals: [...positionals],
		string: (name) => strings(name).at(-1),
		strings,
		boolean: (name) => values(name).some((v) => v === true),
	};
}

/** Help lines for a table of flags, aligned. */
export function formatFlagHelp(specs: FlagSpecs): string[] {
	const rows = Object.entries(specs).map(([name, spec]) => {
		const short = spec.short ? `-${spec.short}, ` : '    ';
		const value = spec.type === 'string' ? ` ${spec.value ?? '<value>'}` : '';
		return [
			`${short}--${name}${value}`,
			`${spec.description}${spec.multiple ? ' (repeatable)' : ''}`,
		] as const;
	});
	const width = Math.max(0, ...rows.map(([left]) => left.length));
	return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`);
}
