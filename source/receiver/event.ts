/**
 * What the receiver makes of one request: a pure function from the request as it arrived (and
 * the outcome of verifying its signature) to a typed ReceivedEvent. The TUI's detail view and
 * `mqtop listen` (lines and --json) all render from this one type.
 */
import { type Dialect, prefixed } from '../api/dialect.js';
import type { VerifyFailure, VerifyResult } from '../signing/jwt.js';
import { type BodyPreview, previewBase64, previewBytes } from '../text/body-preview.js';
import { type CallbackFields, checkCallbackBody } from './callback-body.js';

/**
 * - `callback` / `failure-callback`: a body that passes CallbackBody / FailureCallbackBody.
 * - `malformed`: a body that should be JSON and is not (JSON content type, or text starting
 *   with `{`), or a JSON object that carries callback fields but fails the callback schema.
 * - `delivery`: anything else, i.e. a plain message the service delivered to this URL.
 * - `oversize`: a body over the receiver's limit, answered 413 and never read to the end.
 */
export const eventKinds = ['callback', 'failure-callback', 'delivery', 'malformed', 'oversize'] as const;
export type EventKind = (typeof eventKinds)[number];

/** Why a request is not trusted: the first signature check that failed, or an oversize body. */
export type RejectionFailure = VerifyFailure | 'oversize';

/** A decoded body, cut to the receiver's display limit; `truncated` when bytes are not shown. */
export type ShownBody = BodyPreview & { truncated?: boolean };

/** What became of a request forwarded to the app: its answer, or why there was none. */
export interface ForwardSummary {
	/** The URL it went to. */
	url: string;
	/** The app's status; absent when the app could not be reached (the service got a 502). */
	status?: number;
	ms: number;
	error?: string;
}

/**
 * A signature check's outcome, the named key pair that verified it (not the main one), and for
 * a signature verified before (its `jti` seen) the number of the request that carried it first.
 */
export type Verification = VerifyResult & { keyPair?: string; replayOf?: number };

/** The headers the service adds to every request it sends (docs/protocol/delivery.md#headers-added). */
export interface DeliveryHeaders {
	messageId?: string;
	/** Attempts of this request so far (0 on the first). */
	retried?: number;
	topicName?: string;
	endpointName?: string;
	callerIp?: string;
	userAgent?: string;
}

/** The callback body, decoded. */
export interface CallbackInfo {
	/** Status the destination answered the source message with. */
	status: number;
	retried: number;
	maxRetries: number;
	/**
	 * Retries are exhausted when `retried` equals `maxRetries`: the last attempt
	 * (docs/protocol/callbacks.md#exhausted-retries).
	 */
	exhausted: boolean;
	sourceMessageId: string;
	url: string;
	method: string;
	topicName?: string;
	endpointName?: string;
	scheduleId?: string;
	callerIP?: string;
	/** Failure callbacks only. */
	dlqId?: string;
	/** Unix milliseconds (carried as strings or numbers in the body). */
	notBefore?: number;
	createdAt?: number;
	header: Record<string, string[]>;
	sourceHeader: Record<string, string>;
	/** The destination's response body. */
	body: ShownBody;
	/** The source message's body. */
	sourceBody?: ShownBody;
}

export interface ReceivedEvent {
	/** 1 for the first request a receiver saw, counting up. */
	seq: number;
	/** Unix milliseconds. */
	receivedAt: number;
	method: string;
	/** Path and query as received. */
	path: string;
	/** Lowercase names; repeated headers joined with ", ". */
	headers: Record<string, string>;
	kind: EventKind;
	verified: boolean;
	/** Set when not verified. */
	failure?: RejectionFailure;
	reason?: string;
	/** Which signing key verified the signature. */
	signingKey?: 'current' | 'next';
	/** The named key pair that key belongs to; absent for the main pair. */
	keyPair?: string;
	/**
	 * A replay: the signature (its `jti`) was verified before, on the request with this number.
	 * Accepted, as the signature is valid, and marked.
	 */
	replayOf?: number;
	/** The signature's claims, also of a rejected signature when they could be read. */
	claims?: Record<string, unknown>;
	delivery: DeliveryHeaders;
	/** Bytes of the request body (for oversize: bytes seen before the receiver stopped reading). */
	bodyBytes: number;
	/** The request body as received; absent for oversize requests. */
	body?: ShownBody;
	callback?: CallbackInfo;
	/** What is wrong with a malformed body. */
	problem?: string;
	/** What the receiver answered. */
	response: { status: number };
	/** The request went on to the app: what the app answered (which the receiver answered too). */
	forward?: ForwardSummary;
}

/** Header values by lowercase name, repeated headers joined with ", " (see headersFromRaw). */
export type Headers = Record<string, string>;

