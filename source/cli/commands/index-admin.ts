/**
 * `mqtop vector indexes|create-index|delete-index` and `mqtop search indexes|create-index|delete-index`:
 * every index of the account as the management API lists it (not only the local server's own),
 * and making or deleting one (docs/protocol/vector.md#making-indexes). A delete acts at once, as
 * `mqtop dlq rm` does. The tokens are masked unless --reveal.
 */

import type { IndexKind } from '../../api/index-access.js';
import {
	createSearchIndex,
	createVectorIndex,
	deleteIndex,
	type SimilarityName,
	similarityNames,
	type VectorIndexType,
} from '../../api/index-admin.js';
import { vectorIndexTypes } from '../../api/schemas.js';
import { orMissing, text } from '../../format/missing.js';
import { formatUnixSeconds } from '../../format/time.js';
import { sanitize } from '../../text/sanitize.js';
import { type ParsedArgs, UsageError } from '../args.js';
import { nameArgument } from '../common.js';
import type { CommandSpec } from '../define.js';
import { maskFields } from '../mask-fields.js';
import { warnIssues } from '../reading.js';

const secretFields = ['token', 'read_only_token'] as const;
const nouns: Record<IndexKind, string> = { vector: 'vector index', search: 'search database' };
/** The flag that names the index in the data commands (`--index` of search names an index inside a database). */
const selector: Record<IndexKind, string> = { vector: '--index', search: '--database' };

interface Listed {
	id?: string | undefined;
	name?: string | undefined;
	region?: string | undefined;
	endpoint?: string | undefined;
	creation_time?: number | undefined;
	index_type?: string | undefined;
	dimension_count?: number | undefined;
	similarity_function?: string | undefined;
	token?: string | undefined;
	read_only_token?: string | undefined;
}

function listCommand(kind: IndexKind): CommandSpec {
	return {
		name: `${kind} indexes`,
		summary: `every ${nouns[kind]} of the account, as the management API lists them`,
		usage: '',
		description: [
			`Any of them can be named with ${selector[kind]} <id> by the other \`mqtop ${kind}\` commands. With --json: the resources as the service answered them, tokens masked unless --reveal.`,
		],
		examples: [`mqtop ${kind} indexes`, `mqtop ${kind} indexes --json | jq -r ".[].id"`],
		arguments: { min: 0, max: 0 },
		api: 'management',
		secrets: true,
		async run({ out, connect, reveal }) {
			const { client } = await connect();
			const reading =
				kind === 'vector' ? await client.management.vectorIndexes() : await client.management.searchIndexes();
			warnIssues(out, `${kind} indexes`, reading.issues);
			const indexes = (reading.data as Listed[]).map((index) => maskFields(index, secretFields, reveal));
			if (out.json) return void out.document(indexes);
			if (indexes.length === 0) return void out.line(`no ${nouns[kind]}`);
			out.table(
				[
					{ header: 'id' },
					{ header: 'name' },
					...(kind === 'vector'
						? [{ header: 'type' }, { header: 'dimension', align: 'right' as const }, { header: 'similarity' }]
						: []),
					{ header: 'region' },
					{ header: 'created' },
				],
				indexes.map((index) => [
					text(index.id),
					text(index.name),
					...(kind === 'vector'
						? [
								text(index.index_type),
								orMissing(index.dimension_count, String),
								text(index.similarity_function),
							]
						: []),
					text(index.region),
					orMissing(index.creation_time, formatUnixSeconds),
				]),
			);
			return undefined;
		},
	};
}

