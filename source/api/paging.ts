/**
 * The listings the service filters and pages (the dead letters, the failed workflow runs, the
 * delivery logs): the query of one page, and the selection a bulk operation of a dead letter
 * queue takes (by id, or page by page by filter or all). One place, so the three listings
 * read their pages and clamp their sizes alike.
 */
import { filterQuery } from './filters.js';

/** One page of a listing: the filter, how many records at most, and where the listing goes on. */
export interface PageQuery<F> {
	filter?: F;
	count?: number;
	cursor?: string;
}

/** The records a page holds: a whole number from 1 to the listing's `limit`. */
export function pageSize(count: number | undefined, limit: number): number | undefined {
	return count === undefined ? undefined : Math.max(1, Math.min(limit, Math.floor(count)));
}

/** The query parameters of a page: its filter, its size within `limit`, its cursor. */
export function pageQuery(query: PageQuery<object>, limit: number): [string, string][] {
	const params = filterQuery(query.filter ?? {});
	const count = pageSize(query.count, limit);
	if (count !== undefined) params.push(['count', String(count)]);
	if (query.cursor) params.push(['cursor', query.cursor]);
	return params;
}

/** Which dead letters a bulk operation takes: by id, by filter (paged), or all (paged). */
export type Selection<F> =
	| { dlqIds: readonly string[] }
	| { filter: F; count?: number; cursor?: string }
	| { all: true; count?: number; cursor?: string };

/** The query of a bulk operation; a selection that selects nothing by mistake is refused. */
export function selectionQuery(selection: Selection<object>, limit: number): [string, string][] {
	if ('dlqIds' in selection) {
		if (selection.dlqIds.length === 0) throw new Error('give at least one dlqId, or select all explicitly');
		return selection.dlqIds.map((id) => ['dlqIds', id]);
	}
	const filter = 'filter' in selection ? selection.filter : {};
	if ('filter' in selection && filterQuery(filter).length === 0)
		throw new Error('the filter selects nothing: give a filter, or select all explicitly');
	return pageQuery({ filter, count: selection.count, cursor: selection.cursor }, limit);
}
