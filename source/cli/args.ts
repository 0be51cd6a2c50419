/**
 * Flag parsing for every command: one table of flags per command, read by meow (the design
 * names it), once. What its result shows is checked on the result: the choices, and which value
 * of a single flag given twice counts (the last, so that an alias's flag can be overridden).
 * What its result cannot show is checked on the words before meow reads them (`meowWords`).
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

/** A word after a flag that reads as another flag (a lone `-` is a value: standard input). */
const optionLike = (word: string) => word.length > 1 && word.startsWith('-');

/** One flag word: the flag that may take a value (the last of a group of short flags). */
interface FlagWord {
	/** The flag as typed, e.g. `--period` or `-H`. */
	typed: string;
	name: string;
	spec: FlagSpec;
	/** The word without its value, e.g. `--period` of `--period=3h`, `-hH` of `-hHA: 1`. */
	head: string;
	/** The value in the word, after `=` or attached to a short flag. */
	inline?: string;
}

/** Checks one word that starts with `-` against the table, as strictly as a user reads the help. */
function flagWord(word: string, specs: FlagSpecs, shorts: ReadonlyMap<string, string>): FlagWord {
	if (word.startsWith('--')) {
		const equals = word.indexOf('=');
		const head = equals === -1 ? word : word.slice(0, equals);
		const name = head.slice(2);
		const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
		if (!spec) throw new UsageError(`unknown flag --${name}`);
		const inline = equals === -1 ? undefined : word.slice(equals + 1);
		if (spec.type === 'boolean' && inline !== undefined) throw new UsageError(`--${name} takes no value`);
		return { typed: head, name, spec, head, inline };
	}
	// A group of short flags, e.g. `-hf`; a string flag takes the rest of the word or the next.
	for (let at = 1; ; at += 1) {
		const letter = word[at] as string;
		const name = shorts.get(letter);
		const spec = name === undefined ? undefined : specs[name];
		if (name === undefined || !spec) throw new UsageError(`unknown flag -${letter}`);
		const rest = word.slice(at + 1);
		if (spec.type === 'boolean' && rest !== '') continue;
		return {
			typed: `-${letter}`,
			name,
			spec,
			head: word.slice(0, at + 1),
			...(rest === '' ? {} : { inline: rest }),
		};
	}
}

/**
 * The words as meow is to read them, checked. meow hands yargs-parser a configuration of its own
 * (meow 14, build/parser.js: none of it is the caller's), and yargs-parser reads liberally (its
 * README, "Configuration": camel-case expansion, dot notation, boolean negation, short option
 * groups). Its result cannot show what was typed: `--JSON` and `--dataDir` come back as `--json`
 * and `--data-dir`; `--no-json` and `--json=yes` both as false; `--period` at the end as
 * `--period=`; `--period -x` as an empty period and a flag -x; `--json true` as --json that
 * took the word. So each flag word is checked here against the table, and a mistake names the
 * flag as typed. Values it reads otherwise than typed are handed to it its way (README,
 * "Libraries the design names"): one after `=` or attached to a short flag goes as the next word
 * (yargs strips a pair of quotes from `--body="hi"`, loses `--header=` at the end, reads
 * `-HA: 1` as an empty -H and the flags -A, -:), and a lone `-` (standard input) is joined to
 * its flag by `=` (yargs takes it for a flag). A value that starts with `-` stays in its word,
 * where yargs reads it as typed.
 */