function choice<T extends string>(args: ParsedArgs, flag: string, allowed: readonly T[], fallback: T): T {
	const given = args.string(flag);
	if (given === undefined) return fallback;
	const upper = given.toUpperCase();
	const found = allowed.find((option) => option.toUpperCase() === upper);
	if (!found)
		throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}, got ${JSON.stringify(given)}`);
	return found;
}

function dimensionOf(args: ParsedArgs): number | undefined {
	const given = args.string('dimension');
	if (given === undefined) return undefined;
	if (!/^\d+$/.test(given) || Number(given) < 1)
		throw new UsageError(`--dimension must be a whole number from 1, got ${JSON.stringify(given)}`);
	return Number(given);
}

function printMade(out: Parameters<CommandSpec['run']>[0]['out'], kind: IndexKind, index: Listed): void {
	out.line(`created ${nouns[kind]} ${sanitize(index.name ?? '')} (${sanitize(index.id ?? '')})`);
	if (index.endpoint) out.line(`endpoint: ${sanitize(index.endpoint)}`);
	out.line(`use it: mqtop ${kind} query ${selector[kind]} ${sanitize(index.id ?? '')} ...`);
}

export const vectorCreateIndex: CommandSpec = {
	name: 'vector create-index',
	summary: 'make a vector index: dense, sparse or hybrid',
	usage: '<name>',
	description: [
		'A dense or hybrid index needs --dimension, unless --embedding-model gives it (BGE_SMALL_EN_V1_5 makes 384). A sparse index has none.',
		'With --json: the new index as the service answered it, tokens masked unless --reveal.',
	],
	examples: [
		'mqtop vector create-index docs --dimension 384',
		'mqtop vector create-index tiny-hybrid --type hybrid --dimension 2 --sparse-model BM25 --json',
	],
	arguments: { min: 1, max: 1 },
	flags: {
		type: { type: 'string', value: '<t>', description: 'dense (the default), sparse or hybrid' },
		dimension: { type: 'string', value: '<n>', description: 'dimensions of a dense or hybrid index' },
		similarity: {
			type: 'string',
			value: '<f>',
			description: `${similarityNames.join(', ')} (default COSINE)`,
		},
		region: { type: 'string', value: '<r>', description: 'where it says it runs (default us-east-1)' },
		'embedding-model': {
			type: 'string',
			value: '<m>',
			description: 'the dense embedding model, e.g. BGE_SMALL_EN_V1_5',
		},
		'sparse-model': {
			type: 'string',
			value: '<m>',
			description: 'the sparse embedding model: BM25 or BGE_M3',
		},
	},
	api: 'management',
	secrets: true,
	async run({ args, out, connect, reveal }) {
		const name = nameArgument(args, 'name');
		const type = choice<VectorIndexType>(args, 'type', vectorIndexTypes, 'DENSE');
		const similarity = choice<SimilarityName>(args, 'similarity', similarityNames, 'COSINE');
		const dimension = dimensionOf(args);
		const embeddingModel = args.string('embedding-model');
		if (type !== 'SPARSE' && dimension === undefined && embeddingModel === undefined)
			throw new UsageError(`a ${type.toLowerCase()} index needs --dimension <n> (or --embedding-model)`);
		const { client } = await connect();
		const reading = await createVectorIndex(client, {
			name,
			region: args.string('region') ?? 'us-east-1',
			similarity,
			type,
			dimension,
			embeddingModel,
			sparseEmbeddingModel: args.string('sparse-model'),
		});
		warnIssues(out, 'vector create-index', reading.issues);
		const index = maskFields(reading.data as Listed, secretFields, reveal);
		if (out.json) return void out.document(index);
		printMade(out, 'vector', index);
		return undefined;
	},
};

export const searchCreateIndex: CommandSpec = {
	name: 'search create-index',
	summary: 'make a search database',
	usage: '<name>',
	description: ['With --json: the new database as the service answered it, tokens masked unless --reveal.'],
	examples: ['mqtop search create-index docs', 'mqtop search create-index docs --region eu-west-1 --json'],
	arguments: { min: 1, max: 1 },
	flags: {
		region: { type: 'string', value: '<r>', description: 'eu-west-1 or us-central1 (the default)' },
	},
	api: 'management',
	secrets: true,
	async run({ args, out, connect, reveal }) {
		const name = nameArgument(args, 'name');
		const { client } = await connect();
		const reading = await createSearchIndex(client, { name, region: args.string('region') ?? 'us-central1' });
		warnIssues(out, 'search create-index', reading.issues);
		const index = maskFields(reading.data as Listed, secretFields, reveal);
		if (out.json) return void out.document(index);
		printMade(out, 'search', index);
		return undefined;
	},
};

function deleteCommand(kind: IndexKind): CommandSpec {
	return {
		name: `${kind} delete-index`,
		summary: `delete a ${nouns[kind]} and everything in it`,
		usage: '<id>',
		description: [
			'Nothing is asked: the command acts at once, as `mqtop dlq rm` does. The indexes the local server made at start cannot be deleted (it answers 403).',
			'With --json: {"deleted": "<id>"}.',
		],
		examples: [`mqtop ${kind} delete-index 0639864f-ece6-429c-8118-86a287b0e808`],
		arguments: { min: 1, max: 1 },
		api: 'management',
		async run({ args, out, connect }) {
			const id = nameArgument(args, 'id');
			const { client } = await connect();
			await deleteIndex(client, kind, id);
			if (out.json) out.document({ deleted: id });
			else out.line(`deleted ${nouns[kind]} ${sanitize(id)}`);
			return undefined;
		},
	};
}

export const vectorIndexes = listCommand('vector');
export const searchIndexes = listCommand('search');
export const vectorDeleteIndex = deleteCommand('vector');
export const searchDeleteIndex = deleteCommand('search');
