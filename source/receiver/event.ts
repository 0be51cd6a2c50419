/**
 * What the receiver makes of one request, as types: the ReceivedEvent that the TUI's detail view
 * and `mqtop listen` (lines and --json) all render from, what it is worked out from (a
 * ReceivedRequest as the server hands it over) and its gist. classify.ts works them out.
 */
import type { VerifyFailure, VerifyResult } from '../signing/jwt.js';
import type { BodyPreview } from '../text/body-preview.js';
import type { Headers } from './raw-headers.js';

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
