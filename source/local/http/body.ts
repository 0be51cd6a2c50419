/** Request bodies: read with a size limit (413 beyond it) and parsed as JSON (400 if not). */
import type { IncomingMessage } from 'node:http';
import { badRequest, HttpError } from './reply.js';

/** A body this many times the limit is not drained to the end: the connection is dropped. */
const drainFactor = 8;

export async function readBody(req: IncomingMessage, limit: number, what = 'body'): Promise<Buffer> {
	const declared = Number(req.headers['content-length']);
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req as AsyncIterable<Buffer>) {
		size += chunk.length;
		if (size <= limit) chunks.push(chunk);
		else if (size > limit * drainFactor + 1_048_576) {
			// Answering needs a connection that is still readable; past this, stop reading.
			req.destroy();
			break;
		}
	}
	if (size > limit || declared > limit) {
		throw new HttpError(
			413,
			`${what} of ${Math.max(size, declared || 0)} bytes exceeds the plan's max_message_size of ${limit} bytes`,
			{ connection: 'close' },
		);
	}
	// Copy: a small chunk may be a view of a much larger socket buffer that it would pin.
	return Buffer.concat(chunks, size);
}

export function parseJson(body: Buffer, what: string): unknown {
	const text = body.toString('utf8');
	if (text.trim() === '') throw badRequest(`${what}: the body is empty, expected JSON`);
	try {
		return JSON.parse(text);
	} catch (error) {
		throw badRequest(`${what}: the body is not valid JSON (${(error as Error).message})`);
	}
}
