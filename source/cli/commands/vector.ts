/**
 * `mqtop vector query|fetch|range|delete`: a vector index's data, through its own REST endpoint
 * and tokens as the management API lists them (docs/protocol/vector.md#commands). Reads use the
 * read-only token; a delete acts at once, as `mqtop dlq rm` does, and with --read-only is refused
 * unsent.
 */
import { vectorClients } from '../../api/index-access.js';
import { maxPage, maxTopK, parseQueryVector } from '../../api/index-query.js';
import type { VectorQuery } from '../../api/index-schemas.js';
import { type FlagSpecs, type ParsedArgs, UsageError } from '../args.js';
import { type CommandSpec, defineGroup } from '../define.js';
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
import { vectorCreateIndex, vectorDeleteIndex, vectorIndexes } from './index-admin.js';

const indexFlags: FlagSpecs = {
	index: {
		type: 'string',
		value: '<id>',
		description:
			"the vector index's id, any `mqtop vector indexes` lists (default: the local server's dense index)",
	},
	namespace: { type: 'string', value: '<ns>', description: 'the namespace (default: the default one, "")' },
	...readOnlyFlag,
};

const includeVectors: FlagSpecs = {
	'include-vectors': {
		type: 'boolean',
		description: 'also print the vectors (metadata and data always are)',
	},
};

const indexHelp =
	'The index is reached at its own REST endpoint with its own tokens, as the management API lists them: reads use its read-only token. With the embedded local server its dense index is used unless --index names another (the Vector pane lists its sparse and hybrid ones).';

function namespaceOf(args: ParsedArgs): { namespace?: string } {
	const namespace = args.string('namespace');
	return namespace ? { namespace } : {};
}

function readOptions(args: ParsedArgs) {
	return { includeMetadata: true, includeData: true, includeVectors: args.boolean('include-vectors') };
}

export const vectorQuery: CommandSpec = {
	name: 'vector query',
	summary: 'the records nearest to a text (embedded by the index) or to a vector, best first',
	usage: '(--data <text> | --vector <json>)',
	description: [
		'--vector takes a dense vector as a JSON list, or a sparse one as {"indices": [...], "values": [...]}. --filter is the metadata filter of docs/protocol/vector.md#filters.',
		indexHelp,
		'With --json: the matches as the service answered them, [{"id", "score", "metadata"?, "data"?, "vector"?}].',
	],
	examples: [
		'mqtop vector query --data "a warm city by the sea" --top-k 5',
		`mqtop vector query --vector '[0.1, 0.5, 0.2]' --filter "genre = 'sci-fi'" --namespace books --json`,
	],
	arguments: { min: 0, max: 0 },
	flags: {
		data: { type: 'string', value: '<text>', description: 'text to query by, embedded by the index' },
		vector: { type: 'string', value: '<json>', description: 'a vector to query by, as JSON' },
		filter: { type: 'string', value: '<expr>', description: 'a metadata filter, e.g. "price < 10"' },
		'top-k': { type: 'string', value: '<n>', description: `matches to return, 1 to ${maxTopK} (default 10)` },
		...indexFlags,
		...includeVectors,
	},
	api: 'management',
	async run(context) {
		const { args, out } = context;
		const data = args.string('data');
		const vectorText = args.string('vector');
		if ((data === undefined) === (vectorText === undefined))
			throw new UsageError('give --data <text> or --vector <json>: one of them');
		let vector: ReturnType<typeof parseQueryVector> | undefined;
		try {
			vector = vectorText === undefined ? undefined : parseQueryVector(vectorText);
		} catch (error) {
			throw new UsageError(`--vector: ${(error as Error).message}`);
		}
		const filter = args.string('filter');
		const query: VectorQuery = {
			...(vector ?? { data }),
			topK: countFlag(args, 'top-k', maxTopK) ?? 10,
			...(filter ? { filter } : {}),
			...readOptions(args),
		};
		const access = await reachIndex(context, 'vector', 'index');
		const { read } = vectorClients(access.client, access);
		const { data: matches, issues } = await read.queryReading(query, namespaceOf(args));
		warnIssues(out, 'vector query', issues);
		if (out.json) out.document(matches);
		else if (matches.length === 0) out.line('no record matches');
		else printRecords(out, matches, true);
		return undefined;
	},
};

