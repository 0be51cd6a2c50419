/**
 * The search index data plane: request shapes checked with zod, then the engine. Paths and
 * answers are listed in source/api/index-schemas.ts.
 */
import { z } from 'zod';
import { type DataPlaneOperation, idsBody, listBody, parseRequest } from '../common/data-plane.js';
import type { SearchEngine } from './engine.js';

const Metadata = z.record(z.string(), z.unknown());
const Documents = z.array(
	z.object({ id: z.string(), content: z.union([z.string(), Metadata]), metadata: Metadata.optional() }),
);
const SearchBody = z.object({ query: z.string(), topK: z.number().default(10) });
const IdsBody = z.object({ ids: z.array(z.string()) });
const RangeBody = z.object({ cursor: z.union([z.string(), z.number()]).optional(), limit: z.number() });

export const searchOperations: DataPlaneOperation<SearchEngine>[] = [
	{
		method: 'POST',
		path: '/upsert',
		access: 'write',
		counts: 'update',
		takesBody: true,
		run(engine, body) {
			engine.upsert(parseRequest(Documents, listBody(body), 'upsert', 'documents'));
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
		run: (engine, body) => engine.fetch(parseRequest(IdsBody, idsBody(body), 'fetch').ids),
	},
	{
		method: 'POST',
		path: '/delete',
		access: 'write',
		counts: 'update',
		takesBody: true,
		run: (engine, body) => ({ deleted: engine.delete(parseRequest(IdsBody, idsBody(body), 'delete').ids) }),
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
