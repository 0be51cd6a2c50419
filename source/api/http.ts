/**
 * One HTTP exchange with timeouts, typed errors and, for idempotent reads only, retries with
 * exponential backoff and jitter that honour Retry-After and the rate-limit reset headers
 * (docs/protocol/errors.md#client-retries); and reading its answer, strictly or liberally.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { ApiError, parseRateLimit, waitAfter } from './errors.js';
import {
	describeIssue,
	describeSchema,
	describeValue,
	type Liberal,
	type Reading,
	readLiberal,
} from './liberal.js';
import { loadUndici } from './load-undici.js';
import { describeZodError, ErrorBody } from './schemas.js';

export interface RetryPolicy {
	/** Attempts after the first. */
	retries: number;
	baseDelayMs: number;
	maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { retries: 3, baseDelayMs: 200, maxDelayMs: 10_000 };

export interface HttpRequest {
	operation: string;
	method: Dispatcher.HttpMethod;
	url: string;
	headers?: Record<string, string>;
	body?: string | Uint8Array;
	/** Only idempotent reads are retried. */
	idempotent: boolean;
	timeoutMs: number;
	retry?: RetryPolicy;
	signal?: AbortSignal;
	dispatcher?: Dispatcher;
}

export interface HttpResponse {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	text: string;
}

function serverMessage(text: string): string | undefined {
	try {
		const parsed = ErrorBody.safeParse(JSON.parse(text));
		if (parsed.success) return parsed.data.error;
	} catch {
		// Not JSON: a proxy's plain text page says more than nothing.
	}
	const trimmed = text.trim();
	return trimmed ? trimmed.slice(0, 300) : undefined;
}

async function attempt(req: HttpRequest): Promise<HttpResponse> {
	const signals = [AbortSignal.timeout(req.timeoutMs)];
	if (req.signal) signals.push(req.signal);
	try {
		const { request } = await loadUndici();
		const response = await request(req.url, {
			method: req.method,
			headers: req.headers,
			body: req.body,
			signal: AbortSignal.any(signals),
			headersTimeout: req.timeoutMs,
			bodyTimeout: req.timeoutMs,
			...(req.dispatcher ? { dispatcher: req.dispatcher } : {}),
		});
		const text = await response.body.text();
		return { status: response.statusCode, headers: response.headers, text };
	} catch (error) {
		if (req.signal?.aborted) throw error;
		const name = (error as Error).name;
		const code = (error as { code?: string }).code ?? '';
		const timedOut = name === 'TimeoutError' || code.includes('TIMEOUT');
		throw new ApiError({
			operation: req.operation,
			kind: timedOut ? 'timeout' : 'network',
			detail: timedOut
				? `no answer within ${req.timeoutMs} ms`
				: `cannot connect to ${new URL(req.url).origin} (${code || (error as Error).message})`,
			cause: error,
		});
	}
}

function retryable(error: unknown, policy: RetryPolicy): boolean {
	if (!(error instanceof ApiError)) return false;
	// A limit that resets later than we would wait (a daily limit) is not worth asking again.
	if ((error.retryAfterMs ?? 0) > policy.maxDelayMs) return false;
	return error.kind !== 'http' || error.status === 429 || (error.status !== undefined && error.status >= 500);
}

/** Sends the request; resolves for 2xx, otherwise rejects with an ApiError. */
export async function send(req: HttpRequest): Promise<HttpResponse> {
	const policy = req.idempotent ? (req.retry ?? defaultRetryPolicy) : { ...defaultRetryPolicy, retries: 0 };
	for (let n = 0; ; n++) {
		try {
			const response = await attempt(req);
			if (response.status >= 200 && response.status < 300) return response;
			const rateLimit = response.status === 429 ? parseRateLimit(response.headers) : undefined;
			throw new ApiError({
				operation: req.operation,
				kind: 'http',
				status: response.status,
				serverMessage: serverMessage(response.text),
				retryAfterMs: waitAfter(response.headers, rateLimit),
				rateLimit,
			});
		} catch (error) {
			if (n >= policy.retries || !retryable(error, policy)) throw error;
			const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** n);
			const jittered = backoff / 2 + Math.random() * (backoff / 2);
			const asked = (error as ApiError).retryAfterMs;
			await sleep(Math.min(policy.maxDelayMs, Math.max(jittered, asked ?? 0)), undefined, {
				signal: req.signal,
			});
		}
	}
}

/** How much of an answer that did not fit is shown. */
const previewChars = 200;

function parseJson(operation: string, response: HttpResponse, schema: z.ZodType): unknown {
	try {
		return JSON.parse(response.text);
	} catch {
		const empty = response.text.trim() === '';
		throw new ApiError({
			operation,
			kind: 'invalid-response',
			status: response.status,
			detail: `the response is not JSON (expected ${describeSchema(schema)}): ${
				empty ? 'an empty body' : describeValue(response.text, previewChars)
			}`,
		});
	}
}

/** Parses a response body as JSON of `schema`, naming the field path of any mismatch. */
export function parseBody<T extends z.ZodType>(
	operation: string,
	response: HttpResponse,
	schema: T,
): z.infer<T> {
	const json = parseJson(operation, response, schema);
	const parsed = schema.safeParse(json);
	if (!parsed.success) {
		throw new ApiError({
			operation,
			kind: 'invalid-response',
			status: response.status,
			detail: `unexpected response: ${describeZodError(parsed.error)}`,
		});
	}
	return parsed.data;
}

/**
 * Reads a response body liberally (liberal.ts): only the identity fields of `schema` are
 * required. An answer that does not fit at all is an ApiError that says what was expected and
 * shows (the start of) what came. `prepare` may reshape the JSON first, e.g. to rename fields.
 */
export function readBody<S extends z.ZodType>(
	operation: string,
	response: HttpResponse,
	schema: S,
	prepare?: (json: unknown) => unknown,
): Reading<Liberal<S>> {
	const json = parseJson(operation, response, schema);
	const { data, issues } = readLiberal(schema, prepare ? prepare(json) : json);
	if (data !== undefined) return { data, issues };
	const why = issues.find((issue) => issue.kind === 'missing' || issue.path === '') ?? issues[0];
	throw new ApiError({
		operation,
		kind: 'invalid-response',
		status: response.status,
		issues,
		detail:
			`unexpected response: expected ${describeSchema(schema)}` +
			`${why && why.path !== '' ? ` (${describeIssue(why)})` : ''}; got ${describeValue(json, previewChars)}`,
	});
}
