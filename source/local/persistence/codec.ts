/**
 * How kept records are turned into bytes and back: JSON, with byte arrays (message bodies,
 * response bodies, vectors) as base64 under a key that no header name, field or user object
 * can have (it starts with a NUL). Messages, written once per accepted message on the hot
 * path, have a codec of their own that keeps the body out of the JSON altogether.
 */
import { nestsDeeperThan } from '../../text/json-nesting.js';
import { optionFields } from '../messages/factory.js';
import type { StoredMessage } from '../messages/message.js';
import { StateVersionError } from './state-errors.js';

export interface Codec<T> {
	encode(value: T): Buffer;
	/**
	 * The record as text, when it is all text (its UTF-8 is what `encode` makes); undefined when
	 * it is not. The journal hands text to LevelDB as it is, with no buffer made for it.
	 */
	encodeText?(value: T): string | undefined;
	/** Throws on bytes that are not a record of this kind. */
	decode(bytes: Buffer): T;
}

const bytesKey = '\u0000bytes';

function replacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
	// `this[key]` is the value before toJSON: a Buffer's toJSON would make an array of numbers.
	const raw = this[key];
	if (raw instanceof Uint8Array)
		return { [bytesKey]: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') };
	return value;
}

function reviver(_key: string, value: unknown): unknown {
	if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
		const encoded = (value as Record<string, unknown>)[bytesKey];
		if (typeof encoded === 'string') return Buffer.from(encoded, 'base64');
	}
	return value;
}

/**
 * The deepest a kept record may nest: what a request may bring (http/body.ts) inside the
 * record's own structure. A deeper one, kept by a version that took any depth, could be read
 * but not written again: it is refused when read, so the journal skips it and says so.
 */
export const maxKeptNesting = 256;

export function jsonCodec<T>(): Codec<T> {
	return {
		encode: (value) => Buffer.from(JSON.stringify(value, replacer)),
		decode: (bytes) => {
			if (nestsDeeperThan(bytes, maxKeptNesting))
				throw new Error(`it nests deeper than ${maxKeptNesting} levels and could not be written again`);
			return JSON.parse(bytes.toString('utf8'), reviver) as T;
		},
	};
}

/**
 * A record whose layout may change: `<layout: 1 byte><json as jsonCodec writes it>`. A record
 * of another layout is refused with a StateVersionError (the journal does not skip it): it was
 * written by a newer version, whose data this one must not drop.
 */
export function versionedJsonCodec<T>(what: string, layout = 1): Codec<T> {
	const json = jsonCodec<T>();
	return {
		encode: (value) => Buffer.concat([Buffer.of(layout), json.encode(value)]),
		decode: (bytes) => {
			if (bytes.length === 0) throw new Error(`a kept ${what} is empty`);
			if (bytes[0] !== layout) throw unknownLayout(what, bytes[0]!, layout);
			return json.decode(bytes.subarray(1));
		},
	};
}

function unknownLayout(what: string, found: unknown, known: number): StateVersionError {
	return new StateVersionError(
		`a kept ${what} is in layout ${String(found)}, which this version of mqtop does not read ` +
			`(it reads layout ${known}): a newer version wrote it`,
	);
}

/**
 * JSON as jsonCodec writes it, without its replacer (a call per property) for a value that
 * `hasBytes` says holds no byte array: the same bytes, for records written on the hot path.
 */
export function lightJsonCodec<T>(hasBytes: (value: T) => boolean): Codec<T> {
	const full = jsonCodec<T>();
	return {
		encode: (value) => (hasBytes(value) ? full.encode(value) : Buffer.from(JSON.stringify(value))),
		encodeText: (value) => (hasBytes(value) ? undefined : JSON.stringify(value)),
		decode: full.decode,
	};
}

/**
 * What a message keeps, in this order, besides its body: the fields that do not follow from
 * its options (those are worked out again from them, as when it was made). Positional, as
 * one message is encoded per accepted message: half the work of an object of all its fields.
 */
