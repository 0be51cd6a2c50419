/**
 * A small router: routes are `METHOD /path/:param` patterns, where a final `*name` takes the
 * rest of the raw request target, query included (the publish destination is a whole URL).
 * Unknown paths get 404, known paths with another method 405 with Allow, a thrown ServiceError
 * the status of its kind (error-status.ts), anything else 500: the server never crashes on one
 * request.
 *
 * A request names exactly one operation. A path with a `.` or `..` segment is refused (400)
 * before any route is looked at: behind a proxy or a client that normalises URLs, it would name
 * another operation than the one it seems to. Empty segments are kept, not skipped, so that
 * `/v2/topics//endpoints` is a group with an empty name rather than the group "endpoints".
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isDotSegment } from '../../api/paths.js';
import { replyToError } from './error-status.js';
import { errorReply, HttpError, type Reply, writeReply } from './reply.js';

export interface Request {
	method: string;
	/** Path and query exactly as received. */
	target: string;
	pathname: string;
	query: URLSearchParams;
	params: Record<string, string>;
	raw: IncomingMessage;
	callerIp: string;
}

/** A request as the router hands it over: its query is parsed when first read (a publish never reads it). */
class RoutedRequest implements Request {
	private parsedQuery: URLSearchParams | undefined = undefined;

	constructor(
		readonly method: string,
		readonly target: string,
		readonly pathname: string,
		/** Where the query starts in `target` (-1: none). */
		private readonly queryAt: number,
		readonly params: Record<string, string>,
		readonly raw: IncomingMessage,
		readonly callerIp: string,
	) {}

	get query(): URLSearchParams {
		this.parsedQuery ??= new URLSearchParams(this.queryAt < 0 ? '' : this.target.slice(this.queryAt + 1));
		return this.parsedQuery;
	}
}

export type Handler<Meta> = (req: Request, meta: Meta) => Promise<Reply> | Reply;

interface Route<Meta> {
	method: string;
	segments: string[];
	rest: string | undefined;
	meta: Meta;
	handler: Handler<Meta>;
}

export interface RouterHooks<Meta> {
	/** Runs before the handler of a matched route; throws a ServiceError to refuse. */
	before?(req: Request, meta: Meta): void;
	/** Told about every error that is not a ServiceError (a bug), after the 500 is sent. */
	onError?(error: unknown): void;
	/**
	 * What an answer waits for once the handler is done (the state it changed being kept);
	 * undefined when there is nothing to wait for. A failure answers 503: what the request
	 * changed is taken back (the service goes on from what was kept).
	 */
	settle?(): Promise<void> | undefined;
}

export class Router<Meta> {
	/** Routes whose first two segments are literal, by those two (`v2/publish`), in the order added. */
	private readonly byPrefix = new Map<string, Route<Meta>[]>();
	/** Routes with a parameter (or nothing) in their first two segments: any path may be theirs. */
	private readonly anyPrefix: Route<Meta>[] = [];

	constructor(private readonly hooks: RouterHooks<Meta> = {}) {}

	add(method: string, pattern: string, meta: Meta, handler: Handler<Meta>): this {
		const parts = pattern.split('/').filter(Boolean);
		const last = parts.at(-1);
		const rest = last?.startsWith('*') ? last.slice(1) : undefined;
		const route = { method, segments: rest ? parts.slice(0, -1) : parts, rest, meta, handler };
		const key = prefixKey(route.segments);
		if (key === undefined) {
			this.anyPrefix.push(route);
			for (const routes of this.byPrefix.values()) routes.push(route);
		} else {
			// Those of anyPrefix were added before: the list stays in the order routes were added.
			const routes = this.byPrefix.get(key) ?? [...this.anyPrefix];
			routes.push(route);
			this.byPrefix.set(key, routes);
		}
		return this;
	}

