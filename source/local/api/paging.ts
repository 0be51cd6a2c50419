/** The `count` and `cursor` parameters of the listings and bulk operations. */
import { invalid } from '../errors.js';
import type { Request } from '../http/router.js';

/** Pages answered by default, and the most the local service answers in one. */
export const defaultPageSize = 100;
export const maxPageSize = 1000;

export function pageCount(req: Request, fallback = defaultPageSize, max = maxPageSize): number {
	const text = req.query.get('count');
	if (text === null || text === '') return fallback;
	if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max)
		throw invalid(`count: expected a whole number from 1 to ${max}, got ${JSON.stringify(text)}`);
	return Number(text);
}

/** The cursor as given, checked against the shape this service hands out. */
export function pageCursor(req: Request, shape: RegExp): string | undefined {
	const cursor = req.query.get('cursor') || undefined;
	if (cursor !== undefined && !shape.test(cursor))
		throw invalid(`cursor: ${JSON.stringify(cursor)} is not a cursor this service returned`);
	return cursor;
}
