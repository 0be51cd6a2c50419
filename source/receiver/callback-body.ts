/**
 * The callback body check on the receiver's hot path. zod costs a callback about as much as
 * verifying its signature; this accepts exactly what CallbackBody and FailureCallbackBody accept
 * (test/receiver/callback-body.test.ts holds it to the schemas with generated input) and reads
 * only the fields an event shows; fields the schemas do not name pass, as the loose schemas let
 * them. zod still words the problem of a body this rejects, so the message is the schema's own.
 */
import { CallbackBody, describeZodError, FailureCallbackBody } from '../api/schemas.js';

/** The fields of a callback body an event shows, as the schemas give them. */
export interface CallbackFields {
	status: number;
	header: Record<string, string[]> | undefined;
	body: string;
	retried: number;
	maxRetries: number;
	sourceMessageId: string;
	topicName: string | undefined;
	endpointName: string | undefined;
	url: string;
	method: string;
	sourceHeader: Record<string, string> | undefined;
	sourceBody: string | undefined;
	notBefore: string | undefined;
	createdAt: string | undefined;
	scheduleId: string | undefined;
	callerIP: string | undefined;
	callerIp: string | undefined;
	/** Failure callbacks only. */
	dlqId: string | undefined;
}

export type CallbackCheck = { ok: true; data: CallbackFields } | { ok: false; problem: string };

/**
 * A JSON object as a callback (`failure`: a failure callback, which also needs `dlqId`), or what
 * is wrong with it. The same verdict as `(failure ? FailureCallbackBody : CallbackBody).safeParse`.
 */
export function checkCallbackBody(value: unknown, failure: boolean): CallbackCheck {
	if (acceptsCallbackBody(value, failure)) {
		return { ok: true, data: fieldsOf(value as Record<string, unknown>, failure) };
	}
	const parsed = (failure ? FailureCallbackBody : CallbackBody).safeParse(value);
	// Unreachable while the check and the schema agree; were they ever to differ, the schema wins.
	if (parsed.success) return { ok: true, data: fieldsOf(parsed.data, failure) };
	return { ok: false, problem: describeZodError(parsed.error) };
}

/** Whether `(failure ? FailureCallbackBody : CallbackBody).safeParse(value)` succeeds. */
export function acceptsCallbackBody(value: unknown, failure: boolean): boolean {
	if (!isObject(value)) return false;
	const v = value as Record<string, unknown>;
	return (
		isInt(v.status) &&
		(v.header === undefined || isRecordOf(v.header, isStringArray)) &&
		typeof v.body === 'string' &&
		isInt(v.retried) &&
		isInt(v.maxRetries) &&
		typeof v.sourceMessageId === 'string' &&
		optionalString(v.topicName) &&
		optionalString(v.endpointName) &&
		typeof v.url === 'string' &&
		typeof v.method === 'string' &&
		(v.sourceHeader === undefined || isRecordOf(v.sourceHeader, isSourceHeaderValue)) &&
		optionalString(v.sourceBody) &&
		optionalUnixMsText(v.notBefore) &&
		optionalUnixMsText(v.createdAt) &&
		optionalString(v.scheduleId) &&
		optionalString(v.callerIP) &&
		optionalString(v.callerIp) &&
		(!failure || typeof v.dlqId === 'string')
	);
}

/** The fields as the schema's parse gives them, of a value it accepts. */
export function fieldsOf(v: Record<string, unknown>, failure: boolean): CallbackFields {
	return {
		status: v.status as number,
		header: recordOf(v.header) as Record<string, string[]> | undefined,
		body: v.body as string,
		retried: v.retried as number,
		maxRetries: v.maxRetries as number,
		sourceMessageId: v.sourceMessageId as string,
		topicName: v.topicName as string | undefined,
		endpointName: v.endpointName as string | undefined,
		url: v.url as string,
		method: v.method as string,
		sourceHeader: sourceHeaderOf(v.sourceHeader),
		sourceBody: v.sourceBody as string | undefined,
		notBefore: unixMsText(v.notBefore),
		createdAt: unixMsText(v.createdAt),
		scheduleId: v.scheduleId as string | undefined,
		callerIP: v.callerIP as string | undefined,
		callerIp: v.callerIp as string | undefined,
		dlqId: failure ? (v.dlqId as string) : undefined,
	};
}

// zod's rules, one by one: z.number().int() is a finite safe integer, z.number() any finite
// number; z.object() takes any non-array object, z.record() only a plain one, and a record skips
// an own `__proto__` key (neither checked nor kept) and refuses a symbol key.

function isObject(value: unknown): boolean {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPlainObject(value: unknown): boolean {
	if (!isObject(value)) return false;
	const ctor = (value as { constructor?: unknown }).constructor;
	if (ctor === undefined || typeof ctor !== 'function') return true;
	const prototype: unknown = ctor.prototype;
	return isObject(prototype) && Object.hasOwn(prototype as object, 'isPrototypeOf');
}

function isInt(value: unknown): boolean {
	return Number.isSafeInteger(value);
}

function optionalString(value: unknown): boolean {
	return value === undefined || typeof value === 'string';
}

/** SourceHeaderValue: a string, or a list of strings (given back joined with ", "). */
function isSourceHeaderValue(value: unknown): boolean {
	return typeof value === 'string' || isStringArray(value);
}

/** UnixMsText: a string, or a finite number (given back as its String()). */
function optionalUnixMsText(value: unknown): boolean {
	return value === undefined || typeof value === 'string' || Number.isFinite(value);
}

function unixMsText(value: unknown): string | undefined {
	return typeof value === 'number' ? String(value) : (value as string | undefined);
}

function isStringArray(value: unknown): boolean {
	if (!Array.isArray(value)) return false;
	for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return false;
	return true;
}

function isRecordOf(value: unknown, valid: (item: unknown) => boolean): boolean {
	if (!isPlainObject(value)) return false;
	const record = value as Record<string, unknown>;
	// Object.keys: the own enumerable string keys, the ones zod checks, without a descriptor each.
	for (const key of Object.keys(record)) if (key !== '__proto__' && !valid(record[key])) return false;
	for (const symbol of Object.getOwnPropertySymbols(record)) {
		if (Object.prototype.propertyIsEnumerable.call(record, symbol)) return false;
	}
	return true;
}

/**
 * A record as the schema gives it back: without an own `__proto__` key. (What is not enumerable
 * it leaves out too; JSON has no such keys, and nothing that reads a record sees them.)
 */
function recordOf(value: unknown): Record<string, unknown> | undefined {
	if (value === undefined || !Object.hasOwn(value as object, '__proto__'))
		return value as Record<string, unknown>;
	const copy: Record<string, unknown> = {};
	for (const key of Object.keys(value as object)) {
		if (key !== '__proto__') copy[key] = (value as Record<string, unknown>)[key];
	}
	return copy;
}

/** A sourceHeader record as the schema gives it back: a list as its items joined with ", ". */
function sourceHeaderOf(value: unknown): Record<string, string> | undefined {
	const record = recordOf(value);
	if (record === undefined) return undefined;
	let lists = false;
	for (const key of Object.keys(record)) if (Array.isArray(record[key])) lists = true;
	if (!lists) return record as Record<string, string>;
	// A record of its own: the body's object stays as it came.
	const joined: Record<string, string> = {};
	for (const key of Object.keys(record)) {
		const item = record[key];
		if (key !== '__proto__') joined[key] = Array.isArray(item) ? item.join(', ') : (item as string);
	}
	return joined;
}
