/**
 * One request of the receiver's history as bytes on disk: a frame that holds the body as it
 * arrived and the headers as one string, so keeping a request costs a copy of its bytes, not
 * a base64 and a JSON text of them (that cost `mqtop listen` a fifth of its throughput). Pure.
 *
 *   u32 length of the rest of the frame
 *   u8  format (1)
 *   f64 seq
 *   u32 bytes of meta, then meta: UTF-8 JSON of the small fields (FrameMeta)
 *   u8  how the headers are written: 0 joined by NUL, 1 a JSON array (a header with a NUL in it)
 *   u32 bytes of headers, then the headers, UTF-8
 *   the body, to the end of the frame
 */
import { z } from 'zod';
import type { ForwardSummary, ReceivedRequest } from './event.js';

/** A request as the history keeps it: all it takes to send it again, and what became of it. */
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

const Forward = z.object({
	url: z.string(),
	status: z.number().int().optional(),
	ms: z.number(),
	error: z.string().optional(),
});

/** The fields of a frame other than seq, headers and body. */
export const FrameMeta = z.object({
	receivedAt: z.number(),
	method: z.string(),
	path: z.string(),
	verified: z.boolean(),
	reason: z.string().optional(),
	keyPair: z.string().optional(),
	responseStatus: z.number().int(),
	forward: Forward.optional(),
});

/**
 * The frame of a request the server handed over, or undefined for one whose body was never
 * read (over the limit): there is nothing to send again.
 */
export function encodeFrame(request: ReceivedRequest): Buffer | undefined {
	const body = request.body;
	if (body === undefined) return undefined;
	const v = request.verification;
	const meta = JSON.stringify({
		receivedAt: request.receivedAt,
		method: request.method,
		path: request.path,
		verified: v?.ok === true,
		reason: v && !v.ok ? v.reason : undefined,
		keyPair: v?.ok ? v.keyPair : undefined,
		responseStatus: request.responseStatus,
		forward: request.forward,
	});
	const raw = request.rawHeaders;
	// Node's parser refuses a NUL in a header, so the join is nearly always safe; a request made
	// some other way still round-trips.
	const encoding = raw.some((text) => text.includes('\0')) ? jsonArray : joined;
	const headers = encoding === joined ? raw.join('\0') : JSON.stringify(raw);
	const metaBytes = Buffer.byteLength(meta);
	const headerBytes = Buffer.byteLength(headers);
	const rest = fixedBytes + metaBytes + headerBytes + body.byteLength;
	const frame = Buffer.allocUnsafe(lengthBytes + rest);
	let at = frame.writeUInt32LE(rest, 0);
	at = frame.writeUInt8(frameFormat, at);
	at = frame.writeDoubleLE(request.seq, at);
	at = frame.writeUInt32LE(metaBytes, at);
	at += frame.write(meta, at, 'utf8');
	at = frame.writeUInt8(encoding, at);
	at = frame.writeUInt32LE(headerBytes, at);
	at += frame.write(headers, at, 'utf8');
	frame.set(body, at);
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
export function readFrame(buffer: Uint8Array, start: number): FrameRead {
	const view = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
	if (view.length - start < lengthBytes + 1 + 8) return { complete: false, need: lengthBytes + 1 + 8 };
	const rest = view.readUInt32LE(start);
	if (rest < fixedBytes || view[start + lengthBytes] !== frameFormat)
		return { complete: false, need: undefined };
	const end = start + lengthBytes + rest;
	if (end > view.length) return { complete: false, need: lengthBytes + rest };
	return { complete: true, span: { seq: view.readDoubleLE(start + lengthBytes + 1), start, end } };
}

/** The request in a complete frame, or undefined when its content does not read. */
export function decodeFrame(buffer: Uint8Array, span: FrameSpan): CapturedRequest | undefined {
	const frame = Buffer.from(buffer.buffer, buffer.byteOffset + span.start, span.end - span.start);
	let at = lengthBytes + 1 + 8;
	const metaBytes = frame.readUInt32LE(at);
	at += 4;
	if (at + metaBytes + 5 > frame.length) return undefined;
	const meta = parseJson(frame.toString('utf8', at, at + metaBytes), FrameMeta);
	at += metaBytes;
	const encoding = frame[at]!;
	const headerBytes = frame.readUInt32LE(at + 1);
	at += 5;
	if (!meta || at + headerBytes > frame.length) return undefined;
	const headerText = frame.toString('utf8', at, at + headerBytes);
	const rawHeaders =
		encoding === joined
			? headerText === ''
				? []
				: headerText.split('\0')
			: parseJson(headerText, z.array(z.string()));
	if (!rawHeaders || rawHeaders.length % 2 !== 0) return undefined;
	at += headerBytes;
	// A copy of the body: the request outlives the buffer the history was read into.
	return capturedRequest(span.seq, meta, rawHeaders, Buffer.from(frame.subarray(at)));
}

/** A kept request from its parts, without the keys its meta does not have. */
export function capturedRequest(
	seq: number,
	meta: z.infer<typeof FrameMeta>,
	rawHeaders: string[],
	body: Buffer,
): CapturedRequest {
	const { reason, keyPair, forward, ...fields } = meta;
	return {
		seq,
		...fields,
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
