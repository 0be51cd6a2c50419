/**
 * Request bodies: read with a size limit (413 beyond it) and parsed as JSON (400 if not, or
 * if it nests deeper than the service takes: what it would make could not be kept).
 */
import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { describeZodError } from '../../api/schemas.js';
import { maxRequestNesting, nestsDeeperThan } from '../../text/json-nesting.js';
import { invalid, ServiceError } from '../errors.js';
import { budgetOf } from './body-budget.js';

/** The most a JSON request body of the service's own operations (not a message) may take. */
export const jsonBodyLimit = 1_048_576;

/** A body this many times the limit is not drained to the end: the connection is dropped. */
const drainFactor = 8;

export async function readBody(req: IncomingMessage, limit: number, what = 'body'): Promise<Buffer> {
	const declared = Number(req.headers['content-length']);
	if (declared > limit) {
		// Answered as soon as the headers say so: a client announcing gigabytes is not waited
		// for. What it sends meanwhile is read and dropped, so that it can read the answer.
		discard(req, limit);
		throw tooLarge(what, declared, limit, {});
	}
	const { chunks, size } = await collect(req, limit);
	if (size > limit) throw tooLarge(what, size, limit, { connection: 'close' });
	// Copy: a small chunk may be a view of a much larger socket buffer that it would pin.
	return Buffer.concat(chunks, size);
}

function tooLarge(what: string, size: number, limit: number, headers: Record<string, string>): ServiceError {
	return new ServiceError(
		'too-large',
		`${what} of ${size} bytes exceeds the plan's max_message_size of ${limit} bytes`,
		headers,
	);
}

function drainCap(limit: number): number {
	return limit * drainFactor + 1_048_576;
}

/** Reads and drops a body; past the drain cap the connection is dropped. */
function discard(req: IncomingMessage, limit: number): void {
	let size = 0;
	req.on('data', (chunk: Buffer) => {
		size += chunk.length;
		if (size > drainCap(limit)) req.destroy();
	});
	req.on('error', () => {});
}

/**
 * Reads to the end, keeping chunks up to `limit` (events, not an async iterator: cheaper), and
 * no more than the server's budget for the bodies it receives at once allows (503 past it; what
 * comes after is read and dropped, as for a body over the limit).
 */
function collect(req: IncomingMessage, limit: number): Promise<{ chunks: Buffer[]; size: number }> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		const budget = budgetOf(req.socket);
		let held = 0;
		let refused = false;
		const release = () => {
			budget?.release(held);
			held = 0;
		};
		const done = () => {
			release();
			resolve({ chunks, size });
		};
		req.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size <= limit && !refused) {
				if (budget && !budget.take(chunk.length)) {
					refused = true;
					chunks.length = 0;
					release();
					req.off('end', done);
					reject(budget.refusal());
				} else {
					held += chunk.length;
					chunks.push(chunk);
				}
			}
			if (size > drainCap(limit)) {
				// Answering needs a connection that is still readable; past this, stop reading.
				req.off('end', done);
				req.destroy();
				done();
			}
		});
		req.on('end', done);
		req.on('error', () => {
			release();
			reject(invalid('the request body could not be read'));
		});
		// A client that goes away mid-body gets no answer; the handler must not wait forever.
		req.on('close', () => {
			release();
			if (!req.complete) reject(invalid('the request body was cut off'));
		});
	});
}

export function parseJson(body: Buffer, what: string): unknown {
	const text = body.toString('utf8');
	if (text.trim() === '') throw invalid(`${what}: the body is empty, expected JSON`);
	if (nestsDeeperThan(body, maxRequestNesting)) throw tooDeep(what);
	try {
		return JSON.parse(text);
	} catch (error) {
		throw invalid(`${what}: the body is not valid JSON (${(error as Error).message})`);
	}
}

/** 400 for JSON that nests deeper than the local service takes. */
export function tooDeep(what: string): ServiceError {
	return invalid(
		`${what}: the JSON nests deeper than ${maxRequestNesting} levels of arrays and objects, the most the local service takes`,
	);
}

/** Reads a JSON body of `schema`; 400 naming the field at fault otherwise. */
export async function readJsonBody<T extends z.ZodType>(
	req: IncomingMessage,
	schema: T,
	what: string,
	limit = jsonBodyLimit,
): Promise<z.infer<T>> {
	const parsed = schema.safeParse(parseJson(await readBody(req, limit, what), what));
	if (!parsed.success) throw invalid(`${what}: ${describeZodError(parsed.error)}`);
	return parsed.data;
}
