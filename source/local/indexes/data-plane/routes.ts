/**
 * The HTTP side of both index data planes, the same for every operation:
 *
 *   <service>/vector/<vector index id>/{upsert,query,fetch,delete,range,info,reset}
 *   <service>/search/<search index id>/{upsert,search,fetch,delete,range,info,reset}
 *
 * (request and answer shapes in source/api/index-schemas.ts). Each request is authenticated
 * with the index's own Bearer token; its read-only token is enough for reads and gets 403 on
 * writes. The engine call alone is timed; a successful counted operation then feeds the
 * index's statistics with that latency and its bandwidth (request body plus response body
 * bytes). Each request counts once, whatever its batch size: query, search, fetch and range
 * are queries; upsert, delete and reset are updates; info is not counted, and neither are
 * refused or failed requests.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ServiceContext } from '../../context.js';
import { digest } from '../../http/auth.js';
import { parseJson, readBody } from '../../http/body.js';
import { HttpError, notFound, ok, type Reply } from '../../http/reply.js';
import type { Request, Router } from '../../http/router.js';
import type { DataPlaneOperation } from '../common/data-plane.js';
import { EngineError } from '../common/engine-error.js';
import type { IndexPlane } from './planes.js';

/** Largest request body of a data-plane call: 1,000 records of 1,024 dimensions fit. */
export const maxIndexBodyBytes = 32 * 1024 * 1024;

/** Adds the routes of both data planes; `meta` must make the router skip account auth. */
export function addDataPlaneRoutes<Meta>(router: Router<Meta>, meta: Meta, ctx: ServiceContext): void {
	const add = <Engine>(plane: IndexPlane<Engine>) => {
		const tokens: TokenDigests = { full: digest(plane.token), readOnly: digest(plane.readOnlyToken) };
		for (const op of plane.operations)
			router.add(op.method, `/${plane.kind}/:id${op.path}`, meta, (req) =>
				serve(ctx, plane, tokens, op, req),
			);
	};
	add(ctx.dataPlanes.vector);
	add(ctx.dataPlanes.search);
}

/** The index's tokens hashed once: equal lengths for timingSafeEqual (as auth.ts does). */
interface TokenDigests {
	full: Buffer;
	readOnly: Buffer;
}

async function serve<Engine>(
	ctx: ServiceContext,
	plane: IndexPlane<Engine>,
	tokens: TokenDigests,
	op: DataPlaneOperation<Engine>,
	req: Request,
): Promise<Reply> {
	const name = `${plane.kind} index`;
	if (req.params.id !== plane.id) {
		req.raw.resume();
		throw notFound(`${name} ${JSON.stringify(req.params.id)} not found`);
	}
	try {
		checkToken(req.raw.headers, tokens, op, name);
	} catch (error) {
		// A refused request's body is not read: drain it so the connection stays usable.
		req.raw.resume();
		throw error;
	}
	let bytesIn = 0;
	let body: unknown;
	if (op.takesBody) {
		const raw = await readIndexBody(req);
		bytesIn = raw.length;
		body = parseJson(raw, op.path.slice(1));
	} else {
		req.raw.resume();
	}
	const started = performance.now();
	let result: unknown;
	try {
		result = op.run(plane.engine, body);
	} catch (error) {
		if (error instanceof EngineError)
			throw new HttpError(error.kind === 'invalid' ? 400 : 404, error.message);
		throw error;
	}
	const latencyMs = performance.now() - started;
	const answer = { result };
	if (op.counts) {
		// Serialised once more to count its bytes; the router writes the same JSON.
		const bytesOut = Buffer.byteLength(JSON.stringify(answer));
		plane.record(ctx.clock.now(), op.counts, latencyMs, bytesIn + bytesOut);
	}
	return ok(answer);
}

function checkToken<Engine>(
	headers: IncomingHttpHeaders,
	tokens: TokenDigests,
	op: DataPlaneOperation<Engine>,
	name: string,
): void {
	const challenge = { 'www-authenticate': `Bearer realm="${name}"` };
	const value = headers.authorization?.trim();
	if (!value)
		throw new HttpError(
			401,
			`missing credentials: use Authorization: Bearer with the ${name}'s token or read-only token`,
			challenge,
		);
	const match = /^bearer\s+(\S+)$/i.exec(value);
	if (!match) throw new HttpError(401, `the ${name} takes Bearer authentication`, challenge);
	const given = digest(match[1]!);
	// Both compared every time, so timing does not tell which one was close.
	const full = timingSafeEqual(given, tokens.full);
	const readOnly = timingSafeEqual(given, tokens.readOnly);
	if (full) return;
	if (!readOnly) throw new HttpError(401, `wrong token for this ${name}`, challenge);
	if (op.access === 'write')
		throw new HttpError(
			403,
			`the read-only token can only read; ${op.method} ${op.path} needs the ${name}'s token`,
		);
}

async function readIndexBody(req: Request): Promise<Buffer> {
	try {
		return await readBody(req.raw, maxIndexBodyBytes);
	} catch (error) {
		// readBody words its 413 for message publishes; an index has its own limit.
		if (error instanceof HttpError && error.status === 413)
			throw new HttpError(413, `the request body exceeds ${maxIndexBodyBytes} bytes`, error.headers);
		throw error;
	}
}
