/**
 * A request as the receiver handed it over (ReceivedRequest), as bytes: the frame its history
 * keeps on disk and its worker thread posts to the main thread, so that the one encoding does
 * both. The body is kept as it arrived and the headers as one string: keeping a request costs
 * a copy of its bytes, not a base64 and a JSON text of them, and a batch of frames crosses to
 * the main thread as one transferred buffer rather than a structured clone per request. Pure.
 *
 *   u32 length of the rest of the frame
 *   u8  format (1)
 *   f64 seq
 *   u32 bytes of meta, then meta: UTF-8 JSON of the other fields (FrameMeta)
 *   u8  how the headers are written: 0 joined by NUL, 1 a JSON array (a header with a NUL in it)
 *   u32 bytes of headers, then the headers, UTF-8
 *   the body, to the end of the frame (none when meta says `body: false`: over the limit)
 */
import { z } from 'zod';
import type { ForwardSummary, ReceivedRequest, Verification } from './event.js';

/** A request as the history keeps it for replay: all it takes to send it again, and what became of it. */
export interface CapturedRequest {
	seq: number;
	receivedAt: number;
	method: string;
	path: string;
	rawHeaders: string[];
	body: Buffer;
	verified: boolean;
	/** Why it was rejected. */
	reason?: string;
	keyPair?: string;
	responseStatus: number;
	forward?: ForwardSummary;
}

const frameFormat = 1;
const lengthBytes = 4;
/** format, seq, meta length, header encoding, headers length. */
const fixedBytes = 1 + 8 + 4 + 1 + 4;
const joined = 0;
const jsonArray = 1;

/** A ForwardSummary as stored. */
export const StoredForward = z.object({
	url: z.string(),
	status: z.number().int().optional(),
	ms: z.number(),
	error: z.string().optional(),
});

/** What replay needs of a frame's meta, as read from disk (where anything may have happened to it). */
const StoredMeta = z.object({
	receivedAt: z.number(),
	method: z.string(),
	path: z.string(),
	verification: z
		.object({ ok: z.boolean(), reason: z.string().optional(), keyPair: z.string().optional() })
		.optional(),
	responseStatus: z.number().int(),
	forward: StoredForward.optional(),
	body: z.literal(false).optional(),
});

/** The fields of a request other than seq, headers and body, as a frame's meta holds them. */
type FrameMeta = Pick<
	ReceivedRequest,
	'receivedAt' | 'method' | 'path' | 'verification' | 'responseStatus' | 'forward' | 'oversize'
> & { body?: false };

/** The frame of a request. */
export function encodeRequest(request: ReceivedRequest): Buffer {
	const body = request.body;
	const meta = JSON.stringify({
		receivedAt: request.receivedAt,
		method: request.method,
		path: request.path,
		verification: request.verification,
		responseStatus: request.responseStatus,
		forward: request.forward,
		oversize: request.oversize,
		body: body === undefined ? false : undefined,
	} satisfies FrameMeta);
	const raw = request.rawHeaders;
	// Node's parser refuses a NUL in a header, so the join is nearly always safe; a request made
	// some other way still round-trips.
	const encoding = raw.some((text) => text.includes('\0')) ? jsonArray : joined;
	const headers = encoding === joined ? raw.join('\0') : JSON.stringify(raw);
	const metaBytes = Buffer.byteLength(meta);
	const headerBytes = Buffer.byteLength(headers);
	const rest = fixedBytes + metaBytes + headerBytes + (body?.byteLength ?? 0);
	const frame = Buffer.allocUnsafe(lengthBytes + rest);
	let at = frame.writeUInt32LE(rest, 0);
	at = frame.writeUInt8(frameFormat, at);
	at = frame.writeDoubleLE(request.seq, at);
	at = frame.writeUInt32LE(metaBytes, at);
	at += frame.write(meta, at, 'utf8');
	at = frame.writeUInt8(encoding, at);
	at = frame.writeUInt32LE(headerBytes, at);
	at += frame.write(headers, at, 'utf8');
	if (body) frame.set(body, at);
	return frame;
}

/** Where a complete frame lies in a buffer, and its seq. */
export interface FrameSpan {
	seq: number;
	/** Offset of the frame (its length field). */
	start: number;
	/** Offset just past it. */
	end: number;
}

export type FrameRead =
	| { complete: true; span: FrameSpan }
	/** More bytes are needed (`need` in all, from `start`). */
	| { complete: false; need: number }
	/** Not a frame: what follows is damaged. */
	| { complete: false; need: undefined };

