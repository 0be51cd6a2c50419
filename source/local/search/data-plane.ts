/**
 * The search index data plane: request shapes checked with zod, then the engine. Paths and
 * answers are listed in source/api/index-schemas.ts.
 */
import { z } from 'zod';
import type { DataPlaneOperation } from '../index-common/data-plane.js';
import { parseRequest } from '../index-common/data-plane.js';
import type { SearchEngine } from './engine.js';

const Metadata = z.record(z.string(), z.unknown());
const Id = z.string();
const Ids = z.array(Id);
const Document = z.object({
	id: Id,
	content: z.union([z.string(), Metadata]),
	metadata: Metadata.optional(),
});

const UpsertBody = z.union([Document, z.array(Document)]);
const SearchBody = z.object({ query: z.string(), topK: z.number().default(10) });
const FetchBody = z.union([Ids, z.object({ ids: Ids })]);
const DeleteBody = z.union([Id, Ids, z.object({ ids: Ids })]);
const RangeBody = z.object({ cursor: z.union([z.string(), z.number()]).optional(), limit: z.number() });

const idsOf = (request: string | string[] | { ids: string[] }): string[] =>
	typeof request === 'string' ? [request] : Array.isArray(request) ? request : request.ids;

export const searchOperations: DataPlaneOperation<SearchEngine>[] = [
	{
		method: 'POST',
		path: '/upsert',
		access: 'write',
		counts: 'update',
		takesBody: true,
		run(engine, body) {
			const documents = parseRequest(UpsertBody, body, 'upsert');
			engine.upsert(Array.isArray(documents) ? documents : [documents]);
			return 'Success';
		},
	},
	{
		method: 'POST',
		path: '/search',
		access: 'read',
		counts: 'query',
		takesBody: true,
		run: (engine, body) => engine.search(parseRequest(SearchBody, body, 'search')),
	},
	{
		method: 'POST',
		path: '/fetch',
		access: 'read',
		counts: 'query',
		takesBody: true,
		run: (engine, body) => engine.fetch(idsOf(parseRequest(FetchBody, body, 'fetch'))),
	},
	{
		method: 'POST',
		path: '/delete',
		access: 'write',
		counts: 'update',
		takesBody: true,
		run: (engine, body) => ({ deleted: engine.delete(idsOf(parseRequest(DeleteBody, body, 'delete'))) }),
	},
	{
		method: 'POST',
		path: '/range',
		access: 'read',
		counts: 'query',
		takesBody: true,
		run: (engine, body) => engine.range(parseRequest(RangeBody, body, 'range')),
	},
	{
		method: 'GET',
		path: '/info',
		access: 'read',
		counts: undefined,
		takesBody: false,
		run: (engine) => engine.info(),
	},
	{
		method: 'DELETE',
		path: '/reset',
		access: 'write',
		counts: 'update',
		takesBody: false,
		run(engine) {
			engine.reset();
			return 'Success';
		},
	},
];
