/**
 * `mqtop search query|fetch|range|delete`: the documents of a search database's indexes, through
 * the database's own REST endpoint and tokens as the management API lists them
 * (docs/protocol/search.md#commands). Reads use the read-only token; a delete acts at once, as
 * `mqtop dlq rm` does, and with --read-only is refused unsent.
 */
import { searchClients } from '../../api/index-access.js';
import { type FlagSpecs, type ParsedArgs, UsageError } from '../args.js';
import type { CommandContext, CommandSpec } from '../define.js';
import * as indexData from '../index-data.js';

const databaseFlags: FlagSpecs = {
	database: {
		type: 'string',
		value: '<id>',
		description: "the search database's id (default: the local server's own)",
	},
	index: { type: 'string', value: '<name>', description: 'the index in the database (default: "")' },
	...indexData.readOnlyFlag,
};

const databaseHelp =
	'The database is reached at its own REST endpoint with its own tokens, as the management API lists them: reads use its read-only token. With the embedded local server its own database is used unless --database names another.';

const indexOf = (args: ParsedArgs) => args.string('index') ?? '';

/** The database the flags name, with its clients (no writer with --read-only). */
async function reachDatabase(context: CommandContext) {
	const access = await indexData.reachIndex(context, 'search', 'database');
	return { access, ...searchClients(access.client, access) };
}

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
		...indexData.topKFlag,
		...databaseFlags,
	},
	api: 'management',
	async run(context) {
		const { args, out } = context;
		const query = args.positionals.join(' ');
		if (query.trim() === '') throw new UsageError('the query text is empty');
		const filter = args.string('filter');
		const topK = indexData.topKOf(args);
		const { read } = await reachDatabase(context);
		const reading = await read.searchReading(indexOf(args), { query, topK, ...(filter ? { filter } : {}) });
		indexData.showMatches(out, 'search query', 'document', reading);
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
		const ids = indexData.idsOf(args);
		const { read } = await reachDatabase(context);
		indexData.showFetched(out, 'search fetch', ids, await read.fetchReading(indexOf(args), ids));
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
	flags: { ...indexData.rangeFlags('documents'), ...databaseFlags },
	api: 'management',
	async run(context) {
		const { args, out } = context;
		const range = indexData.rangeOf(args);
		const { read } = await reachDatabase(context);
		indexData.showPage(
			out,
			args,
			{
				command: 'mqtop search range',
				kept: ['database', 'index', 'prefix'],
				noun: 'documents',
				limit: range.limit,
			},
			await read.rangeReading(indexOf(args), range),
		);
		return undefined;
	},
};

export const searchDelete: CommandSpec = {
	name: 'search delete',
	summary: 'delete documents by id, or every document a filter matches',
	usage: '(<id>... | --filter <expr>)',
	description: [indexData.deleteHelp, databaseHelp, 'With --json: {"deleted": n}.'],
	examples: ['mqtop search delete article-1 --index articles', `mqtop search delete --filter "year < 2000"`],
	arguments: { min: 0, max: Number.MAX_SAFE_INTEGER },
	flags: {
		filter: { type: 'string', value: '<expr>', description: 'delete every document the filter matches' },
		...databaseFlags,
	},
	api: 'management',
	async run(context) {
		const { args, out } = context;
		const selection = indexData.deleteSelectionOf(args);
		const { access, write } = await reachDatabase(context);
		if (!write) indexData.refuseWrite(access, 'the delete was');
		indexData.showDeleted(out, await write.delete(indexOf(args), selection), 'document');
		return undefined;
	},
};
