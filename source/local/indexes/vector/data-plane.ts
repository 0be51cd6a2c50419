/**
 * The vector index data plane: request shapes checked with zod, then the store. Paths and
 * answers are listed in source/api/index-schemas.ts.
 */
import { z } from 'zod';
import { type DataPlaneOperation, idsBody, listBody, parseRequest } from '../common/data-plane.js';
import type { VectorStore } from './store.js';

const Metadata = z.record(z.string(), z.unknown());
const Ids = z.array(z.string());
const Records = z.array(
	z.object({ id: z.string(), vector: z.array(z.number()), metadata: Metadata.optional() }),
);
const ReadOptions = { includeVectors: z.boolean().optional(), includeMetadata: z.boolean().optional() };

const QueryBody = z.object({ vector: z.array(z.number()), topK: z.number().default(10), ...ReadOptions });
const FetchBody = z.object({ ids: Ids, ...ReadOptions });
const DeleteBody = z.object({ ids: Ids });
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
			store.upsert(parseRequest(Records, listBody(body), 'upsert', 'vectors'));
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
			const request = parseRequest(FetchBody, idsBody(body), 'fetch');
			return store.fetch(request.ids, request);
		},
	},
	{
		method: 'POST',
		path: '/delete',
		access: 'write',
		counts: 'update',
		takesBody: true,
		run: (store, body) => ({ deleted: store.delete(parseRequest(DeleteBody, idsBody(body), 'delete').ids) }),
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
