/**
 * A request as the receiver handed it over (ReceivedRequest), as bytes: the frame its history
 * keeps on disk and its worker thread posts to the main thread, so that the one encoding does
 * both. The body is kept as it arrived and the headers as one string: keeping a request costs
 * a copy of its bytes, not a base64 and a JSON text of them, and a batch of frames crosses to
 * the main thread as one transferred buffer rather than a structured clone per request. Pure.
 *
 *   u32 length of the rest of the frame
 *   u8  format: 3, the one this version writes and reads. A later format keeps these first two
 *       fields and the checksum last, so that a reader tells a whole frame it does not read from
 *       a damaged one, and says so (history-read.ts)
 *   f64 seq
 *   u8  flags: 1 verified, 2 body read (not over the limit): what the receiver's counters and
 *       the Messages feed need, read without decoding the rest
 *   f64 when it was received (Unix ms): what the Callbacks pane orders the requests of two
 *       receivers by, read without decoding the rest either
 *   u32 bytes of meta, then meta: UTF-8 JSON of the other fields (FrameMeta)
 *   u8  how the headers are written: 0 joined by NUL, 1 a JSON array (a header with a NUL in it)
 *   u32 bytes of headers, then the headers, UTF-8
 *   the body (none when meta says `body: false`: over the limit)
 *   u32 CRC-32 of the frame up to here, length included: set by the history when it writes the
 *       frame (sealFrame), so that a damaged frame on disk is told from a whole one and the
 *       reader finds the next whole frame after it (history-read.ts); 0 in a frame posted
 *       between threads, which nothing damages
 */
import { z } from 'zod';
import type { VerifyFailure } from '../signing/jwt.js';
import { parseJsonAs } from '../text/parse-json.js';
import { crc32 } from './crc32.js';
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

/**
 * The format this version writes and reads. Formats 1 and 2 were written by builds before any
 * release and are not read: their frames are skipped as frames of another format.
 */
export const frameFormat = 3;
const lengthBytes = 4;
const checksumBytes = 4;
/** format, seq, flags, received at, meta length, header encoding, headers length. */
const headBytes = 1 + 8 + 1 + 8 + 4 + 1 + 4;
/** The least a frame holds after its length: its head and its checksum. */
const leastRest = headBytes + checksumBytes;
const joined = 0;
const jsonArray = 1;
const verifiedFlag = 1;
const bodyFlag = 2;
/** Where a frame's format, seq, flags and time of receipt are, from its start. */
const formatAt = lengthBytes;
const seqAt = formatAt + 1;
const flagsAt = seqAt + 8;
const receivedAtAt = flagsAt + 1;

