/**
 * The vector index data plane: request shapes checked with zod, then the store. Paths and
 * answers are listed in source/api/index-schemas.ts.
 */
import { z } from 'zod';
import type { DataPlaneOperation } from '../index-common/data-plane.js';
import { parseRequest } from '../index-common/data-plane.js';
import type { VectorStore } from './store.js';

const Metadata = z.record(z.string(), z.unknown());
const Id = z.string();
const Ids = z.array(Id);
const Record = z.object({ id: Id, vector: z.array(z.number()), metadata: Metadata.optional() });
const ReadOptions = { includeVectors: z.boolean().optional(), includeMetadata: z.boolean().optional() };

const UpsertBody = z.union([Record, z.array(Record)]);
const QueryBody = z.object({ vector: z.array(z.number()), topK: z.number().default(10), ...ReadOptions });
const FetchBody = z.union([Ids, z.object({ ids: Ids, ...ReadOptions })]);
const DeleteBody = z.union([Id, Ids, z.object({ ids: Ids })]);
const RangeBody = z.object({
	cursor: z.union([z.string(), z.number()]).optional(),
	limit: z.number(),
	...ReadOptions,
});

export const vectorOperations: DataPlaneOperation<VectorStore>[] = [
	{
		method: 'POST',
		path: '/upsert',
		access: 'write',
		counts: 'update',
		takesBody: true,
		run(store, body) {
			const records = parseRequest(UpsertBody, body, 'upsert');
			store.upsert(Array.isArray(records) ? records : [records]);
			return 'Success';
		},
	},
	{
		method: 'POST',
		path: '/query',
		access: 'read',
		counts: 'query',
		takesBody: true,
		run: (store, body) => store.query(parseRequest(QueryBody, body, 'query')),
	},
	{
		method: 'POST',
		path: '/fetch',
		access: 'read',
		counts: 'query',
		takesBody: true,
		run(store, body) {
			const request = parseRequest(FetchBody, body, 'fetch');
			return Array.isArray(request) ? store.fetch(request) : store.fetch(request.ids, request);
		},
	},
	{
		method: 'POST',
		path: '/delete',
		access: 'write',
		counts: 'update',
		takesBody: true,
		run(store, body) {
			const request = parseRequest(DeleteBody, body, 'delete');
			const ids = typeof request === 'string' ? [request] : Array.isArray(request) ? request : request.ids;
			return { deleted: store.delete(ids) };
		},
	},
	{
		method: 'POST',
		path: '/range',
		access: 'read',
		counts: 'query',
		takesBody: true,
		run: (store, body) => store.range(parseRequest(RangeBody, body, 'range')),
	},
	{
		method: 'GET',
		path: '/info',
		access: 'read',
		counts: undefined,
		takesBody: false,
		run: (store) => store.info(),
	},
	{
		method: 'DELETE',
		path: '/reset',
		access: 'write',
		counts: 'update',
		takesBody: false,
		run(store) {
			store.reset();
			return 'Success';
		},
	},
];
