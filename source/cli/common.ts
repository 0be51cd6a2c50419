/** Flags and argument rules that several commands share. */
import { groupNameRule, isGroupName } from '../api/publish-options.js';
import { type StatsPeriod, statsPeriods } from '../api/schemas.js';
import type { FlagSpecs, ParsedArgs } from './args.js';
import { UsageError } from './args.js';
import type { Connection } from './connect.js';
import type { CommandContext } from './define.js';

export const periodFlag: FlagSpecs = {
	period: {
		type: 'string',
		value: '<period>',
		choices: statsPeriods,
		description: `time range of the series: ${statsPeriods.join(', ')} (default 1h)`,
	},
};

export function readPeriod(args: ParsedArgs): StatsPeriod {
	// The flag's choices are checked as it is parsed.
	return (args.string('period') ?? '1h') as StatsPeriod;
}

type LocalIds = NonNullable<Connection['local']>;

/**
 * The id argument, or with the embedded local service (whose ids nobody knows in advance) the
 * id of its own account or index. Checked before connecting, so bad usage starts nothing.
 */
export function idArgument(
	context: Pick<CommandContext, 'args' | 'resolved'>,
	name: string,
): (connection: Connection, pick: keyof LocalIds) => string {
	const given = context.args.positionals[0];
	if (given === undefined && !context.resolved.local) throw new UsageError(`missing argument <${name}>`);
	if (given !== undefined && given.trim() === '') throw new UsageError(`<${name}> must not be empty`);
	return (connection, pick) => given ?? connection.local![pick];
}

/** The one positional argument naming a resource (a schedule id, a queue, a key); never empty. */
export function nameArgument(args: ParsedArgs, what: string): string {
	const name = args.positionals[0];
	if (name === undefined) throw new UsageError(`missing argument <${what}>`);
	if (name.trim() === '') throw new UsageError(`<${what}> must not be empty`);
	return name;
}

/** A whole-number flag within [min, max], or undefined when not given. */
export function wholeNumberFlag(
	args: ParsedArgs,
	flag: string,
	min: number,
	max: number,
): number | undefined {
	const text = args.string(flag);
	if (text === undefined) return undefined;
	const value = Number(text.trim());
	if (!/^\d+$/.test(text.trim()) || value < min || value > max)
		throw new UsageError(
			`--${flag}: expected a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`,
		);
	return value;
}

/** A name as the service takes it for a queue, an endpoint or a schedule id; `what` names the flag. */
export function checkedName(value: string, what: string): string {
	if (!isGroupName(value))
		throw new UsageError(`${what}: ${JSON.stringify(value)} is not a name (${groupNameRule})`);
	return value;
}

/** A flag that names a queue or a schedule id, trimmed and checked; undefined when not given. */
export function nameFlag(args: ParsedArgs, flag: string): string | undefined {
	const value = args.string(flag)?.trim();
	return value === undefined ? undefined : checkedName(value, `--${flag}`);
}
