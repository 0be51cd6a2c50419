/**
 * One delivery attempt over HTTP with undici: a hard per-request timeout, no redirects
 * followed, and the response body read up to a cap (the rest is counted, not kept).
 */
import { EventEmitter } from 'node:events';
import { type Dispatcher, request } from 'undici';

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

function headerArrays(headers: Record<string, string | string[] | undefined>): Record<string, string[]> {
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

export async function attemptDelivery(req: AttemptRequest): Promise<AttemptResult> {
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
		const code = (error as { code?: string }).code;
		const detail = timedOut
			? `no response within ${req.timeoutMs} ms`
			: `${(error as Error).message}${code ? ` (${code})` : ''}`;
		return { kind: 'error', error: detail, timedOut };
	} finally {
		clearTimeout(timer);
	}
}
