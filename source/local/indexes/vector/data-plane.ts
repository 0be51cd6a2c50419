/**
 * The vector index data plane, command by command, as the vendor documents it and its SDK
 * sends it (every command by POST; a namespace as the last path segment, the default "" when
 * there is none). Request checks here, the work in database.ts, store.ts and resumable.ts.
 * Shapes of requests and answers are listed in source/api/index-schemas.ts.
 *
 * Statistics, as the deployed service counts them: each query of a request (a batch counts
 * each), fetch, range and each resumable batch count as one query; upserts and deletes count
 * the records they wrote or removed, update, reset and delete-namespace one update; info,
 * list-namespaces and resumable-query-end are not counted.
 */

import { setImmediate } from 'node:timers/promises';
import {
	type DataPlaneOperation,
	listBody,
	type OperationCall,
	sharedOperations,
	timed,
} from '../common/data-plane.js';
import { EngineError } from '../common/engine-error.js';
import { checkBatch, checkData, checkId, checkMetadata } from '../common/records.js';
import { filterOf, flag, object, oneOf, text } from '../common/requests.js';
import type { VectorDatabase } from './database.js';
import { type FusionAlgorithm, fusionAlgorithms } from './fusion.js';
import type { ResumableQueries } from './resumable.js';
import type {
	MetadataUpdateMode,
	QueryMatch,
	QueryRequest,
	ReadOptions,
	VectorInput,
	VectorStore,
} from './store.js';

export interface VectorEngine {
	database: VectorDatabase;
	resumable: ResumableQueries;
}

type Call = OperationCall<VectorEngine>;

const queryModes = ['HYBRID', 'DENSE', 'SPARSE'] as const;

function readOptions(call: Call, body: Record<string, unknown>, what: string): ReadOptions {
	return {
		includeVectors: flag(body, 'includeVectors', what),
		includeMetadata: flag(body, 'includeMetadata', what),
		includeData: flag(body, 'includeData', what),
		budget: call.answer,
	};
}

function namespaceOf(call: Call): string {
	return call.namespace ?? '';
}

/** Upsert's records, text embedded where a record has data and no vectors. */
async function upsertRecords(call: Call, dataOnly: boolean): Promise<VectorInput[]> {
	const what = dataOnly ? 'upsert-data' : 'upsert';
	const { database } = call.engine;
	const records = listBody(call.body);
	checkBatch(records.length, 'vectors');
	// Every record is checked before any text is embedded: a bad one refuses the batch cheaply.
	const out = records.map((item, i): VectorInput => {
		const where = `${what}: vectors[${i}]`;
		const record = object(item, where);
		const id = checkId(record.id, where);
		const data = checkData(text(record.data, 'data', where), where);
		const hasVectors = record.vector != null || record.sparseVector != null;
		if (dataOnly && hasVectors)
			throw new EngineError(
				'invalid',
				`${where}: upsert-data takes data to embed, not vectors; send vectors to upsert`,
			);
		if (dataOnly && data === undefined)
			throw new EngineError('invalid', `${where}: upsert-data needs data, the text to embed`);
		return {
			id,
			vector: record.vector,
			sparseVector: record.sparseVector,
			metadata: checkMetadata(record.metadata, where),
			data,
		};
	});
	let embedMs = 0;
	for (const [i, input] of out.entries()) {
		const { data } = input;
		if (input.vector != null || input.sparseVector != null || data === undefined) continue;
		// A megabyte of text takes a while to embed: other requests run between records.
		if (embedMs > 0) await setImmediate();
		Object.assign(
			input,
			timed(
				(ms) => {
					embedMs += ms;
				},
				() => database.embedDocument(data, `${what}: vectors[${i}].data`),
			),
		);
	}
	if (embedMs > 0) call.embedded(embedMs);
	return out;
}

/** One query of a request, text embedded when it has data. */
function queryRequest(call: Call, item: unknown, where: string, dataOnly: boolean): QueryRequest {
	const body = object(item, where);
	const data = text(body.data, 'data', where);
	const mode = oneOf(body.queryMode, queryModes, 'queryMode', where);
	if (dataOnly && data === undefined)
		throw new EngineError('invalid', `${where}: needs data, the text to query with`);
	if (data !== undefined && (body.vector != null || body.sparseVector != null))
		throw new EngineError('invalid', `${where}: query with data or with vectors, not both`);
	const topK = body.topK ?? 10;
	checkData(data, where);
	const filter = filterOf(body.filter, where);
	let vectors: { vector?: unknown; sparseVector?: unknown } = {
		vector: body.vector,
		sparseVector: body.sparseVector,
	};
	if (data !== undefined)
		vectors = timed(
			(ms) => call.embedded(ms),
			() => call.engine.database.embedQuery(data, mode ?? 'HYBRID', `${where}: data`),
		);
	else if (mode === 'DENSE') vectors = { vector: body.vector };
	else if (mode === 'SPARSE') vectors = { sparseVector: body.sparseVector };
	return {
		...vectors,
		topK: topK as number,
		filter,
		weightingStrategy: oneOf(body.weightingStrategy, ['IDF'] as const, 'weightingStrategy', where),
		fusionAlgorithm: oneOf<FusionAlgorithm>(body.fusionAlgorithm, fusionAlgorithms, 'fusionAlgorithm', where),
		...readOptions(call, body, where),
	};
}

