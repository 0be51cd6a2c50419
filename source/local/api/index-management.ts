/**
 * The management API's edits of indexes (Basic authentication; docs/protocol/vector.md#making-indexes,
 * docs/protocol/search.md#making-databases): make, delete, rename and give new tokens to vector
 * indexes and search databases, list the search databases and read one's statistics, and the
 * account's totals over each kind (docs/protocol/vector.md#account-totals). The
 * edits answer the JSON string "OK", as the vendor's Developer API does; a make answers the
 * new index's resource.
 */
import { z } from 'zod';
import { toDialectNames } from '../../api/dialect.js';
import { vectorIndexTypes } from '../../api/schemas.js';
import type { ServiceContext } from '../context.js';
import { readJsonBody } from '../http/body.js';
import { ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { denseModelDimensions, type IndexKind, sparseModels } from '../indexes/data-plane/created-indexes.js';
import type { SearchPlane } from '../indexes/data-plane/planes.js';
import { accountTotals } from '../indexes/management/index-totals.js';
import { similarityFunctions } from '../indexes/vector/similarity.js';
import { statsPeriod } from './management.js';

/** Where a vector index may say it runs (the vendor's regions; nothing moves locally). */
export const vectorRegions = ['eu-west-1', 'us-east-1', 'us-central1', 'us-central-1'] as const;
export const searchRegions = ['eu-west-1', 'us-central1'] as const;
const plans = ['free', 'payg', 'fixed', 'paid'] as const;

const CreateVectorBody = z.object({
	name: z.string(),
	region: z.enum(vectorRegions),
	similarity_function: z.enum(similarityFunctions),
	dimension_count: z.number().optional(),
	type: z.enum(plans).optional(),
	index_type: z.enum(vectorIndexTypes).optional(),
	embedding_model: z.enum(['BM25', ...Object.keys(denseModelDimensions)] as [string, ...string[]]).optional(),
	sparse_embedding_model: z.enum(sparseModels).optional(),
});

const CreateSearchBody = z.object({
	name: z.string(),
	region: z.enum(searchRegions),
	type: z.enum(plans),
});

const RenameBody = z.object({ name: z.string() });

const idOf = (req: Request) => req.params.id ?? '';

export async function createVectorIndex(ctx: ServiceContext, req: Request): Promise<Reply> {
	const body = await readJsonBody(req.raw, CreateVectorBody, 'create vector index');
	const type = body.index_type ?? 'DENSE';
	// The vendor lists BM25 among the models of `embedding_model`: it is the sparse one.
	const sparseNamed = body.embedding_model === 'BM25';
	const plane = ctx.catalog.createVector({
		name: body.name,
		region: body.region,
		similarity: body.similarity_function,
		type,
		// A sparse index is asked for no dimension; 0 is how the resource says none.
		dimension: type === 'SPARSE' ? undefined : body.dimension_count,
		denseModel: sparseNamed ? undefined : body.embedding_model,
		sparseModel: body.sparse_embedding_model ?? (sparseNamed ? 'BM25' : undefined),
	});
	return ok(plane.index.resource(ctx.clock.now()));
}

/** The edits that act alike on either kind of index: each answers "OK". */
function deleteIndex(kind: IndexKind) {
	return (ctx: ServiceContext, req: Request): Reply => {
		ctx.catalog.delete(kind, idOf(req));
		return ok('OK');
	};
}

function renameIndex(kind: IndexKind) {
	return async (ctx: ServiceContext, req: Request): Promise<Reply> => {
		const body = await readJsonBody(req.raw, RenameBody, `rename ${kind} index`);
		ctx.catalog.rename(kind, idOf(req), body.name);
		return ok('OK');
	};
}

function resetPassword(kind: IndexKind) {
	return (ctx: ServiceContext, req: Request): Reply => {
		ctx.catalog.resetPassword(kind, idOf(req));
		return ok('OK');
	};
}

export const deleteVectorIndex = deleteIndex('vector');
export const renameVectorIndex = renameIndex('vector');
export const resetVectorPassword = resetPassword('vector');
export const deleteSearchIndex = deleteIndex('search');
export const renameSearchIndex = renameIndex('search');
export const resetSearchPassword = resetPassword('search');

function searchResource(ctx: ServiceContext, plane: SearchPlane) {
	// `partner_email` under the dialect's word, e.g. `vercel_email` as the deployed service says.
	return toDialectNames(plane.index.resource(ctx.clock.now()), ctx.dialect);
}

export function listSearchIndexes(ctx: ServiceContext): Reply {
	return ok(ctx.indexes.searches.map((plane) => searchResource(ctx, plane)));
}

export function searchIndex(ctx: ServiceContext, req: Request): Reply {
	return ok(searchResource(ctx, ctx.catalog.plane('search', idOf(req))));
}

export async function createSearchIndex(ctx: ServiceContext, req: Request): Promise<Reply> {
	const body = await readJsonBody(req.raw, CreateSearchBody, 'create search index');
	return ok(searchResource(ctx, ctx.catalog.createSearch({ name: body.name, region: body.region })));
}

/** A search database's statistics, of the vector indexes' shape (the vendor documents it so). */
export function searchStats(ctx: ServiceContext, req: Request): Reply {
	const period = statsPeriod(req);
	const plane = ctx.catalog.plane('search', idOf(req));
	return ok(plane.index.usage.stats(period, ctx.clock.now()));
}

/** The account's totals over all its vector indexes (GET /v2/vector/index/stats). */
export function vectorTotals(ctx: ServiceContext): Reply {
	const now = ctx.clock.now();
	return ok(accountTotals(ctx.indexes.vectors.map((plane) => plane.index.monthTotals(now))));
}

/** The account's totals over all its search databases (GET /v2/search/stats). */
export function searchTotals(ctx: ServiceContext): Reply {
	const now = ctx.clock.now();
	return ok(accountTotals(ctx.indexes.searches.map((plane) => plane.index.usage.monthTotals(now))));
}
