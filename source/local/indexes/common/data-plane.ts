/**
 * One operation of an index data plane, as data: its method and path under the index's
 * endpoint, whether the read-only token may call it, what the statistics count it as, and the
 * engine call. The HTTP side (routes, auth, body, timing, counting) is the same for every
 * operation of both index kinds and lives in one place; these stay pure.
 */
import type { z } from 'zod';
import { describeZodError } from '../../../api/schemas.js';
import { EngineError } from './engine-error.js';

export interface DataPlaneOperation<Engine> {
	method: 'GET' | 'POST' | 'DELETE';
	/** Under the index's endpoint, e.g. `/query`. */
	path: string;
	/** Reads are allowed with the read-only token; writes need the index token. */
	access: 'read' | 'write';
	/** What the statistics count one successful call as; info is not counted. */
	counts: 'query' | 'update' | undefined;
	/** Whether the operation takes a JSON body. */
	takesBody: boolean;
	/** The `result` of the answer; throws EngineError for bad input or unknown ids. */
	run(engine: Engine, body: unknown): unknown;
}

/**
 * Checks a parsed JSON body against `schema`, naming the path of each problem from `root`
 * (e.g. `vectors[2].vector[7]: expected number`). Plain schemas, not unions: a union's error
 * only says that nothing matched.
 */
export function parseRequest<T extends z.ZodType>(
	schema: T,
	body: unknown,
	what: string,
	root = '',
): z.infer<T> {
	const parsed = schema.safeParse(body);
	if (!parsed.success) throw new EngineError('invalid', `${what}: ${describeZodError(parsed.error, root)}`);
	return parsed.data;
}

/** The forms an id list may take: one id, an array of ids, or `{ids, ...options}`. */
export function idsBody(body: unknown): unknown {
	if (typeof body === 'string') return { ids: [body] };
	if (Array.isArray(body)) return { ids: body };
	return body;
}

/** One record or an array of them, as an array. */
export function listBody(body: unknown): unknown[] {
	return Array.isArray(body) ? body : [body];
}