export interface ClassifyInput {
	seq: number;
	receivedAt: number;
	method: string;
	path: string;
	headers: Headers;
	/** The raw body; absent when the body was over the limit. */
	body?: Uint8Array;
	/** For oversize requests: the limit and how many bytes arrived (or were announced). */
	oversize?: { limitBytes: number; seenBytes: number };
	/** Absent for oversize requests, which are not verified. */
	verification?: Verification;
	responseStatus: number;
	forward?: ForwardSummary;
}

/**
 * A request as the server hands it over: a ClassifyInput whose headers are still Node's
 * rawHeaders, turned into a Headers object only when its event is worked out.
 */
export type ReceivedRequest = Omit<ClassifyInput, 'headers'> & { rawHeaders: readonly string[] };

export function classifyInput(request: ReceivedRequest): ClassifyInput {
	// Field by field rather than a spread: one object shape, built without copying loops.
	return {
		seq: request.seq,
		receivedAt: request.receivedAt,
		method: request.method,
		path: request.path,
		headers: headersFromRaw(request.rawHeaders),
		body: request.body,
		oversize: request.oversize,
		verification: request.verification,
		responseStatus: request.responseStatus,
		forward: request.forward,
	};
}

export interface ClassifyOptions {
	dialect: Dialect;
	/** Decoded bodies are cut to this many characters (bytes for hex) so the event stays small. */
	maxShownBodyBytes: number;
}

export const defaultMaxShownBodyBytes = 16 * 1024;

/** The answer for a request whose body was read in full. */
export function responseStatusFor(
	verification: VerifyResult,
	policy: { respondStatus: number; rejectStatus: number },
): number {
	return verification.ok ? policy.respondStatus : policy.rejectStatus;
}

export function classifyRequest(input: ClassifyInput, options: ClassifyOptions): ReceivedEvent {
	const delivery = deliveryHeaders(input.headers, options.dialect);
	if (input.body === undefined) {
		const limit = input.oversize?.limitBytes ?? 0;
		return eventFrom(
			input,
			delivery,
			{
				verified: false,
				failure: 'oversize',
				reason: `body larger than the limit of ${limit} bytes: not read, not verified`,
				signingKey: undefined,
				keyPair: undefined,
				replayOf: undefined,
				claims: undefined,
			},
			input.oversize?.seenBytes ?? 0,
			{ kind: 'oversize', body: undefined, callback: undefined, problem: undefined },
		);
	}
	const content = classifyBody(input.body, input.headers['content-type'], options.maxShownBodyBytes);
	return eventFrom(input, delivery, verdict(input.verification), input.body.length, content);
}

/**
 * The event of a request as the server handed it over. A bug in decoding costs that one event,
 * shown as malformed with what went wrong, never the receiver: it runs in timers and snapshots,
 * long after the request was answered.
 */
export function eventOf(request: ReceivedRequest, options: ClassifyOptions): ReceivedEvent {
	const input = classifyInput(request);
	try {
		return classifyRequest(input, options);
	} catch (error) {
		return eventFrom(input, {}, verdict(input.verification), request.body?.length ?? 0, {
			kind: 'malformed',
			body: undefined,
			callback: undefined,
			problem: `mqtop could not decode this request: ${(error as Error).message}`,
		});
	}
}

/**
 * The event of a request kept somewhere that could not be read back (a record of another
 * process's history whose fields do not read): a malformed event with what is wrong, unverified.
 */
export function undecodableEvent(seq: number, receivedAt: number, problem: string): ReceivedEvent {
	const input: ClassifyInput = { seq, receivedAt, method: '', path: '', headers: {}, responseStatus: 0 };
	return eventFrom(input, {}, verdict(undefined), 0, {
		kind: 'malformed',
		body: undefined,
		callback: undefined,
		problem,
	});
}

/**
 * What the Messages feed needs of a request: whether it was verified and the message it is
 * about. A ReceivedEvent has all of it; gistOf works it out for much less than the event (no
 * previews, no headers object), so the feed can follow every request of a burst.
 */
export interface EventGist {
	verified: boolean;
	delivery: Pick<DeliveryHeaders, 'messageId'>;
	callback?:
		| Pick<CallbackInfo, 'sourceMessageId' | 'dlqId' | 'status' | 'retried' | 'maxRetries' | 'url' | 'method'>
		| undefined;
}

