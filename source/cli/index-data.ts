/**
 * What `mqtop vector` and `mqtop search` share: which index (the local server's own unless one
 * is named), reaching its data plane with its own URL and tokens (reads with the read-only
 * token; with --read-only nothing else), the flags' checks, and how records are printed.
 */
import { type IndexAccess, type IndexKind, readIndexAccess } from '../api/index-access.js';
import { parseCount, parseIds } from '../api/index-query.js';
import { type RecordLike, recordGist, recordPairs, scoreText } from '../format/index-record.js';
import { truncate } from '../format/text.js';
import { sanitize } from '../text/sanitize.js';
import { type FlagSpecs, type ParsedArgs, UsageError } from './args.js';
import type { CommandContext } from './define.js';
import { RefusedError } from './failure.js';
import type { Output } from './output.js';

/** Characters of content or metadata a table row shows; the detail and --json show all. */
const gistChars = 70;

export const readOnlyFlag: FlagSpecs = {
	'read-only': {
		type: 'boolean',
		description: "use the index's read-only token only: nothing can be written (a delete is refused unsent)",
	},
};

/** A whole number flag of an index command, as the data plane takes it. */
export function countFlag(args: ParsedArgs, flag: string, max: number): number | undefined {
	const value = args.string(flag);
	if (value === undefined) return undefined;
	try {
		return parseCount(value, `--${flag}`, max);
	} catch (error) {
		throw new UsageError((error as Error).message);
	}
}

/** Ids as positional arguments (commas split them too). */
export function idsOf(args: ParsedArgs): string[] {
	try {
		return parseIds(args.positionals.join(' '));
	} catch (error) {
		throw new UsageError((error as Error).message);
	}
}

/**
 * The index named by `flag`, else with the embedded local service its own one, read through the
 * management API into its data plane's access. Checked before connecting.
 */
export async function reachIndex(
	context: CommandContext,
	kind: IndexKind,
	flag: string,
): Promise<IndexAccess & { client: Awaited<ReturnType<CommandContext['connect']>>['client'] }> {
	const given = context.args.string(flag)?.trim();
	if (given === '') throw new UsageError(`--${flag} must not be empty`);
	if (given === undefined && !context.resolved.local)
		throw new UsageError(
			`name the ${kind === 'vector' ? 'vector index' : 'search database'}: --${flag} <id>`,
		);
	const connection = await context.connect();
	const id = given ?? (kind === 'vector' ? connection.local!.vectorIndexId : connection.local!.searchIndexId);
	const access = await readIndexAccess(connection.client, kind, id, {
		readOnly: context.args.boolean('read-only'),
	});
	return { ...access, client: connection.client };
}

/** A write refused before it is sent: exit 1, saying why. */
export function refuseWrite(access: IndexAccess, what: string): never {
	throw new RefusedError(`${what} not sent: ${access.writeRefusal ?? 'writes are not allowed'}`);
}

/** Matches or records as a table: score (for matches), id, and what each holds. */
export function printRecords(out: Output, records: readonly RecordLike[], scored: boolean): void {
	out.table(
		[
			...(scored ? [{ header: 'score', align: 'right' as const }] : []),
			{ header: 'id' },
			{ header: 'holds' },
		],
		records.map((record) => [
			...(scored ? [scoreText(record.score)] : []),
			sanitize(record.id),
			truncate(recordGist(record), gistChars),
		]),
	);
}

/**
 * A range's page: its records, then, while there is a next page, the command that reads it (the
 * flags given that choose what is ranged kept, the limit and the page's cursor added).
 */
export function printPage(
	out: Output,
	args: ParsedArgs,
	page: { command: string; kept: readonly string[]; noun: string; limit: number },
	records: readonly RecordLike[],
	nextCursor: string | undefined,
): void {
	if (records.length === 0) out.line(`no ${page.noun} here`);
	else printRecords(out, records, false);
	if (!nextCursor) return;
	const kept = page.kept
		.map((flag) => [flag, args.string(flag)] as const)
		.filter(([, value]) => value !== undefined)
		.map(([flag, value]) => `--${flag} ${sanitize(JSON.stringify(value))}`);
	const next = [page.command, ...kept, `--limit ${page.limit}`, `--cursor ${sanitize(nextCursor)}`];
	out.line(out.style.dim(`more: ${next.join(' ')}`));
}

/** Records one after the other, every field in full, a blank line between them. */
export function printDetails(out: Output, records: readonly RecordLike[]): void {
	records.forEach((record, i) => {
		if (i > 0) out.line();
		out.pairs(recordPairs(record));
	});
}

/** The ids a fetch did not find: the command fails with exit 1 after printing what it found. */
export function checkFound(ids: readonly string[], found: readonly unknown[]): void {
	const absent = ids.filter((_, i) => found[i] === null || found[i] === undefined);
	if (absent.length === 0) return;
	throw new RefusedError(
		`not found: ${absent
			.slice(0, 10)
			.map((id) => sanitize(id))
			.join(', ')}${absent.length > 10 ? ` and ${absent.length - 10} more` : ''}`,
	);
}
