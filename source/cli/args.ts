/**
 * Flag parsing for every command: one table of flags per command, parsed strictly with
 * node:util's parseArgs, errors rewritten into one line that names the flag.
 */
import { parseArgs } from 'node:util';

export interface FlagSpec {
	type: 'string' | 'boolean';
	/** May be given more than once; the values are kept in order. */
	multiple?: boolean;
	short?: string;
	/** Placeholder shown in help, e.g. `<duration>`. */
	value?: string;
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

function rewrite(error: { code?: string; message: string }): string {
	const flag = /'(-[^' ]+)/.exec(error.message)?.[1] ?? 'a flag';
	if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown flag ${flag}`;
	if (error.message.includes('does not take an argument')) return `${flag} takes no value`;
	if (error.message.includes('ambiguous'))
		return `${flag} needs a value; to pass one that starts with "-", write ${flag}=<value>`;
	if (error.message.includes('argument missing')) return `${flag} needs a value`;
	if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return 'too many arguments';
	return error.message.split('\n')[0] ?? error.message;
}

export function parseFlags(argv: readonly string[], specs: FlagSpecs): ParsedArgs {
	let parsed: ReturnType<typeof parseArgs>;
	try {
		parsed = parseArgs({
			args: [...argv],
			options: Object.fromEntries(
				Object.entries(specs).map(([name, spec]) => [
					name,
					{
						type: spec.type,
						...(spec.multiple ? { multiple: true } : {}),
						...(spec.short ? { short: spec.short } : {}),
					},
				]),
			),
			allowPositionals: true,
			strict: true,
		});
	} catch (error) {
		throw new UsageError(rewrite(error as { code?: string; message: string }));
	}
	const values = parsed.values as Record<string, string | boolean | (string | boolean)[] | undefined>;
	const all = (name: string): (string | boolean)[] => {
		const value = values[name];
		return value === undefined ? [] : Array.isArray(value) ? value : [value];
	};
	return {
		positionals: parsed.positionals,
		string: (name) =>
			all(name)
				.filter((v): v is string => typeof v === 'string')
				.at(-1),
		strings: (name) => all(name).filter((v): v is string => typeof v === 'string'),
		boolean: (name) => all(name).some((v) => v === true),
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