/** The gist of a request: the same as its event's (see eventOf), worked out from what it needs only. */
export function gistOf(
	verified: boolean,
	rawHeaders: readonly string[],
	body: Uint8Array | undefined,
	dialect: Dialect,
): EventGist {
	try {
		const messageId = headerFromRaw(rawHeaders, deliveryHeaderNames(dialect).messageId) || undefined;
		const data = body && judgeBody(body, headerFromRaw(rawHeaders, 'content-type')).data;
		return {
			verified,
			delivery: { messageId },
			callback: data && {
				sourceMessageId: data.sourceMessageId,
				dlqId: data.dlqId,
				status: data.status,
				retried: data.retried,
				maxRetries: data.maxRetries,
				url: data.url,
				method: data.method,
			},
		};
	} catch {
		// As eventOf has it: a request mqtop could not decode tells of no message.
		return { verified, delivery: {}, callback: undefined };
	}
}

/** What an event says of its signature check. */
type Verdict = Pick<
	ReceivedEvent,
	'verified' | 'failure' | 'reason' | 'signingKey' | 'keyPair' | 'replayOf' | 'claims'
>;

/** What an event says of its body. */
type BodyFields = Pick<ReceivedEvent, 'kind' | 'body' | 'callback' | 'problem'>;

/**
 * An event of `input`. Every event is built here, with the same keys in the same order
 * (undefined when absent), from parts of fixed shapes (no spreads): one object shape keeps
 * classification fast and the events compact.
 */
function eventFrom(
	input: ClassifyInput,
	delivery: DeliveryHeaders,
	verdict: Verdict,
	bodyBytes: number,
	content: BodyFields,
): ReceivedEvent {
	return {
		seq: input.seq,
		receivedAt: input.receivedAt,
		method: input.method,
		path: input.path,
		headers: input.headers,
		kind: content.kind,
		verified: verdict.verified,
		failure: verdict.failure,
		reason: verdict.reason,
		signingKey: verdict.signingKey,
		keyPair: verdict.keyPair,
		replayOf: verdict.replayOf,
		claims: verdict.claims,
		delivery,
		bodyBytes,
		body: content.body,
		callback: content.callback,
		problem: content.problem,
		response: { status: input.responseStatus },
		forward: input.forward,
	};
}

function verdict(v: Verification | undefined): Verdict {
	if (v === undefined) {
		return {
			verified: false,
			failure: 'missing',
			reason: 'not verified',
			signingKey: undefined,
			keyPair: undefined,
			replayOf: undefined,
			claims: undefined,
		};
	}
	if (v.ok) {
		return {
			verified: true,
			failure: undefined,
			reason: undefined,
			signingKey: v.key,
			keyPair: v.keyPair,
			replayOf: v.replayOf,
			claims: v.claims,
		};
	}
	return {
		verified: false,
		failure: v.failure,
		reason: v.reason,
		signingKey: undefined,
		keyPair: undefined,
		replayOf: undefined,
		claims: v.claims,
	};
}

// A JSON object with any of these is meant as a callback, so failing the schema is worth saying.
const callbackMarkers = ['sourceMessageId', 'sourceBody', 'sourceHeader', 'maxRetries', 'dlqId'];

/** What a body is: its preview, its kind, and the callback's fields or what is wrong with it. */
interface BodyVerdict {
	preview: BodyPreview;
	kind: 'delivery' | 'malformed' | 'callback' | 'failure-callback';
	problem: string | undefined;
	data: CallbackFields | undefined;
}