function query(call: Call, dataOnly: boolean): unknown {
	const what = dataOnly ? 'query-data' : 'query';
	const store = call.engine.database.reading(namespaceOf(call));
	if (Array.isArray(call.body)) {
		if (call.body.length === 0) throw new EngineError('invalid', `${what}: a batch needs at least one query`);
		checkBatch(call.body.length, 'queries');
		// Sizes first, before any text of the batch is embedded.
		call.body.forEach((item, i) => {
			const where = `${what}[${i}]`;
			checkData(text(object(item, where).data, 'data', where), where);
		});
		const items = call.body;
		return (async () => {
			const results: QueryMatch[][] = [];
			for (const [i, item] of items.entries()) {
				// One query at a time: deliveries and other requests run between them.
				if (i > 0) await setImmediate();
				results.push(store.query(queryRequest(call, item, `${what}[${i}]`, dataOnly)));
			}
			call.count('query', results.length);
			// A batch of one is answered as a single query, as the deployed service does.
			return results.length === 1 ? results[0] : results;
		})();
	}
	const result = store.query(queryRequest(call, call.body, what, dataOnly));
	call.count('query', 1);
	return result;
}

function startResumable(call: Call, dataOnly: boolean): unknown {
	const what = dataOnly ? 'resumable-query-data' : 'resumable-query';
	const body = object(call.body, what);
	const { database, resumable } = call.engine;
	const store: VectorStore = database.reading(namespaceOf(call));
	const result = resumable.start(store, queryRequest(call, body, what, dataOnly), body.maxIdle, call.caller);
	call.count('query', 1);
	return result;
}

/** `upsert` (vectors given) and `upsert-data` (text, embedded here): the same but for the reading. */
function upsertOperation(command: string, withData: boolean): DataPlaneOperation<VectorEngine> {
	return {
		command,
		methods: ['POST'],
		namespaced: true,
		access: 'write',
		async run(call) {
			const records = await upsertRecords(call, withData);
			call.engine.database.upsert(namespaceOf(call), records);
			call.count('update', records.length);
			return 'Success';
		},
	};
}

export const vectorOperations: DataPlaneOperation<VectorEngine>[] = [
	upsertOperation('upsert', false),
	upsertOperation('upsert-data', true),
	{
		command: 'update',
		methods: ['POST'],
		namespaced: true,
		access: 'write',
		run(call) {
			const what = 'update';
			const body = object(call.body, what);
			const id = checkId(body.id, what);
			const data = checkData(text(body.data, 'data', what), what);
			const { database } = call.engine;
			let vectors: { vector?: unknown; sparseVector?: unknown } = {
				vector: body.vector,
				sparseVector: body.sparseVector,
			};
			if (data !== undefined && body.vector == null && body.sparseVector == null)
				vectors = timed(
					(ms) => call.embedded(ms),
					() => database.embedDocument(data, `${what}: data`),
				);
			const store = database.namespace(namespaceOf(call));
			const updated =
				store?.update({
					id,
					...vectors,
					data,
					metadata: body.metadata as Record<string, unknown> | undefined,
					metadataUpdateMode: oneOf<MetadataUpdateMode>(
						body.metadataUpdateMode,
						['OVERWRITE', 'PATCH'],
						'metadataUpdateMode',
						what,
					),
				}) ?? 0;
			call.count('update', 1);
			return { updated };
		},
	},
	{
		command: 'query',
		methods: ['POST'],
		namespaced: true,
		access: 'read',
		run: (call) => query(call, false),
	},
	{
		command: 'query-data',
		methods: ['POST'],
		namespaced: true,
		access: 'read',
		run: (call) => query(call, true),
	},
	{
		command: 'resumable-query',
		methods: ['POST'],
		namespaced: true,
		access: 'read',
		run: (call) => startResumable(call, false),
	},
	{
		command: 'resumable-query-data',
		methods: ['POST'],
		namespaced: true,
		access: 'read',
		run: (call) => startResumable(call, true),
	},
	{
		command: 'resumable-query-next',
		methods: ['POST'],
		namespaced: false,
		access: 'read',
		run(call) {
			const body = object(call.body, 'resumable-query-next');
			const result = call.engine.resumable.next(body.uuid, body.additionalK, call.answer);
			call.count('query', 1);
			return result;
		},
	},
	{
		command: 'resumable-query-end',
		methods: ['POST'],
		namespaced: false,
		access: 'read',
		run(call) {
			call.engine.resumable.end(object(call.body, 'resumable-query-end').uuid);
			return 'Success';
		},
	},
	...sharedOperations<VectorEngine>({
		host: (engine) => engine.database,
		noun: 'namespace',
		fetch(call, chosen, options, what) {
			const store = call.engine.database.reading(namespaceOf(call));
			const read = readOptions(call, options, what);
			return 'ids' in chosen ? store.fetch(chosen.ids, read) : store.fetchPrefix(chosen.prefix, read);
		},
		range: (call, asked, body, what) =>
			call.engine.database.reading(namespaceOf(call)).range({ ...asked, ...readOptions(call, body, what) }),
		deleting: (call) => call.engine.database.namespace(namespaceOf(call)),
		deleteCount: (deleted) => deleted,
	}),
];