export const messageFields = [
	'id',
	'kind',
	'url',
	'topicName',
	'endpointName',
	'header',
	'maxRetries',
	'retried',
	'notBefore',
	'createdAt',
	'timeoutMs',
	'callerIp',
	'workflowRunId',
	'workflowPart',
	'queueName',
	'scheduleId',
	'options',
	'hops',
	'holdsQueueSlot',
	'cancelRequested',
	'dueAt',
] as const satisfies readonly (keyof StoredMessage)[];

/** A kept message's values, in messageFields' order after the layout. */
type ValuesOf<T extends readonly (keyof StoredMessage)[]> = {
	-readonly [I in keyof T]: T[I] extends keyof StoredMessage ? StoredMessage[T[I]] : never;
};
type Kept = [number, ...ValuesOf<typeof messageFields>];

/** The layout's version, first in the array: a later layout can still read this one. */
const messageLayout = 1;

/** A message as `<json length: 4 bytes><json array><body>`: the body is copied, never re-encoded. */
export const messageCodec: Codec<StoredMessage> = {
	encode(message) {
		// In messageFields' order, as a literal: a loop over the names reads each field by a
		// computed key, which costs more than the JSON made of them.
		const m = message;
		const values: Kept = [
			messageLayout,
			m.id,
			m.kind,
			m.url,
			m.topicName,
			m.endpointName,
			m.header,
			m.maxRetries,
			m.retried,
			m.notBefore,
			m.createdAt,
			m.timeoutMs,
			m.callerIp,
			m.workflowRunId,
			m.workflowPart,
			m.queueName,
			m.scheduleId,
			m.options,
			m.hops,
			m.holdsQueueSlot,
			m.cancelRequested,
			m.dueAt,
		];
		// The JSON is written straight into the record, not into a buffer of its own first.
		const json = JSON.stringify(values);
		const jsonBytes = Buffer.byteLength(json);
		const { body } = message;
		const out = Buffer.allocUnsafe(4 + jsonBytes + body.length);
		out.writeUInt32BE(jsonBytes, 0);
		out.write(json, 4, 'utf8');
		body.copy(out, 4 + jsonBytes);
		return out;
	},
	decode(bytes) {
		const length = bytes.readUInt32BE(0);
		if (4 + length > bytes.length) throw new Error('a kept message is cut short');
		const values = JSON.parse(bytes.toString('utf8', 4, 4 + length)) as unknown[];
		if (!Array.isArray(values) || typeof values[0] !== 'number')
			throw new Error('a kept message without its layout');
		if (values[0] !== messageLayout) throw unknownLayout('message', values[0], messageLayout);
		// In messageFields' order; JSON writes an absent field as null, the message has it undefined.
		const [
			,
			id,
			kind,
			url,
			topicName,
			endpointName,
			header,
			maxRetries,
			retried,
			notBefore,
			createdAt,
			timeoutMs,
			callerIp,
			workflowRunId,
			workflowPart,
			queueName,
			scheduleId,
			options,
			hops,
			holdsQueueSlot,
			cancelRequested,
			dueAt,
		] = values as Kept;
		if (typeof id !== 'string' || typeof url !== 'string' || typeof dueAt !== 'number')
			throw new Error('a kept message lacks its id, url or time');
		const derived = optionFields(options ?? {});
		// The same literal, in the same order, as createMessage: one shape for every message,
		// so that the scheduler's and the engine's reads of them stay fast.
		return {
			id,
			kind,
			url,
			topicName: topicName ?? undefined,
			endpointName: endpointName ?? undefined,
			method: derived.method,
			header,
			body: Buffer.from(bytes.subarray(4 + length)),
			maxRetries,
			retried,
			notBefore,
			createdAt,
			timeoutMs,
			retryDelay: derived.retryDelay,
			callback: derived.callback,
			failureCallback: derived.failureCallback,
			callerIp,
			labels: derived.labels,
			flow: derived.flow,
			workflowRunId: workflowRunId ?? undefined,
			workflowPart: workflowPart ?? undefined,
			queueName: queueName ?? undefined,
			scheduleId: scheduleId ?? undefined,
			options: options ?? {},
			hops,
			state: 'waiting',
			holdsQueueSlot,
			cancelRequested,
			target: undefined,
			dueAt,
			heapIndex: -1,
			heapSeq: 0,
		};
	},
};