function judgeBody(raw: Uint8Array, contentType: string | undefined): BodyVerdict {
	const preview = previewBytes(raw);
	if (preview.kind !== 'text') return delivery(preview);
	const text = preview.text;
	const expectsJson = /\bjson\b/i.test(contentType ?? '') || /^\s*\{/.test(text);
	if (!expectsJson || /^\s*$/.test(text)) return delivery(preview);
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch (error) {
		return malformed(preview, `malformed JSON: ${(error as Error).message}`);
	}
	if (!isObject(value) || !hasCallbackMarker(value)) return delivery(preview);
	const failure = 'dlqId' in value;
	const checked = checkCallbackBody(value, failure);
	if (!checked.ok) {
		return malformed(
			preview,
			`not a valid ${failure ? 'failure callback' : 'callback'} body: ${checked.problem}`,
		);
	}
	return { preview, kind: failure ? 'failure-callback' : 'callback', problem: undefined, data: checked.data };
}

function delivery(preview: BodyPreview): BodyVerdict {
	return { preview, kind: 'delivery', problem: undefined, data: undefined };
}

function malformed(preview: BodyPreview, problem: string): BodyVerdict {
	return { preview, kind: 'malformed', problem, data: undefined };
}

function hasCallbackMarker(value: Record<string, unknown>): boolean {
	for (const key of callbackMarkers) if (key in value) return true;
	return false;
}

function classifyBody(raw: Uint8Array, contentType: string | undefined, maxShown: number): BodyFields {
	const verdict = judgeBody(raw, contentType);
	return {
		kind: verdict.kind,
		body: cap(verdict.preview, maxShown),
		callback: verdict.data === undefined ? undefined : callbackInfo(verdict.data, maxShown),
		problem: verdict.problem,
	};
}

function callbackInfo(data: CallbackFields, maxShown: number): CallbackInfo {
	return {
		status: data.status,
		retried: data.retried,
		maxRetries: data.maxRetries,
		exhausted: data.retried >= data.maxRetries,
		sourceMessageId: data.sourceMessageId,
		url: data.url,
		method: data.method,
		topicName: data.topicName || undefined,
		endpointName: data.endpointName || undefined,
		scheduleId: data.scheduleId || undefined,
		// The neutral interface's callerIP, or callerIp as the SDK's types spell it (see schemas.ts;
		// docs/protocol/conventions.md#spellings-that-differ).
		callerIP: data.callerIP || data.callerIp || undefined,
		dlqId: data.dlqId,
		notBefore: millis(data.notBefore),
		createdAt: millis(data.createdAt),
		header: data.header ?? {},
		sourceHeader: data.sourceHeader ?? {},
		body: cap(previewBase64(data.body), maxShown),
		sourceBody: data.sourceBody === undefined ? undefined : cap(previewBase64(data.sourceBody), maxShown),
	};
}

/** Cuts shown text to `max` characters, never leaving half a surrogate pair. */
function cap(preview: BodyPreview, max: number): ShownBody {
	if (preview.kind === 'binary') return preview;
	const key = preview.kind === 'text' ? 'text' : 'raw';
	const value = preview.kind === 'text' ? preview.text : preview.raw;
	if (value.length <= max) return preview;
	let cut = value.slice(0, max);
	if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
	return { ...preview, [key]: cut, truncated: true } as ShownBody;
}

/** Digits, with white space around them as trim() would take away (Number() ignores it too). */
const unixMsDigits = /^\s*\d{1,16}\s*$/;

function millis(text: string | undefined): number | undefined {
	if (text === undefined || !unixMsDigits.test(text)) return undefined;
	return Number(text);
}

function isObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Headers from Node's rawHeaders (`[name, value, name, value, ...]`), in one pass. */
export function headersFromRaw(raw: readonly string[]): Headers {
	const out: Headers = {};
	for (let i = 0; i + 1 < raw.length; i += 2) {
		const name = raw[i]!.toLowerCase();
		const value = raw[i + 1]!;
		const seen = out[name];
		out[name] = seen === undefined ? value : `${seen}, ${value}`;
	}
	return out;
}

/**
 * One header of Node's rawHeaders as headersFromRaw gives it (`headersFromRaw(raw)[name]`), for
 * a lowercase ASCII name, without building the others.
 */
export function headerFromRaw(raw: readonly string[], name: string): string | undefined {
	let value: string | undefined;
	for (let i = 0; i + 1 < raw.length; i += 2) {
		const candidate = raw[i]!;
		if (candidate.length !== name.length || candidate.toLowerCase() !== name) continue;
		value = value === undefined ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
	}
	return value;
}

/** The lowercase name of the `<prefix>Signature` header. */
export function signatureHeaderName(dialect: Dialect): string {
	return deliveryHeaderNames(dialect).signature;
}

interface DeliveryHeaderNames {
	signature: string;
	messageId: string;
	retried: string;
	topicName: string;
	endpointName: string;
	callerIp: string;
}

const headerNames = new Map<string, DeliveryHeaderNames>();

/** The lowercase delivery header names of a prefix, worked out once per prefix. */
function deliveryHeaderNames(dialect: Dialect): DeliveryHeaderNames {
	let names = headerNames.get(dialect.headerPrefix);
	if (!names) {
		const name = (suffix: string) => prefixed(dialect, suffix).toLowerCase();
		names = {
			signature: name('Signature'),
			messageId: name('Message-Id'),
			retried: name('Retried'),
			topicName: name('Topic-Name'),
			endpointName: name('Endpoint-Name'),
			callerIp: name('Caller-Ip'),
		};
		headerNames.set(dialect.headerPrefix, names);
	}
	return names;
}

function deliveryHeaders(headers: Record<string, string>, dialect: Dialect): DeliveryHeaders {
	const names = deliveryHeaderNames(dialect);
	const retried = headers[names.retried]?.trim();
	return {
		messageId: headers[names.messageId] || undefined,
		retried: retried && /^\d{1,9}$/.test(retried) ? Number(retried) : undefined,
		topicName: headers[names.topicName] || undefined,
		endpointName: headers[names.endpointName] || undefined,
		callerIp: headers[names.callerIp] || undefined,
		userAgent: headers['user-agent'] || undefined,
	};
}