export const vectorFetch: CommandSpec = {
	name: 'vector fetch',
	summary: 'records by id, every field',
	usage: '<id>...',
	description: [
		indexHelp,
		'Exits 1 when an id is not found, after printing the others. With --json: the records in the order asked, null for an id not found.',
	],
	examples: ['mqtop vector fetch doc-1 doc-2 --namespace books'],
	arguments: { min: 1, max: Number.MAX_SAFE_INTEGER },
	flags: { ...indexFlags, ...includeVectors },
	api: 'management',
	async run(context) {
		const { args, out } = context;
		const ids = idsOf(args);
		const access = await reachIndex(context, 'vector', 'index');
		const { read } = vectorClients(access.client, access);
		const { data: records, issues } = await read.fetchReading(ids, {
			...namespaceOf(args),
			...readOptions(args),
		});
		warnIssues(out, 'vector fetch', issues);
		if (out.json) out.document(records);
		else
			printDetails(
				out,
				records.filter((r) => r !== null),
			);
		checkFound(ids, records);
		return undefined;
	},
};

export const vectorRange: CommandSpec = {
	name: 'vector range',
	summary: 'the records of a namespace, one page at a time',
	usage: '',
	description: [
		indexHelp,
		'Prints the command for the next page while there is one. With --json: {"nextCursor", "vectors"}; nextCursor is "" at the end.',
	],
	examples: ['mqtop vector range --limit 50', 'mqtop vector range --namespace books --cursor 50'],
	arguments: { min: 0, max: 0 },
	flags: {
		cursor: { type: 'string', value: '<c>', description: 'where to go on, as the previous page said' },
		limit: { type: 'string', value: '<n>', description: `records per page, 1 to ${maxPage} (default 20)` },
		prefix: { type: 'string', value: '<p>', description: 'only ids that start with it' },
		...indexFlags,
		...includeVectors,
	},
	api: 'management',
	async run(context) {
		const { args, out } = context;
		const limit = countFlag(args, 'limit', maxPage) ?? 20;
		const prefix = args.string('prefix');
		const access = await reachIndex(context, 'vector', 'index');
		const { read } = vectorClients(access.client, access);
		const { data: page, issues } = await read.rangeReading(
			{ cursor: args.string('cursor') ?? '', limit, ...(prefix ? { prefix } : {}), ...readOptions(args) },
			namespaceOf(args),
		);
		warnIssues(out, 'vector range', issues);
		if (out.json) return void out.document(page);
		printPage(
			out,
			args,
			{ command: 'mqtop vector range', kept: ['index', 'namespace', 'prefix'], noun: 'records', limit },
			page.vectors ?? [],
			page.nextCursor,
		);
		return undefined;
	},
};

export const vectorDelete: CommandSpec = {
	name: 'vector delete',
	summary: 'delete records by id, or every record a metadata filter matches',
	usage: '(<id>... | --filter <expr>)',
	description: [
		'Nothing is asked: the command acts at once, as `mqtop dlq rm` does. With --read-only it is refused and nothing is sent.',
		indexHelp,
		'With --json: {"deleted": n}.',
	],
	examples: [
		'mqtop vector delete doc-1 doc-2',
		`mqtop vector delete --filter "year < 2000" --namespace books`,
	],
	arguments: { min: 0, max: Number.MAX_SAFE_INTEGER },
	flags: {
		filter: { type: 'string', value: '<expr>', description: 'delete every record whose metadata matches' },
		...indexFlags,
	},
	api: 'management',
	async run(context) {
		const { args, out } = context;
		const filter = args.string('filter');
		if (args.positionals.length > 0 === (filter !== undefined))
			throw new UsageError('give ids or --filter <expr>: one of them');
		const selection = filter !== undefined ? { filter } : idsOf(args);
		const access = await reachIndex(context, 'vector', 'index');
		const { write } = vectorClients(access.client, access);
		if (!write) refuseWrite(access, 'the delete was');
		const deleted = await write.delete(selection, namespaceOf(args));
		if (out.json) out.document({ deleted });
		else out.line(`deleted ${deleted} record${deleted === 1 ? '' : 's'}`);
		return undefined;
	},
};

export const vectorCommand = defineGroup(
	'vector',
	"a vector index's data: query, fetch, range, delete; the indexes: list, create, delete",
	[vectorQuery, vectorFetch, vectorRange, vectorDelete, vectorIndexes, vectorCreateIndex, vectorDeleteIndex],
);
