/**
 * One delivery attempt over HTTP with undici: a hard per-request timeout, no redirects
 * followed, and the response body read up to a cap (the rest is counted, not kept).
 *
 * The attempt is the handler of undici's `dispatch` (its documented handler API): the response
 * arrives as calls, not as a promise and a body stream per request, which cost more than the
 * rest of the attempt together.
 */
import type { Dispatcher } from 'undici';
import type { DeliveryTarget } from './target.js';

export interface AttemptRequest {
	/** Undefined: the URL does not parse, and the attempt fails saying so. */
	target: DeliveryTarget | undefined;
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
	for (const name in headers) {
		const value = headers[name];
		if (value === undefined) continue;
		out[name] = Array.isArray(value) ? value : [value];
	}
	return out;
}

const noHeaders: Record<string, string[]> = Object.freeze({}) as Record<string, string[]>;

class TimeoutError extends Error {
	override name = 'TimeoutError';
}

/** The attempt's timer: the timer passes the attempt, so no closure is made per attempt. */
function timeUp(attempt: Attempt): void {
	attempt.timeUp();
}

class Attempt implements Dispatcher.DispatchHandler {
	private controller: Dispatcher.DispatchController | undefined = undefined;
	private readonly timer: NodeJS.Timeout;
	private timedOut = false;
	private ended = false;
	/** True while dispatch runs: an end met then is told after it, never inside the caller's call. */
	private dispatching = true;
	private status = 0;
	private headers = noHeaders;
	private readonly kept: Buffer[] = [];
	private keptBytes = 0;
	private bodyBytes = 0;

	constructor(
		private readonly req: AttemptRequest,
		private readonly done: (result: AttemptResult) => void,
	) {
		this.timer = setTimeout(timeUp, req.timeoutMs, this);
		this.timer.unref();
		const { target } = req;
		if (!target) {
			this.end({ kind: 'error', error: 'the destination URL does not parse', timedOut: false });
		} else {
			req.dispatcher.dispatch(
				{
					origin: target.origin,
					path: target.path,
					method: req.method as Dispatcher.HttpMethod,
					headers: req.headers,
					body: req.method === 'GET' || req.method === 'HEAD' ? null : req.body,
				},
				this,
			);
		}
		this.dispatching = false;
	}

	timeUp(): void {
		this.timedOut = true;
		// Before the request has a connection, it is aborted as soon as it gets one.
		this.controller?.abort(new TimeoutError(`no response within ${this.req.timeoutMs} ms`));
	}

	onRequestStart(controller: Dispatcher.DispatchController): void {
		this.controller = controller;
		if (this.timedOut) controller.abort(new TimeoutError(`no response within ${this.req.timeoutMs} ms`));
	}

	onResponseStart(
		_controller: Dispatcher.DispatchController,
		statusCode: number,
		headers: Record<string, string | string[] | undefined>,
	): void {
		// 1xx answers are informational: the response is still to come.
		if (statusCode < 200) return;
		this.status = statusCode;
		this.headers = headerArrays(headers);
	}

	onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
		this.bodyBytes += chunk.length;
		const room = this.req.maxResponseBytes - this.keptBytes;
		if (room <= 0) return;
		const part = chunk.length <= room ? chunk : chunk.subarray(0, room);
		this.kept.push(part);
		this.keptBytes += part.length;
	}

	onResponseEnd(): void {
		this.end({
			kind: 'response',
			status: this.status,
			headers: this.headers,
			body: Buffer.concat(this.kept, this.keptBytes),
			bodyBytes: this.bodyBytes,
		});
	}

	onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
		const code = (error as { code?: string }).code;
		const detail = this.timedOut
			? `no response within ${this.req.timeoutMs} ms`
			: `${error.message}${code ? ` (${code})` : ''}`;
		this.end({ kind: 'error', error: detail, timedOut: this.timedOut });
	}

	private end(result: AttemptResult): void {
		if (this.ended) return;
		this.ended = true;
		clearTimeout(this.timer);
		if (this.dispatching) queueMicrotask(() => this.done(result));
		else this.done(result);
	}
}

/** Sends one request; `done` is told its result once, never before this returns. */
export function attemptDelivery(req: AttemptRequest, done: (result: AttemptResult) => void): void {
	new Attempt(req, done);
}