function meowWords(argv: readonly string[], specs: FlagSpecs): { words: string[]; flagged: boolean } {
	const shorts = new Map(
		Object.entries(specs).flatMap(([name, spec]) => (spec.short ? [[spec.short, name]] : [])),
	);
	const words: string[] = [];
	let flagged = false;
	for (let index = 0; index < argv.length; index += 1) {
		const word = argv[index] as string;
		if (word === '--') {
			words.push(...argv.slice(index));
			break;
		}
		if (!optionLike(word)) {
			words.push(word);
			continue;
		}
		flagged = true;
		const flag = flagWord(word, specs, shorts);
		const next = argv[index + 1];
		if (flag.spec.type === 'boolean') {
			if (next === 'true' || next === 'false')
				throw new UsageError(
					`${flag.typed} takes no value (to give "${next}" as an argument, write it after --)`,
				);
			words.push(word);
		} else if (flag.inline !== undefined) {
			words.push(...(flag.inline.startsWith('-') ? [word] : [flag.head, flag.inline]));
		} else {
			if (next === undefined) throw new UsageError(`${flag.typed} needs a value`);
			if (optionLike(next))
				throw new UsageError(
					`${flag.typed} needs a value; to pass one that starts with "-", write --${flag.name}=<value>`,
				);
			words.push(...(next === '-' ? [`${word}=-`] : [word, next]));
			index += 1;
		}
	}
	return { words, flagged };
}

/** meow's key for a flag: `data-dir` is `dataDir` (it spells the flag `--data-dir` again). */
const meowKey = (name: string) => name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/**
 * Every string flag is repeatable for meow: it keeps each value, in order, and this reads the
 * last of a single flag (meow refuses a single flag given twice).
 */
function meowFlag(spec: FlagSpec): AnyFlag {
	const shortFlag = spec.short ? { shortFlag: spec.short } : {};
	if (spec.type === 'boolean') return { type: 'boolean', isMultiple: spec.multiple === true, ...shortFlag };
	return { type: 'string', isMultiple: true, ...shortFlag };
}

/** What meow read: the flags by meow's key, and the positionals. */
async function meowRead(words: string[], specs: FlagSpecs) {
	const { default: meow } = await import('meow');
	const { flags, input } = meow({
		importMeta: import.meta,
		argv: words,
		flags: Object.fromEntries(Object.entries(specs).map(([name, spec]) => [meowKey(name), meowFlag(spec)])),
		// Help, version and unknown flags are the runner's: meow would print and exit on its own.
		autoHelp: false,
		autoVersion: false,
		allowUnknownFlags: true,
		booleanDefault: undefined,
		// meow reads no package.json then (it names the process after it: main.ts names it first).
		pkg: { name: 'mqtop' },
		description: false,
	});
	return { flags: flags as Record<string, unknown>, positionals: input.map(String) };
}

/** Refuses a value outside a flag's choices: every value of a repeatable flag, the last of a single one. */
function checkChoices(specs: FlagSpecs, strings: (name: string) => string[]): void {
	for (const [name, spec] of Object.entries(specs)) {
		if (!spec.choices) continue;
		const given = spec.multiple ? strings(name) : strings(name).slice(-1);
		const wrong = given.find((value) => !spec.choices?.includes(value));
		if (wrong !== undefined)
			throw new UsageError(
				`--${name}: expected one of ${spec.choices.join(', ')}, got ${JSON.stringify(wrong)}`,
			);
	}
}

export async function parseFlags(argv: readonly string[], specs: FlagSpecs): Promise<ParsedArgs> {
	const { words, flagged } = meowWords(argv, specs);
	// No flag, nothing for meow to read: `mqtop` alone, the on-call glance, starts without
	// loading it (most of the monitor's own code by size, and what its first frame waited for).
	const end = words.indexOf('--');
	const { flags, positionals }: { flags: Record<string, unknown>; positionals: string[] } = flagged
		? await meowRead(words, specs)
		: { flags: {}, positionals: end === -1 ? words : words.toSpliced(end, 1) };
	const values = (name: string): unknown[] => {
		const value = flags[meowKey(name)];
		return value === undefined ? [] : Array.isArray(value) ? value : [value];
	};
	const strings = (name: string) => values(name).filter((v): v is string => typeof v === 'string');
	checkChoices(specs, strings);
	return {
		positionals,
		string: (name) => strings(name).at(-1),
		strings,
		boolean: (name) => values(name).includes(true),
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
