/**
 * The HTTP side of every index data plane, the same for every command:
 *
 *   <service>/vector/<vector index id>/<command>[/<namespace>]
 *   <service>/search/<search database id>/<command>[/<index name>]
 *
 * (commands in indexes/vector/data-plane.ts and indexes/search/data-plane.ts; shapes in
 * source/api/index-schemas.ts). Every command answers POST, as the SDKs send them, and GET or
 * DELETE where the vendor documents those. Each request is authenticated with the index's own
 * Bearer token; its read-only token is enough for reads and gets 403 on writes. The engine
 * call alone is timed; an answer larger than maxAnswerBytes is refused
 * (indexes/common/answer-budget.ts). A successful command then feeds the index's statistics with
 * what it counted (see the data planes), that latency and its bandwidth (request body plus
 * response body bytes). Refused or failed requests are not counted.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ServiceContext } from '../context.js';
import { invalid, notFound, ServiceError } from '../errors.js';
import { digest } from '../http/auth.js';
import { parseJson, readBody } from '../http/body.js';
import { ok, type Reply } from '../http/reply.js';
import type { Request, Router } from '../http/router.js';
import { AnswerBudget, jsonSize } from '../indexes/common/answer-budget.js';
import type { DataPlaneOperation } from '../indexes/common/data-plane.js';
import type { IndexPlane } from '../indexes/data-plane/planes.js';

/** Largest request body of a data-plane call: 1,000 records of 1,024 dimensions fit. */
export const maxIndexBodyBytes = 32 * 1024 * 1024;

/**
 * Adds the routes of every data plane; `meta` must make the router skip account auth. The index
 * is looked up at each request: indexes come and go through the management API.
 */
export function addDataPlaneRoutes<Meta>(router: Router<Meta>, meta: Meta, ctx: ServiceContext): void {
	const add = <Engine>(
		kind: 'vector' | 'search',
		operations: readonly DataPlaneOperation<Engine>[],
		planes: () => readonly IndexPlane<Engine>[],
	) => {
		for (const op of operations)
			for (const method of op.methods) {
				const handler = (req: Request) => {
					const plane = planes().find((candidate) => candidate.id === req.params.id);
					if (!plane) {
						req.raw.resume();
						throw notFound(`${kind} index ${JSON.stringify(req.params.id)} not found`);
					}
					return serve(ctx, plane, digestsOf(plane), op, req);
				};
				router.add(method, `/${kind}/:id/${op.command}`, meta, handler);
				if (op.namespaced) router.add(method, `/${kind}/:id/${op.command}/*namespace`, meta, handler);
			}
	};
	add('vector', ctx.indexes.vectors[0]?.operations ?? [], () => ctx.indexes.vectors);
	add('search', ctx.indexes.search.operations, () => ctx.indexes.searches);
}

/** The index's tokens hashed once: equal lengths for timingSafeEqual (as auth.ts does). */
interface TokenDigests {
	full: Buffer;
	readOnly: Buffer;
}

/** Each plane's digests, made again when a password reset changed its tokens. */
const digests = new WeakMap<object, { token: string; readOnlyToken: string; digests: TokenDigests }>();

function digestsOf(plane: IndexPlane<unknown>): TokenDigests {
	const known = digests.get(plane);
	if (known && known.token === plane.token && known.readOnlyToken === plane.readOnlyToken)
		return known.digests;
	const made = { full: digest(plane.token), readOnly: digest(plane.readOnlyToken) };
	digests.set(plane, { token: plane.token, readOnlyToken: plane.readOnlyToken, digests: made });
	return made;
}

/** The namespace of the path, decoded; undefined when the path has none. */
function namespaceOf(req: Request): string | undefined {
	const raw = req.params.namespace;
	if (raw === undefined) return undefined;
	const queryAt = raw.indexOf('?');
	try {
		return decodeURIComponent(queryAt < 0 ? raw : raw.slice(0, queryAt));
	} catch {
		throw invalid(`the namespace in the path is not valid percent-encoding: ${JSON.stringify(raw)}`);
	}
}

async function serve<Engine>(
	ctx: ServiceContext,
	plane: IndexPlane<Engine>,
	tokens: TokenDigests,
	op: DataPlaneOperation<Engine>,
	req: Request,
): Promise<Reply> {
	const name = `${plane.kind} index`;
	let caller: 'token' | 'read-only';
	try {
		caller = checkToken(req.raw.headers, tokens, op, name);
	} catch (error) {
		// A refused request's body is not read: drain it so the connection stays usable.
		req.raw.resume();
		throw error;
	}
	const namespace = namespaceOf(req);
	const raw = await readIndexBody(req);
	// Commands without input get `[]` from the SDKs, or nothing from curl: both are no body.
	const body = raw.length === 0 ? undefined : parseJson(raw, op.command);
	const counted: { kind: 'query' | 'update'; n: number }[] = [];
	let embedMs = 0;
	const started = performance.now();
	// What an engine refuses is an EngineError: a ServiceError, answered by its kind.
	const answer = {
		result: await op.run({
			engine: plane.engine,
			body,
			namespace,
			query: req.query,
			count: (kind, n) => counted.push({ kind, n }),
			embedded: (ms) => {
				embedMs += ms;
			},
			caller,
			answer: new AnswerBudget(),
		}),
	};
	// Counted, not serialised: the router serialises the answer once, as it writes it.
	const answerBytes = jsonSize(answer);
	const latencyMs = performance.now() - started;
	const now = ctx.clock.now();
	if (embedMs > 0) plane.embedded(now, embedMs);
	if (counted.length > 0) {
		const bytes = raw.length + answerBytes;
		for (const [i, { kind, n }] of counted.entries())
			plane.record(now, kind, n, latencyMs, i === 0 ? bytes : 0);
	}
	return ok(answer);
}

function checkToken<Engine>(
	headers: IncomingHttpHeaders,
	tokens: TokenDigests,
	op: DataPlaneOperation<Engine>,
	name: string,
): 'token' | 'read-only' {
	const challenge = { 'www-authenticate': `Bearer realm="${name}"` };
	const value = headers.authorization?.trim();
	if (!value)
		throw new ServiceError(
			'unauthenticated',
			`missing credentials: use Authorization: Bearer with the ${name}'s token or read-only token`,
			challenge,
		);
	const match = /^bearer\s+(\S+)$/i.exec(value);
	if (!match) throw new ServiceError('unauthenticated', `the ${name} takes Bearer authentication`, challenge);
	const given = digest(match[1]!);
	// Both compared every time, so timing does not tell which one was close.
	const full = timingSafeEqual(given, tokens.full);
	const readOnly = timingSafeEqual(given, tokens.readOnly);
	if (full) return 'token';
	if (!readOnly) throw new ServiceError('unauthenticated', `wrong token for this ${name}`, challenge);
	if (op.access === 'write')
		throw new ServiceError(
			'forbidden',
			`the read-only token can only read; ${op.command} needs the ${name}'s token`,
		);
	return 'read-only';
}

async function readIndexBody(req: Request): Promise<Buffer> {
	try {
		return await readBody(req.raw, maxIndexBodyBytes);
	} catch (error) {
		// readBody words its refusal for message publishes; an index has its own limit.
		if (error instanceof ServiceError && error.kind === 'too-large')
			throw new ServiceError(
				'too-large',
				`the request body exceeds ${maxIndexBodyBytes} bytes`,
				error.headers,
			);
		throw error;
	}
}
