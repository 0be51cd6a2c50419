/**
 * One delivery attempt over HTTP with undici: a hard per-request timeout, no redirects
 * followed, and the response body read up to a cap (the rest is counted, not kept).
 *
 * The attempt is dispatched with a handler of its own, which takes the answer's chunks as
 * they come: no response stream, no abort signal, no URL parsed again for each attempt.
 * `attemptByRequest` does the same through undici's `request()`, for the benchmark's line
 * without it.
 */
import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import { type Dispatcher, request } from 'undici';
import { urlParts } from './url-parts.js';

export interface AttemptRequest {
	url: string;
	method: string;
	headers: Record<string, string>;
	body: Buffer;
	timeoutMs: number;
	/** Bytes of the response body kept; the rest is counted and dropped. */
	maxResponseBytes: number;
	dispatcher: Dispatcher;
}

export type AttemptResult =
	| {
			kind: 'response';
			status: number;
			headers: Record<string, string[]>;
			body: Buffer;
			/** Bytes the destination sent, including those not kept. */
			bodyBytes: number;
	  }
	| { kind: 'error'; error: string; timedOut: boolean };

function headerArrays(headers: IncomingHttpHeaders): Record<string, string[]> {
	const out: Record<string, string[]> = {};
	for (const [name, value] of Object.entries(headers)) {
		if (value === undefined) continue;
		out[name] = Array.isArray(value) ? value : [value];
	}
	return out;
}

const bodiless = new Set(['GET', 'HEAD']);

/** Reads a body to its end, keeping at most `max` bytes (events, not an async iterator: cheaper). */
function readCapped(
	body: NodeJS.ReadableStream,
	max: number,
): Promise<{ kept: Buffer[]; keptBytes: number; bodyBytes: number }> {
	return new Promise((resolve, reject) => {
		const kept: Buffer[] = [];
		let keptBytes = 0;
		let bodyBytes = 0;
		body.on('data', (chunk: Buffer) => {
			bodyBytes += chunk.length;
			if (keptBytes < max) {
				const part = chunk.subarray(0, max - keptBytes);
				kept.push(part);
				keptBytes += part.length;
			}
		});
		body.on('end', () => resolve({ kept, keptBytes, bodyBytes }));
		body.on('error', reject);
	});
}

/** Why an attempt was aborted at its timeout. */
class AttemptTimeout extends Error {}

function failed(req: AttemptRequest, error: unknown, timedOut: boolean): AttemptResult {
	const code = (error as { code?: string }).code;
	const detail = timedOut
		? `no response within ${req.timeoutMs} ms`
		: `${(error as Error).message}${code ? ` (${code})` : ''}`;
	return { kind: 'error', error: detail, timedOut };
}

export function attemptDelivery(req: AttemptRequest): Promise<AttemptResult> {
	const parts = urlParts(req.url);
	if (!parts) return Promise.resolve(failed(req, new Error(`invalid URL ${JSON.stringify(req.url)}`), false));
	return new Promise((resolve) => {
		let controller: Dispatcher.DispatchController | undefined;
		let timedOut = false;
		let settled = false;
		let status = 0;
		let headers: Record<string, string[]> = {};
		const kept: Buffer[] = [];
		let keptBytes = 0;
		let bodyBytes = 0;
		const settle = (result: AttemptResult) => {
			if (settled) return;
			settled = true;
			clearTimeout(timer);
			resolve(result);
		};
		const timer = setTimeout(() => {
			timedOut = true;
			// Not yet started (waiting for a connection): aborted as soon as it starts.
			controller?.abort(new AttemptTimeout('timed out'));
		}, req.timeoutMs);
		timer.unref();
		const handler: Dispatcher.DispatchHandler = {
			onRequestStart(started) {
				controller = started;
				if (timedOut) started.abort(new AttemptTimeout('timed out'));
			},
			onResponseStart(_controller, statusCode, responseHeaders) {
				status = statusCode;
				headers = headerArrays(responseHeaders);
			},
			onResponseData(_controller, chunk) {
				bodyBytes += chunk.length;
				if (keptBytes < req.maxResponseBytes) {
					const part = chunk.subarray(0, req.maxResponseBytes - keptBytes);
					kept.push(part);
					keptBytes += part.length;
				}
			},
			onResponseEnd() {
				settle({ kind: 'response', status, headers, body: Buffer.concat(kept, keptBytes), bodyBytes });
			},
			onResponseError(_controller, error) {
				settle(failed(req, error, timedOut));
			},
		};
		try {
			req.dispatcher.dispatch(
				{
					origin: parts.origin,
					path: parts.path,
					method: req.method as Dispatcher.HttpMethod,
					headers: req.headers,
					body: bodiless.has(req.method) ? null : req.body,
				},
				handler,
			);
		} catch (error) {
			settle(failed(req, error, false));
		}
	});
}

/** The same attempt through undici's `request()`: what the benchmark measures next to attemptDelivery. */
export async function attemptByRequest(req: AttemptRequest): Promise<AttemptResult> {
	// undici takes an EventEmitter as its abort signal; with a plain timer that is far cheaper
	// per request than AbortSignal.timeout or an AbortController (an EventTarget each).
	const signal = new EventEmitter();
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		signal.emit('abort');
	}, req.timeoutMs);
	timer.unref();
	try {
		const response = await request(req.url, {
			method: req.method as Dispatcher.HttpMethod,
			headers: req.headers,
			body: bodiless.has(req.method) ? null : req.body,
			signal,
			dispatcher: req.dispatcher,
		});
		const { kept, keptBytes, bodyBytes } = await readCapped(response.body, req.maxResponseBytes);
		return {
			kind: 'response',
			status: response.statusCode,
			headers: headerArrays(response.headers),
			body: Buffer.concat(kept, keptBytes),
			bodyBytes,
		};
	} catch (error) {
		return failed(req, error, timedOut);
	} finally {
		clearTimeout(timer);
	}
}
