/**
 * What the receiver makes of one request: a pure function from the request as it arrived (and
 * the outcome of verifying its signature) to a typed ReceivedEvent (event.ts).
 */
import type { Dialect } from '../api/dialect.js';
import { type BodyPreview, previewBase64, previewBytes } from '../text/body-preview.js';
import { type CallbackFields, checkCallbackBody } from './callback-body.js';
import { deliveryHeaderNames, deliveryHeaders } from './delivery-headers.js';
import type {
	CallbackInfo,
	ClassifyInput,
	DeliveryHeaders,
	EventGist,
	ReceivedEvent,
	ReceivedRequest,
	ShownBody,
	Verification,
} from './event.js';
import { headerFromRaw, headersFromRaw } from './raw-headers.js';

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
	// A copy of its own: V8 may make a slice a view of the whole text, which would keep every
	// byte of a large body alive for as long as the event is shown.
	cut = ` ${cut}`.slice(1);
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
