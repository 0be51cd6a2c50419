/**
 * The account's totals over all its vector indexes or all its search databases, as the vendor's
 * Developer API answers them (`GlobalStats`: GET /v2/vector/index/stats, GET /v2/search/stats;
 * docs/protocol/vector.md#account-totals). A resource without identity: every field is read
 * liberally, and fields nobody listed are kept.
 */
import { z } from 'zod';

export const IndexTotals = z.looseObject({
	/** Records held now, over every index. */
	record_count: z.number().int(),
	/** Requests (queries and updates) this month. */
	request: z.number().int(),
	/** Bytes moved this month. */
	bandwidth: z.number().int(),
	/** Bytes stored now. */
	storage: z.number().int(),
	/** Dollars this month. */
	billing: z.number(),
	/** Reranks this month. */
	rerank_count: z.number().int(),
});
export type IndexTotals = z.infer<typeof IndexTotals>;

/** The fields of IndexTotals, in the order a person reads them. */
export const indexTotalsFields = [
	'record_count',
	'request',
	'bandwidth',
	'storage',
	'billing',
	'rerank_count',
] as const satisfies readonly (keyof IndexTotals)[];
