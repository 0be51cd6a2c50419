/**
 * What the per-area clients (queues, schedules, dead letters, logs, flow control, ...) need from
 * the client: send a request to the API with its credentials, and describe a
 * publish (path and headers) the way a publish is sent, so enqueues and schedules carry
 * every publish option exactly as a publish does.
 */
import type { z } from 'zod';
import type { ConnectionSettings } from './connection.js';
import { type HttpResponse, readBody } from './http.js';
import type { Liberal, Reading } from './liberal.js';
import type { PublishOptions } from './publish-options.js';

/** A request built apart from sending it (what a person confirms is what is sent). */
export interface ApiRequest {
	operation: string;
	method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
	/** Relative to the API's host, query included. */
	path: string;
	/** The management API (Basic auth, its own host); else the messaging API (the token). */
	api?: 'management';
	/** Sent as JSON with `Content-Type: application/json` when given. */
	json?: unknown;
	/** A raw body, when there is no `json`. */
	body?: string | Uint8Array;
	headers?: Record<string, string>;
}

export interface PublishDescription {
	method: 'POST';
	path: string;
	headers: Record<string, string>;
}

/** The publish request of the client (kept structural here to avoid an import cycle). */
export interface PublishLike {
	destination: string;
	body?: string | Uint8Array;
	options?: PublishOptions;
	headers?: Record<string, string>;
}

export interface Messaging {
	readonly settings: ConnectionSettings;
	send(request: ApiRequest, signal?: AbortSignal): Promise<HttpResponse>;
	describePublish(request: PublishLike): PublishDescription;
}

type Prepare = (json: unknown) => unknown;

/** The last answer to a GET read as each schema: its text, and what it was read as. */
const lastReads = new WeakMap<z.ZodType, { text: string; prepare: Prepare | undefined; reading: unknown }>();

/**
 * Sends a request and reads its answer liberally (liberal.ts); `prepare` may reshape the JSON first.
 * A GET answered with the same text as the last one read as the same schema is read as the same
 * objects: a reading is a function of the text alone, and the monitor polls answers that rarely
 * change (parsing and comparing them again was most of what an idle monitor spent). Readings are
 * shared, so they are never changed in place.
 */
export async function sendRead<S extends z.ZodType>(
	messaging: Messaging,
	request: ApiRequest,
	schema: S,
	options: { signal?: AbortSignal | undefined; prepare?: Prepare } = {},
): Promise<Reading<Liberal<S>>> {
	const response = await messaging.send(request, options.signal);
	const { prepare } = options;
	if (request.method !== 'GET') return readBody(request.operation, response, schema, prepare);
	const last = lastReads.get(schema);
	if (last?.text === response.text && last.prepare === prepare) return last.reading as Reading<Liberal<S>>;
	const reading = readBody(request.operation, response, schema, prepare);
	lastReads.set(schema, { text: response.text, prepare, reading });
	return reading;
}

/** A GET of the messaging API, its answer read liberally as `schema`. */
export function read<S extends z.ZodType>(
	messaging: Messaging,
	operation: string,
	path: string,
	schema: S,
	signal?: AbortSignal,
	prepare?: Prepare,
): Promise<Reading<Liberal<S>>> {
	return sendRead(messaging, { operation, method: 'GET', path }, schema, { signal, prepare });
}

/**
 * The path of a publish-shaped operation (enqueue, schedule): the publish path with its
 * `/v2/publish/` replaced, so the destination and the options are encoded by the one code
 * that encodes publishes.
 */
export function publishShapedPath(publishPath: string, prefix: string): string {
	const publishPrefix = '/v2/publish/';
	if (!publishPath.startsWith(publishPrefix)) throw new Error(`unexpected publish path ${publishPath}`);
	return `${prefix}${publishPath.slice(publishPrefix.length)}`;
}