/** A ForwardSummary as stored. */
const StoredForward = z.object({
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

const verifyFailures = [
	'missing',
	'malformed',
	'algorithm',
	'signature',
	'issuer',
	'not-yet-valid',
	'expired',
	'subject',
	'body',
] as const satisfies readonly VerifyFailure[];

/** A frame's meta in full, as read from disk by another process (mqtop listen's history): checked field by field. */
const StoredRequestMeta = z.object({
	receivedAt: z.number(),
	method: z.string(),
	path: z.string(),
	verification: z
		.union([
			z.object({
				ok: z.literal(true),
				key: z.enum(['current', 'next']),
				claims: z.record(z.string(), z.unknown()),
				keyPair: z.string().optional(),
				replayOf: z.number().int().positive().optional(),
			}),
			z.object({
				ok: z.literal(false),
				failure: z.enum(verifyFailures),
				reason: z.string(),
				claims: z.record(z.string(), z.unknown()).optional(),
			}),
		])
		.optional(),
	responseStatus: z.number().int(),
	forward: StoredForward.optional(),
	oversize: z.object({ limitBytes: z.number(), seenBytes: z.number() }).optional(),
	body: z.literal(false).optional(),
});

/** The fields of a request other than seq, headers and body, as a frame's meta holds them. */
type FrameMeta = Pick<
	ReceivedRequest,
	'receivedAt' | 'method' | 'path' | 'verification' | 'responseStatus' | 'forward' | 'oversize'
> & { body?: false };

/** A frame's text parts, before they are written. */
interface FrameText {
	meta: string;
	encoding: number;
	headers: string;
	flags: number;
}

function frameText(request: ReceivedRequest): FrameText {
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
	const flags = (request.verification?.ok === true ? verifiedFlag : 0) | (body === undefined ? 0 : bodyFlag);
	return { meta, encoding, headers, flags };
}

/** Writes the frame at `at` of `target`, which has room for it; returns where it ends. */
function writeFrameText(request: ReceivedRequest, text: FrameText, target: Buffer, at: number): number {
	const start = at;
	at = target.writeUInt8(frameFormat, start + lengthBytes);
	at = target.writeDoubleLE(request.seq, at);
	at = target.writeUInt8(text.flags, at);
	at = target.writeDoubleLE(request.receivedAt, at);
	const metaBytes = target.write(text.meta, at + 4, 'utf8');
	at = target.writeUInt32LE(metaBytes, at) + metaBytes;
	at = target.writeUInt8(text.encoding, at);
	const headerBytes = target.write(text.headers, at + 4, 'utf8');
	at = target.writeUInt32LE(headerBytes, at) + headerBytes;
	if (request.body) {
		target.set(request.body, at);
		at += request.body.byteLength;
	}
	at = target.writeUInt32LE(0, at);
	target.writeUInt32LE(at - start - lengthBytes, start);
	return at;
}

/** The frame of a request, in a buffer of its own. */
export function encodeRequest(request: ReceivedRequest): Buffer {
	const text = frameText(request);
	const bytes =
		lengthBytes +
		leastRest +
		Buffer.byteLength(text.meta) +
		Buffer.byteLength(text.headers) +
		(request.body?.byteLength ?? 0);
	const frame = Buffer.allocUnsafe(bytes);
	writeFrameText(request, text, frame, 0);
	return frame;
}

/**
 * Writes the frame of a request at `at` of `target` (a batch of frames) and returns where it
 * ends, or undefined, writing nothing, when it does not fit. No buffer of its own and no copy:
 * the worker thread writes every request it answers this way.
 */
export function writeFrame(request: ReceivedRequest, target: Buffer, at: number): number | undefined {
	const text = frameText(request);
	const room = target.length - at - lengthBytes - leastRest - (request.body?.byteLength ?? 0);
	// A UTF-8 character takes at most three bytes per UTF-16 unit: count exactly only when the bound fails.
	const fits =
		3 * (text.meta.length + text.headers.length) <= room ||
		Buffer.byteLength(text.meta) + Buffer.byteLength(text.headers) <= room;
	return fits ? writeFrameText(request, text, target, at) : undefined;
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

/** A frame's head: its length, format and seq. */
export const frameHeadBytes = flagsAt;

/**
 * The bytes the frame whose head is at `start` of `buffer` spans, read from its head alone, or
 * undefined when the head is not a frame's of this format (another format, a length too short).
 */
export function frameBytes(buffer: Buffer, start: number): number | undefined {
	const rest = buffer.readUInt32LE(start);
	return buffer[start + formatAt] !== frameFormat || rest < leastRest ? undefined : lengthBytes + rest;
}

/**
 * The format of the `bytes` at `start` of `buffer` when they are a whole frame of a format other
 * than this version's: a length that spans them, a format byte, and the CRC-32 of the rest last,
 * as every format has them. Undefined for anything else (a frame of this format, damaged bytes).
 */
export function otherFormatOf(buffer: Buffer, start: number, bytes: number): number | undefined {
	const format = buffer[start + formatAt]!;
	if (format === frameFormat || bytes < frameHeadBytes + checksumBytes) return undefined;
	if (buffer.readUInt32LE(start) !== bytes - lengthBytes) return undefined;
	const sum = start + bytes - checksumBytes;
	return crc32(buffer.subarray(start, sum)) === buffer.readUInt32LE(sum) ? format : undefined;
}

/** The seq in the head of the frame at `start` of `buffer`. */
export function frameSeq(buffer: Buffer, start: number): number {
	return buffer.readDoubleLE(start + seqAt);
}

/**
 * The frame at `start` of `buffer` (which may end before it does). Of a frame from disk only the
 * head is checked here: see storedFrameIntact for the rest.
 */
export function readFrame(buffer: Buffer, start: number): FrameRead {
	if (buffer.length - start < flagsAt) return { complete: false, need: flagsAt };
	const bytes = frameBytes(buffer, start);
	if (bytes === undefined) return { complete: false, need: undefined };
	const end = start + bytes;
	if (end > buffer.length) return { complete: false, need: bytes };
	return { complete: true, span: { seq: frameSeq(buffer, start), start, end } };
}

/**
 * Sets the checksum of the one frame `frame` holds (as encodeRequest makes it), which the
 * history writes: done there, not when the frame is made, as the worker thread makes a frame of
 * every request and the history writes a few megabytes a second at most.
 */
export function sealFrame(frame: Buffer): void {
	frame.writeUInt32LE(crc32(frame.subarray(0, frame.length - checksumBytes)), frame.length - checksumBytes);
}

/**
 * Whether a frame read from disk at `span` is whole: a request number, and its checksum. Its
 * head was read by readFrame.
 */
export function storedFrameIntact(buffer: Buffer, span: FrameSpan): boolean {
	const seq = span.seq;
	if (!Number.isSafeInteger(seq) || seq < 1) return false;
	const sum = span.end - checksumBytes;
	return crc32(buffer.subarray(span.start, sum)) === buffer.readUInt32LE(sum);
}

/** Where a frame's parts lie; undefined when they do not fit in it (a damaged frame). */
interface FrameLayout {
	flags: number;
	metaStart: number;
	metaEnd: number;
	encoding: number;
	headersStart: number;
	headersEnd: number;
	/** Where the body ends: the frame's end, or its checksum. */
	bodyEnd: number;
}

function frameLayout(buffer: Buffer, span: FrameSpan): FrameLayout | undefined {
	const flags = buffer[span.start + flagsAt]!;
	const at = span.start + receivedAtAt + 8;
	const end = span.end - checksumBytes;
	const metaStart = at + 4;
	const metaEnd = metaStart + buffer.readUInt32LE(at);
	if (metaEnd + 5 > end) return undefined;
	const headersStart = metaEnd + 5;
	const headersEnd = headersStart + buffer.readUInt32LE(metaEnd + 1);
	if (headersEnd > end) return undefined;
	return { flags, metaStart, metaEnd, encoding: buffer[metaEnd]!, headersStart, headersEnd, bodyEnd: end };
}

function frameHeaders(buffer: Buffer, layout: FrameLayout): string[] | undefined {
	const text = buffer.toString('utf8', layout.headersStart, layout.headersEnd);
	const rawHeaders =
		layout.encoding === joined
			? text === ''
				? []
				: text.split('\0')
			: parseJsonAs(text, z.array(z.string()));
	return rawHeaders && rawHeaders.length % 2 === 0 ? rawHeaders : undefined;
}

/** A frame's parts, still as text where they are JSON. */
interface FrameParts {
	meta: string;
	rawHeaders: string[] | undefined;
	/** A view of the frame's bytes. */
	body: Buffer;
}

function frameParts(buffer: Buffer, span: FrameSpan): FrameParts | undefined {
	const layout = frameLayout(buffer, span);
	if (!layout) return undefined;
	return {
		meta: buffer.toString('utf8', layout.metaStart, layout.metaEnd),
		rawHeaders: frameHeaders(buffer, layout),
		body: buffer.subarray(layout.headersEnd, layout.bodyEnd),
	};
}

/** What the receiver's counters need of a frame this process made, read from its flags alone. */
export function frameVerdict(buffer: Buffer, span: FrameSpan): { verified: boolean; bodyRead: boolean } {
	const flags = buffer[span.start + flagsAt]!;
	return { verified: (flags & verifiedFlag) !== 0, bodyRead: (flags & bodyFlag) !== 0 };
}

/** When the request of a frame was received (Unix ms), read from its head. */
export function frameReceivedAt(buffer: Buffer, span: FrameSpan): number {
	return buffer.readDoubleLE(span.start + receivedAtAt);
}

/**
 * What the Messages feed needs of a frame this process made, read without its meta: its headers
 * and its body (undefined when it was over the limit; a view of `buffer`).
 */
export function glanceFrame(
	buffer: Buffer,
	span: FrameSpan,
): { rawHeaders: string[]; body: Buffer | undefined } {
	const layout = frameLayout(buffer, span);
	const rawHeaders = layout && frameHeaders(buffer, layout);
	if (!layout || !rawHeaders)
		throw new Error(`request ${span.seq} arrived damaged from the receiver's thread`);
	return {
		rawHeaders,
		body: (layout.flags & bodyFlag) === 0 ? undefined : buffer.subarray(layout.headersEnd, layout.bodyEnd),
	};
}

/**
 * The request of a frame this process made (its worker thread posted it): trusted, so read
 * without a schema. Its body is a view of `buffer`.
 */
export function decodeRequest(buffer: Buffer, span: FrameSpan): ReceivedRequest {
	const parts = frameParts(buffer, span);
	if (!parts?.rawHeaders) throw new Error(`request ${span.seq} arrived damaged from the receiver's thread`);
	return requestOf(span, JSON.parse(parts.meta) as FrameMeta, parts.rawHeaders, parts.body);
}

/**
 * The request of a frame read from another process's history on disk, as the server handed it
 * over, or undefined when it does not read: its meta is checked field by field, not trusted.
 * Its body is a view of `buffer`.
 */
export function decodeStored(buffer: Buffer, span: FrameSpan): ReceivedRequest | undefined {
	const parts = frameParts(buffer, span);
	const meta = parts && parseJsonAs(parts.meta, StoredRequestMeta);
	if (!parts?.rawHeaders || !meta) return undefined;
	return requestOf(span, meta, parts.rawHeaders, parts.body);
}

/** A frame's request from its meta (trusted or checked) and its parts; the body is a view of the frame. */
function requestOf(
	span: FrameSpan,
	meta: z.output<typeof StoredRequestMeta> | FrameMeta,
	rawHeaders: NonNullable<FrameParts['rawHeaders']>,
	body: FrameParts['body'],
): ReceivedRequest {
	return {
		seq: span.seq,
		receivedAt: meta.receivedAt,
		method: meta.method,
		path: meta.path,
		rawHeaders,
		body: meta.body === false ? undefined : body,
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
	const meta = parts && parseJsonAs(parts.meta, StoredMeta);
	if (!parts?.rawHeaders || !meta || meta.body === false) return undefined;
	// A copy of the body: the request outlives the buffer the history was read into.
	return capturedRequest(span.seq, meta, parts.rawHeaders, Buffer.from(parts.body));
}

/** The fields of a kept request other than seq, headers and body, as stored. */
interface StoredFields {
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
function captured(seq: number, fields: StoredFields, rawHeaders: string[], body: Buffer): CapturedRequest {
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

function withoutUndefined<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