	/** The node:http request listener. */
	readonly listener = (req: IncomingMessage, res: ServerResponse): void => {
		this.handle(req, res).catch((error: unknown) => this.fail(res, error));
	};

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const target = req.url ?? '/';
		const queryAt = target.indexOf('?');
		const pathname = queryAt < 0 ? target : target.slice(0, queryAt);
		const method = (req.method ?? 'GET').toUpperCase();
		const parts = pathname.split('/').slice(1);
		// One trailing slash is forgiven (`/v2/topics/`).
		if (parts.length > 1 && parts.at(-1) === '') parts.pop();
		if (parts.some(isDotSegment)) {
			req.resume();
			writeReply(
				res,
				errorReply(
					new HttpError(
						400,
						`the path ${JSON.stringify(pathname)} has a "." or ".." segment, which could name another operation; ` +
							'send a destination percent-encoded as one path segment',
					),
				),
			);
			return;
		}
		let allowed: Set<string> | undefined;
		// Only the routes that may match: the first match in the order added wins, as with them all.
		const routes = this.byPrefix.get(`${parts[0]}/${parts[1]}`) ?? this.anyPrefix;
		for (const route of routes) {
			const params = match(route, parts, target);
			if (!params) continue;
			if (route.method !== method) {
				allowed ??= new Set();
				allowed.add(route.method);
				continue;
			}
			const request = new RoutedRequest(method, target, pathname, queryAt, params, req, callerIp(req));
			let reply: Reply;
			try {
				this.hooks.before?.(request, route.meta);
				reply = await route.handler(request, route.meta);
			} catch (error) {
				const refused = replyToError(error);
				if (!refused) throw error;
				reply = refused;
			}
			const settling = this.hooks.settle?.();
			if (settling) {
				try {
					await settling;
				} catch (error) {
					// Not a bug: the keeper says why to the operator, once.
					reply = errorReply(
						new HttpError(
							503,
							`the local service could not save its state (${error instanceof Error ? error.message : String(error)}); nothing of this request was done`,
						),
					);
				}
			}
			writeReply(res, reply);
			return;
		}
		const error = allowed
			? new HttpError(405, `method ${method} is not allowed on ${pathname}`, {
					allow: [...allowed].join(', '),
				})
			: new HttpError(404, `no such operation: ${method} ${pathname}`);
		req.resume();
		writeReply(res, errorReply(error));
	}

	private fail(res: ServerResponse, error: unknown): void {
		writeReply(res, errorReply(new HttpError(500, 'internal error in the local service')));
		this.hooks.onError?.(error);
	}
}

/** The two first segments of a route when both are literal; undefined when a path of any start may match it. */
function prefixKey(segments: readonly string[]): string | undefined {
	const [first, second] = segments;
	if (first === undefined || second === undefined || first.startsWith(':') || second.startsWith(':'))
		return undefined;
	return `${first}/${second}`;
}

function match<Meta>(
	route: Route<Meta>,
	parts: string[],
	target: string,
): Record<string, string> | undefined {
	const { segments } = route;
	if (route.rest === undefined ? parts.length !== segments.length : parts.length <= segments.length)
		return undefined;
	// The literal segments first: most routes tried are not the request's, and cost no object.
	for (let i = 0; i < segments.length; i++) {
		const segment = segments[i]!;
		if (!segment.startsWith(':') && segment !== parts[i]) return undefined;
	}
	const params: Record<string, string> = {};
	for (let i = 0; i < segments.length; i++) {
		const segment = segments[i]!;
		if (!segment.startsWith(':')) continue;
		try {
			params[segment.slice(1)] = decodeURIComponent(parts[i]!);
		} catch {
			return undefined;
		}
	}
	if (route.rest !== undefined) {
		// The rest is cut from the raw target, so a destination keeps its `//` and its query.
		// The prefix is the raw segments matched, so a `:param` before the rest takes its value.
		const prefix = `/${parts.slice(0, segments.length).join('/')}/`;
		if (!target.startsWith(prefix)) return undefined;
		params[route.rest] = target.slice(prefix.length);
	}
	return params;
}

function callerIp(req: IncomingMessage): string {
	const address = req.socket.remoteAddress ?? '';
	return address.startsWith('::ffff:') ? address.slice(7) : address;
}
