/**
 * What `mqtop vector` and `mqtop search` share: which index (the local server's own unless one
 * is named), reaching its data plane with its own URL and tokens (reads with the read-only
 * token; with --read-only nothing else), the flags and their checks, and how each command's
 * answer is shown: the two differ only in what they ask for.
 */
import { type IndexAccess, type IndexKind, readIndexAccess } from '../api/index-access.js';
import { maxPage, maxTopK, parseCount, parseIds } from '../api/index-query.js';
import type { RecordSelection } from '../api/index-schemas.js';
import type { Reading } from '../api/liberal.js';
import { type RecordLike, recordGist, recordPairs, scoreText } from '../format/index-record.js';
import { truncate } from '../format/text.js';
import { sanitize } from '../text/sanitize.js';
import { type FlagSpecs, type ParsedArgs, UsageError } from './args.js';
import type { CommandContext } from './define.js';
import { RefusedError } from './failure.js';
import type { Output } from './output.js';
import { warnIssues } from './reading.js';

/** Characters of content or metadata a table row shows; the detail and --json show all. */
const gistChars = 70;

export const readOnlyFlag: FlagSpecs = {
	'read-only': {
		type: 'boolean',
		description: "use the index's read-only token only: nothing can be written (a delete is refused unsent)",
	},
};

export const topKFlag: FlagSpecs = {
	'top-k': { type: 'string', value: '<n>', description: `matches to return, 1 to ${maxTopK} (default 10)` },
};

/** The flags of a range over `noun` (records, documents). */
export function rangeFlags(noun: string): FlagSpecs {
	return {
		cursor: { type: 'string', value: '<c>', description: 'where to go on, as the previous page said' },
		limit: { type: 'string', value: '<n>', description: `${noun} per page, 1 to ${maxPage} (default 20)` },
		prefix: { type: 'string', value: '<p>', description: 'only ids that start with it' },
	};
}

export const deleteHelp =
	'Nothing is asked: the command acts at once, as `mqtop dlq rm` does. With --read-only it is refused and nothing is sent.';

/** The --top-k flag, 10 when not given. */
export function topKOf(args: ParsedArgs): number {
	return countFlag(args, 'top-k', maxTopK) ?? 10;
}

/** What a range asks for: the cursor, the page's size (20 when not given) and the prefix. */
export function rangeOf(args: ParsedArgs): { cursor: string; limit: number; prefix?: string } {
	const prefix = args.string('prefix');
	return {
		cursor: args.string('cursor') ?? '',
		limit: countFlag(args, 'limit', maxPage) ?? 20,
		...(prefix ? { prefix } : {}),
	};
}

/** What a delete removes: the ids given, or what --filter matches (one of them). */
export function deleteSelectionOf(args: ParsedArgs): RecordSelection | { filter: string } {
	const filter = args.string('filter');
	if (args.positionals.length > 0 === (filter !== undefined))
		throw new UsageError('give ids or --filter <expr>: one of them');
	return filter !== undefined ? { filter } : idsOf(args);
}

/** A query's matches: as they came with --json, else a table best first (`noun`: "record"). */
export function showMatches(
	out: Output,
	operation: string,
	noun: string,
	reading: Reading<RecordLike[]>,
): void {
	warnIssues(out, operation, reading.issues);
	if (out.json) out.document(reading.data);
	else if (reading.data.length === 0) out.line(`no ${noun} matches`);
	else printRecords(out, reading.data, true);
}

/** A fetch's records in full, then exit 1 when an id was not found. */
export function showFetched(
	out: Output,
	operation: string,
	ids: readonly string[],
	reading: Reading<(RecordLike | null)[]>,
): void {
	warnIssues(out, operation, reading.issues);
	if (out.json) out.document(reading.data);
	else
		printDetails(
			out,
			reading.data.filter((record) => record !== null),
		);
	checkFound(ids, reading.data);
}

/** A range's page: as it came with --json, else its records and the command for the next page. */
export function showPage(
	out: Output,
	args: ParsedArgs,
	page: { command: string; kept: readonly string[]; noun: string; limit: number },
	reading: Reading<{ vectors?: RecordLike[]; nextCursor?: string }>,
): void {
	warnIssues(out, page.command.replace(/^mqtop /, ''), reading.issues);
	if (out.json) return void out.document(reading.data);
	printPage(out, args, page, reading.data.vectors ?? [], reading.data.nextCursor);
}

/** How many a delete removed (`noun`: "record"). */
export function showDeleted(out: Output, deleted: number, noun: string): void {
	if (out.json) out.document({ deleted });
	else out.line(`deleted ${deleted} ${noun}${deleted === 1 ? '' : 's'}`);
}

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