/** The frame at `start` of `buffer` (which may end before it does). */
export function readFrame(buffer: Buffer, start: number): FrameRead {
	if (buffer.length - start < lengthBytes + 1 + 8) return { complete: false, need: lengthBytes + 1 + 8 };
	const rest = buffer.readUInt32LE(start);
	if (rest < fixedBytes || buffer[start + lengthBytes] !== frameFormat)
		return { complete: false, need: undefined };
	const end = start + lengthBytes + rest;
	if (end > buffer.length) return { complete: false, need: lengthBytes + rest };
	return { complete: true, span: { seq: buffer.readDoubleLE(start + lengthBytes + 1), start, end } };
}

/** A frame's parts, still as text where they are JSON. */
interface FrameParts {
	meta: string;
	rawHeaders: string[] | undefined;
	/** A view of the frame's bytes. */
	body: Buffer;
}

function frameParts(buffer: Buffer, span: FrameSpan): FrameParts | undefined {
	let at = span.start + lengthBytes + 1 + 8;
	const metaBytes = buffer.readUInt32LE(at);
	at += 4;
	if (at + metaBytes + 5 > span.end) return undefined;
	const meta = buffer.toString('utf8', at, at + metaBytes);
	at += metaBytes;
	const encoding = buffer[at]!;
	const headerBytes = buffer.readUInt32LE(at + 1);
	at += 5;
	if (at + headerBytes > span.end) return undefined;
	const headerText = buffer.toString('utf8', at, at + headerBytes);
	const rawHeaders =
		encoding === joined
			? headerText === ''
				? []
				: headerText.split('\0')
			: parseJson(headerText, z.array(z.string()));
	if (rawHeaders && rawHeaders.length % 2 !== 0) return undefined;
	return { meta, rawHeaders, body: buffer.subarray(at + headerBytes, span.end) };
}

/**
 * The request of a frame this process made (its worker thread posted it): trusted, so read
 * without a schema. Its body is a view of `buffer`.
 */
export function decodeRequest(buffer: Buffer, span: FrameSpan): ReceivedRequest {
	const parts = frameParts(buffer, span);
	if (!parts?.rawHeaders) throw new Error(`request ${span.seq} arrived damaged from the receiver's thread`);
	const meta = JSON.parse(parts.meta) as FrameMeta;
	return {
		seq: span.seq,
		receivedAt: meta.receivedAt,
		method: meta.method,
		path: meta.path,
		rawHeaders: parts.rawHeaders,
		body: meta.body === false ? undefined : parts.body,
		oversize: meta.oversize,
		verification: meta.verification as Verification | undefined,
		responseStatus: meta.responseStatus,
		forward: meta.forward,
	};
}

/**
 * The request of a frame read from the history on disk, as replay needs it; undefined when it
 * does not read or was never read in full (over the limit: nothing to send again).
 */
export function decodeCaptured(buffer: Buffer, span: FrameSpan): CapturedRequest | undefined {
	const parts = frameParts(buffer, span);
	const meta = parts && parseJson(parts.meta, StoredMeta);
	if (!parts?.rawHeaders || !meta || meta.body === false) return undefined;
	// A copy of the body: the request outlives the buffer the history was read into.
	return capturedRequest(span.seq, meta, parts.rawHeaders, Buffer.from(parts.body));
}

/** The fields of a kept request other than seq, headers and body, as stored. */
export interface StoredFields {
	receivedAt: number;
	method: string;
	path: string;
	verified: boolean;
	reason?: string | undefined;
	keyPair?: string | undefined;
	responseStatus: number;
	forward?: z.infer<typeof StoredForward> | undefined;
}

function capturedRequest(
	seq: number,
	meta: z.infer<typeof StoredMeta>,
	rawHeaders: string[],
	body: Buffer,
): CapturedRequest {
	const v = meta.verification;
	return captured(
		seq,
		{
			receivedAt: meta.receivedAt,
			method: meta.method,
			path: meta.path,
			verified: v?.ok === true,
			reason: v && !v.ok ? v.reason : undefined,
			keyPair: v?.ok ? v.keyPair : undefined,
			responseStatus: meta.responseStatus,
			forward: meta.forward,
		},
		rawHeaders,
		body,
	);
}

/** A kept request from its parts, without the keys it does not have. */
export function captured(
	seq: number,
	fields: StoredFields,
	rawHeaders: string[],
	body: Buffer,
): CapturedRequest {
	const { reason, keyPair, forward, ...rest } = fields;
	return {
		seq,
		...rest,
		rawHeaders,
		body,
		...(reason !== undefined ? { reason } : {}),
		...(keyPair !== undefined ? { keyPair } : {}),
		...(forward ? { forward: withoutUndefined(forward) } : {}),
	};
}

function parseJson<T>(text: string, schema: z.ZodType<T>): T | undefined {
	try {
		const parsed = schema.safeParse(JSON.parse(text));
		return parsed.success ? parsed.data : undefined;
	} catch {
		return undefined;
	}
}

function withoutUndefined<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
