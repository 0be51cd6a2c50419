/**
 * `mqtop search query|fetch|range|delete`: the documents of a search database's indexes, through
 * the database's own REST endpoint and tokens as the management API lists them
 * (docs/protocol/search.md#commands). Reads use the read-only token; a delete acts at once, as
 * `mqtop dlq rm` does, and with --read-only is refused unsent.
 */
import { searchClients } from '../../api/index-access.js';
import { maxPage, maxTopK } from '../../api/index-query.js';
import { type FlagSpecs, type ParsedArgs, UsageError } from '../args.js';
import type { CommandSpec } from '../define.js';
import {
	checkFound,
	countFlag,
	idsOf,
	printDetails,
	printPage,
	printRecords,
	reachIndex,
	readOnlyFlag,
	refuseWrite,
} from '../index-data.js';
import { warnIssues } from '../reading.js';

const databaseFlags: FlagSpecs = {
	database: {
		type: 'string',
		value: '<id>',
		description: "the search database's id (default: the local server's own)",
	},
	index: { type: 'string', value: '<name>', description: 'the index in the database (default: "")' },
	...readOnlyFlag,
};

const databaseHelp =
	'The database is reached at its own REST endpoint with its own tokens, as the management API lists them: reads use its read-only token. With the embedded local server its own database is used unless --database names another.';

const indexOf = (args: ParsedArgs) => args.string('index') ?? '';

export const searchQuery: CommandSpec = {
	name: 'search query',
	summary: 'the documents that best match a text, best first',
	usage: '<text>',
	description: [
		'--filter is the filter of docs/protocol/search.md#filters: a plain path names a field of the content, @metadata. one of the metadata.',
		databaseHelp,
		'With --json: the matches as the service answered them, [{"id", "score", "content", "metadata"?}].',
	],
	examples: [
		'mqtop search query "quick brown fox" --index articles --top-k 5',
		`mqtop search query "berlin" --filter "@metadata.lang = 'de'" --json`,
	],
	arguments: { min: 1, max: Number.MAX_SAFE_INTEGER },
	flags: {
		filter: { type: 'string', value: '<expr>', description: 'a filter, e.g. "year > 2020"' },
		'top-k': { type: 'string', value: '<n>', description: `matches to return, 1 to ${maxTopK} (default 10)` },
		...databaseFlags,
	},
	api: 'management',
	async run(context) {
		const { args, out } = context;
		const query = args.positionals.join(' ');
		if (query.trim() === '') throw new UsageError('the query text is empty');
		const filter = args.string('filter');
		const topK = countFlag(args, 'top-k', maxTopK) ?? 10;
		const access = await reachIndex(context, 'search', 'database');
		const { read } = searchClients(access.client, access);
		const { data: matches, issues } = await read.searchReading(indexOf(args), {
			query,
			topK,
			...(filter ? { filter } : {}),
		});
		warnIssues(out, 'search query', issues);
		if (out.json) out.document(matches);
		else if (matches.length === 0) out.line('no document matches');
		else printRecords(out, matches, true);
		return undefined;
	},
};

export const searchFetch: CommandSpec = {
	name: 'search fetch',
	summary: 'documents by id, every field',
	usage: '<id>...',
	description: [
		databaseHelp,
		'Exits 1 when an id is not found, after printing the others. With --json: the documents in the order asked, null for an id not found.',
	],
	examples: ['mqtop search fetch article-1 article-2 --index articles'],
	arguments: { min: 1, max: Number.MAX_SAFE_INTEGER },
	flags: databaseFlags,
	api: 'management',
	async run(context) {
		const { args, out } = context;
		const ids = idsOf(args);
		const access = await reachIndex(context, 'search', 'database');
		const { read } = searchClients(access.client, access);
		const { data: documents, issues } = await read.fetchReading(indexOf(args), ids);
		warnIssues(out, 'search fetch', issues);
		if (out.json) out.document(documents);
		else
			printDetails(
				out,
				documents.filter((d) => d !== null),
			);
		checkFound(ids, documents);
		return undefined;
	},
};

export const searchRange: CommandSpec = {
	name: 'search range',
	summary: 'the documents of an index, one page at a time',
	usage: '',
	description: [
		databaseHelp,
		'Prints the command for the next page while there is one. With --json: {"nextCursor", "vectors"} (the documents, under the name the service gives them); nextCursor is "" at the end.',
	],
	examples: ['mqtop search range --index articles --limit 50'],
	arguments: { min: 0, max: 0 },
	flags: {
		cursor: { type: 'string', value: '<c>', description: 'where to go on, as the previous page said' },
		limit: { type: 'string', value: '<n>', description: `documents per page, 1 to ${maxPage} (default 20)` },
		prefix: { type: 'string', value: '<p>', description: 'only ids that start with it' },
		...databaseFlags,
	},
	api: 'management',
	async run(context) {
		const { args, out } = context;
		const limit = countFlag(args, 'limit', maxPage) ?? 20;
		const prefix = args.string('prefix');
		const access = await reachIndex(context, 'search', 'database');
		const { read } = searchClients(access.client, access);
		const { data: page, issues } = await read.rangeReading(indexOf(args), {
			cursor: args.string('cursor') ?? '',
			limit,
			...(prefix ? { prefix } : {}),
		});
		warnIssues(out, 'search range', issues);
		if (out.json) return void out.document(page);
		printPage(
			out,
			args,
			{ command: 'mqtop search range', kept: ['database', 'index', 'prefix'], noun: 'documents', limit },
			page.vectors ?? [],
			page.nextCursor,
		);
		return undefined;
	},
};

export const searchDelete: CommandSpec = {
	name: 'search delete',
	summary: 'delete documents by id, or every document a filter matches',
	usage: '(<id>... | --filter <expr>)',
	description: [
		'Nothing is asked: the command acts at once, as `mqtop dlq rm` does. With --read-only it is refused and nothing is sent.',
		databaseHelp,
		'With --json: {"deleted": n}.',
	],
	examples: ['mqtop search delete article-1 --index articles', `mqtop search delete --filter "year < 2000"`],
	arguments: { min: 0, max: Number.MAX_SAFE_INTEGER },
	flags: {
		filter: { type: 'string', value: '<expr>', description: 'delete every document the filter matches' },
		...databaseFlags,
	},
	api: 'management',
	async run(context) {
		const { args, out } = context;
		const filter = args.string('filter');
		if (args.positionals.length > 0 === (filter !== undefined))
			throw new UsageError('give ids or --filter <expr>: one of them');
		const selection = filter !== undefined ? { filter } : idsOf(args);
		const access = await reachIndex(context, 'search', 'database');
		const { write } = searchClients(access.client, access);
		if (!write) refuseWrite(access, 'the delete was');
		const deleted = await write.delete(indexOf(args), selection);
		if (out.json) out.document({ deleted });
		else out.line(`deleted ${deleted} document${deleted === 1 ? '' : 's'}`);
		return undefined;
	},
};
