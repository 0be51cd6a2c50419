/**
 * Forwarding a received request to the app, byte for byte: the same method, the path below
 * the forward URL, every header as it arrived (the signature included) but the hop-by-hop
 * ones, and the body as it arrived. The app's answer (status, headers, body) comes back to be
 * given to the service, so the service retries what the app fails. An app that is down or
 * slow is an outcome with a reason, never an exception.
 */
import type { Agent, Dispatcher } from 'undici';
import { loadUndici } from '../api/load-undici.js';

/** Headers of one connection, never passed on by a proxy (RFC 9110, 7.6.1), and those undici sets. */
const hopByHop = new Set([
	'connection',
	'keep-alive',
	'proxy-connection',
	'proxy-authenticate',
	'proxy-authorization',
	'te',
	'trailer',
	'transfer-encoding',
	'upgrade',
	'host',
	'content-length',
	'expect',
]);

export interface ForwardedRequest {
	method: string;
	/** Path and query as received. */
	path: string;
	/** As Node gives them: name, value, name, value... */
	rawHeaders: readonly string[];
	body: Uint8Array;
}

export type ForwardOutcome =
	| {
			ok: true;
			/** The URL the request went to. */
			url: string;
			status: number;
			/** The app's headers but the hop-by-hop ones: name, value, ... */
			headers: string[];
			body: Buffer;
			ms: number;
	  }
	| { ok: false; url: string; error: string; ms: number; timedOut: boolean };

export interface ForwardOptions {
	timeoutMs: number;
	/** Bytes of the app's answer kept (and given to the service); the rest is dropped. */
	maxResponseBytes: number;
	dispatcher?: Dispatcher;
}

export const defaultForwardTimeoutMs = 30_000;
export const defaultMaxForwardResponseBytes = 1024 * 1024;

/** The URL a request to `path` goes to: the path below the forward URL's own path. */
export function forwardUrl(target: string, path: string): string {
	const base = new URL(target);
	const prefix = base.pathname.replace(/\/+$/, '');
	return `${base.origin}${prefix}${path.startsWith('/') ? path : `/${path}`}`;
}

/** `rawHeaders` without the hop-by-hop headers (and without `drop`, lowercase names). */
export function passedHeaders(
	rawHeaders: readonly string[],
	drop: ReadonlySet<string> = new Set(),
): string[] {
	const out: string[] = [];
	for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
		const name = rawHeaders[i]!;
		const lower = name.toLowerCase();
		if (hopByHop.has(lower) || drop.has(lower)) continue;
		out.push(name, rawHeaders[i + 1]!);
	}
	return out;
}

/** One agent for all forwards: connections to the app are kept alive between requests. */
let sharedAgent: Agent | undefined;
function agent(undici: { Agent: typeof Agent }): Agent {
	sharedAgent ??= new undici.Agent({ keepAliveTimeout: 4_000, connections: 64 });
	return sharedAgent;
}

function describeError(error: unknown, url: string): string {
	const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
	const where = new URL(url).host;
	if (code === 'ECONNREFUSED') return `the app at ${where} refused the connection: is it running?`;
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `cannot resolve ${where}`;
	if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `the app at ${where} closed the connection`;
	return `cannot reach the app at ${where}: ${(error as Error).message}`;
}

export async function forwardRequest(
	target: string,
	received: ForwardedRequest,
	options: ForwardOptions,
): Promise<ForwardOutcome> {
	const url = forwardUrl(target, received.path);
	const started = performance.now();
	const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
	const bodiless = received.method === 'GET' || received.method === 'HEAD';
	try {
		const undici = await loadUndici();
		const response = await undici.request(url, {
			method: received.method as Dispatcher.HttpMethod,
			headers: passedHeaders(received.rawHeaders),
			body: bodiless || received.body.length === 0 ? undefined : received.body,
			dispatcher: options.dispatcher ?? agent(undici),
			headersTimeout: options.timeoutMs,
			bodyTimeout: options.timeoutMs,
			signal: AbortSignal.timeout(options.timeoutMs),
		});
		const chunks: Buffer[] = [];
		let kept = 0;
		for await (const chunk of response.body) {
			const bytes = chunk as Buffer;
			if (kept >= options.maxResponseBytes) continue;
			const room = options.maxResponseBytes - kept;
			chunks.push(bytes.length > room ? bytes.subarray(0, room) : bytes);
			kept += Math.min(room, bytes.length);
		}
		const headers: string[] = [];
		for (const [name, value] of Object.entries(response.headers)) {
			if (value === undefined || hopByHop.has(name)) continue;
			for (const one of Array.isArray(value) ? value : [value]) headers.push(name, one);
		}
		return {
			ok: true,
			url,
			status: response.statusCode,
			headers,
			body: Buffer.concat(chunks, kept),
			ms: elapsed(),
		};
	} catch (error) {
		const timedOut =
			(error as { name?: string }).name === 'TimeoutError' ||
			(error as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT' ||
			(error as { code?: string }).code === 'UND_ERR_BODY_TIMEOUT';
		return {
			ok: false,
			url,
			error: timedOut
				? `the app at ${new URL(url).host} did not answer within ${options.timeoutMs / 1000} s`
				: describeError(error, url),
			ms: elapsed(),
			timedOut,
		};
	}
}
