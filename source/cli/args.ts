/**
 * Flag parsing for every command: one table of flags per command, and one reading of the words
 * against it, in order, as strictly as a user reads the help: an unknown flag, a missing value,
 * a value where none belongs or a value outside the flag's choices is one line that names the
 * flag. Values arrive as typed (quotes kept, `-HName: v` is one header). README, "Libraries the
 * design names", says why this is not meow's parser.
 */
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

/** The value given for a flag with choices must be one of them; the last given is the one that counts. */
function checkChoices(given: readonly Given[], specs: FlagSpecs): void {
	for (const [name, spec] of Object.entries(specs)) {
		const value = given.findLast((flag) => flag.name === name)?.value;
		if (spec.choices && value !== undefined && !spec.choices.includes(value))
			throw new UsageError(
				`--${name}: expected one of ${spec.choices.join(', ')}, got ${JSON.stringify(value)}`,
			);
	}
}

export function parseFlags(argv: readonly string[], specs: FlagSpecs): ParsedArgs {
	const { given, positionals } = scan(argv, specs);
	checkChoices(given, specs);
	const strings = (name: string): string[] => {
		const values = given.flatMap((flag) =>
			flag.name === name && flag.value !== undefined ? [flag.value] : [],
		);
		// A single flag given twice keeps its last value: an alias's flag can be overridden.
		return specs[name]?.multiple ? values : values.slice(-1);
	};
	return {
		positionals,
		string: (name) => strings(name).at(-1),
		strings,
		boolean: (name) => given.some((flag) => flag.name === name && flag.value === undefined),
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
