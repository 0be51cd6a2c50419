/**
 * How kept records are turned into bytes and back: JSON, with byte arrays (message bodies,
 * response bodies, vectors) as base64 under a key that no header name, field or user object
 * can have (it starts with a NUL). Messages, written once per accepted message on the hot
 * path, have a codec of their own that keeps the body out of the JSON altogether.
 */
import type { StoredMessage } from '../messages/message.js';

export interface Codec<T> {
	encode(value: T): Buffer;
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

export function jsonCodec<T>(): Codec<T> {
	return {
		encode: (value) => Buffer.from(JSON.stringify(value, replacer)),
		decode: (bytes) => JSON.parse(bytes.toString('utf8'), reviver) as T,
	};
}

/** What a message keeps besides its body; the scheduler's own fields are made afresh. */
type MessageFields = Omit<StoredMessage, 'body' | 'heapIndex' | 'heapSeq' | 'state'>;

/** A message as `<json length: 4 bytes><json><body>`: the body is copied, never re-encoded. */
export const messageCodec: Codec<StoredMessage> = {
	encode(message) {
		const { body, heapIndex: _i, heapSeq: _s, state: _state, ...fields } = message;
		const json = Buffer.from(JSON.stringify(fields));
		const out = Buffer.allocUnsafe(4 + json.length + body.length);
		out.writeUInt32BE(json.length, 0);
		json.copy(out, 4);
		body.copy(out, 4 + json.length);
		return out;
	},
	decode(bytes) {
		const length = bytes.readUInt32BE(0);
		if (4 + length > bytes.length) throw new Error('a kept message is cut short');
		const fields = JSON.parse(bytes.toString('utf8', 4, 4 + length)) as MessageFields;
		if (typeof fields.id !== 'string' || typeof fields.url !== 'string' || typeof fields.dueAt !== 'number')
			throw new Error('a kept message lacks its id, url or time');
		return {
			...fields,
			body: Buffer.from(bytes.subarray(4 + length)),
			state: 'waiting',
			heapIndex: -1,
			heapSeq: 0,
		};
	},
};
