/**
 * How large an index answer may grow (docs/protocol/limits.md#indexes). A batch of queries over
 * records with a megabyte of data each could otherwise build an answer of gigabytes, and fail
 * only when serialising it. The records an answer reads are charged as they are read, what
 * they take as JSON (a little over, never under), so an answer too large is refused before it is
 * built; jsonSize then counts the built answer exactly without serialising it, so it is
 * serialised once, when it is written.
 */
import { EngineError } from './engine-error.js';

/** Largest answer of an index command, as JSON. */
export const maxAnswerBytes = 32 * 1024 * 1024;

export class AnswerBudget {
	private used = 0;

	constructor(readonly limit = maxAnswerBytes) {}

	charge(bytes: number): void {
		this.used += bytes;
		if (this.used > this.limit) throw tooLarge(this.limit);
	}
}

export function tooLarge(limit: number): EngineError {
	return new EngineError(
		'invalid',
		`the answer would take more than ${limit} bytes as JSON, the most one answer may: ask for fewer records (topK, limit, ids or queries), or leave out data, metadata or vectors`,
	);
}

// Characters JSON.stringify writes escaped: quote, backslash, controls and lone surrogates.
const needsEscape = /["\\\u0000-\u001f\ud800-\udfff]/;

function stringBytes(text: string): number {
	if (!needsEscape.test(text)) return Buffer.byteLength(text) + 2;
	let bytes = 2;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		if (c === 0x22 || c === 0x5c || c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d)
			bytes += 2;
		else if (c < 0x20) bytes += 6;
		else if (c < 0x80) bytes += 1;
		else if (c < 0x800) bytes += 2;
		else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
			const d = text.charCodeAt(i + 1);
			if (d >= 0xdc00 && d < 0xe000) {
				bytes += 4;
				i++;
			} else bytes += 6;
		} else if (c >= 0xd800 && c < 0xe000) bytes += 6;
		else bytes += 3;
	}
	return bytes;
}

/**
 * The bytes of JSON.stringify(value) as UTF-8, counted without building it; past `limit` the
 * count stops and EngineError says the answer is too large.
 */
export function jsonSize(value: unknown, limit = maxAnswerBytes): number {
	let total = 0;
	const add = (bytes: number) => {
		total += bytes;
		if (total > limit) throw tooLarge(limit);
	};
	const walk = (item: unknown, inArray: boolean): void => {
		if (
			item !== null &&
			typeof item === 'object' &&
			typeof (item as { toJSON?: unknown }).toJSON === 'function'
		)
			item = (item as { toJSON: () => unknown }).toJSON();
		switch (typeof item) {
			case 'string':
				add(stringBytes(item));
				return;
			case 'number':
				add(Number.isFinite(item) ? String(item).length : 4);
				return;
			case 'boolean':
				add(item ? 4 : 5);
				return;
			case 'object':
				break;
			default:
				// undefined, functions and symbols: null in an array, left out of an object.
				if (inArray) add(4);
				return;
		}
		if (item === null) {
			add(4);
			return;
		}
		if (Array.isArray(item)) {
			add(2 + Math.max(0, item.length - 1));
			for (const element of item) walk(element, true);
			return;
		}
		let fields = 0;
		for (const [key, field] of Object.entries(item)) {
			if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
			add(stringBytes(key) + 1 + (fields > 0 ? 1 : 0));
			walk(field, false);
			fields++;
		}
		add(2);
	};
	walk(value, true);
	return total;
}
