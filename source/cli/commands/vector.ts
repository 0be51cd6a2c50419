/**
 * `mqtop vector query|fetch|range|delete`: a vector index's data, through its own REST endpoint
 * and tokens as the management API lists them (docs/protocol/vector.md#commands). Reads use the
 * read-only token; a delete acts at once, as `mqtop dlq rm` does, and with --read-only is refused
 * unsent.
 */
import { vectorClients } from '../../api/index-access.js';
import { parseQueryVector } from '../../api/index-query.js';
import type { VectorQuery } from '../../api/index-schemas.js';
import { type FlagSpecs, type ParsedArgs, UsageError } from '../args.js';
import { type CommandContext, type CommandSpec, defineGroup } from '../define.js';
import * as indexData from '../index-data.js';
import { vectorCreateIndex, vectorDeleteIndex, vectorIndexes } from './index-admin.js';
import { vectorTotals } from './index-totals.js';

const indexFlags: FlagSpecs = {
	index: {
		type: 'string',
		value: '<id>',
		description:
			"the vector index's id, any `mqtop vector indexes` lists (default: the local server's dense index)",
	},
	namespace: { type: 'string', value: '<ns>', description: 'the namespace (default: the default one, "")' },
	...indexData.readOnlyFlag,
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

/** The index the flags name, with its clients (no writer with --read-only). */
async function reachVectorIndex(context: CommandContext) {
	const access = await indexData.reachIndex(context, 'vector', 'index');
	return { access, ...vectorClients(access.client, access) };
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
		...indexData.topKFlag,
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
			topK: indexData.topKOf(args),
			...(filter ? { filter } : {}),
			...readOptions(args),
		};
		const { read } = await reachVectorIndex(context);
		indexData.showMatches(out, 'vector query', 'record', await read.queryReading(query, namespaceOf(args)));
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
		const ids = indexData.idsOf(args);
		const { read } = await reachVectorIndex(context);
		const reading = await read.fetchReading(ids, { ...namespaceOf(args), ...readOptions(args) });
		indexData.showFetched(out, 'vector fetch', ids, reading);
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
	flags: { ...indexData.rangeFlags('records'), ...indexFlags, ...includeVectors },
	api: 'management',
	async run(context) {
		const { args, out } = context;
		const range = indexData.rangeOf(args);
		const { read } = await reachVectorIndex(context);
		indexData.showPage(
			out,
			args,
			{
				command: 'mqtop vector range',
				kept: ['index', 'namespace', 'prefix'],
				noun: 'records',
				limit: range.limit,
			},
			await read.rangeReading({ ...range, ...readOptions(args) }, namespaceOf(args)),
		);
		return undefined;
	},
};

export const vectorDelete: CommandSpec = {
	name: 'vector delete',
	summary: 'delete records by id, or every record a metadata filter matches',
	usage: '(<id>... | --filter <expr>)',
	description: [indexData.deleteHelp, indexHelp, 'With --json: {"deleted": n}.'],
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
		const selection = indexData.deleteSelectionOf(args);
		const { access, write } = await reachVectorIndex(context);
		if (!write) indexData.refuseWrite(access, 'the delete was');
		indexData.showDeleted(out, await write.delete(selection, namespaceOf(args)), 'record');
		return undefined;
	},
};

export const vectorCommand = defineGroup(
	'vector',
	"a vector index's data: query, fetch, range, delete; the indexes: list, create, delete, the account's totals",
	[
		vectorQuery,
		vectorFetch,
		vectorRange,
		vectorDelete,
		vectorIndexes,
		vectorCreateIndex,
		vectorDeleteIndex,
		vectorTotals,
	],
);
