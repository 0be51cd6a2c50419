/**
 * Publish configuration (docs/protocol/publish.md#configuration-headers) as typed options, and
 * its encoding to the prefixed headers or their lowercase query forms
 * (docs/protocol/publish.md#configuration). The client encodes; the local service
 * decodes with the same tables, so both sides cannot drift apart.
 */
import { type Dialect, prefixed } from './dialect.js';
import { DurationError, formatDuration, parseDuration } from './duration.js';
import { headerValueRule, isHeaderName, isHeaderValue } from './header-syntax.js';
import { checkRetryDelay, parseRetryDelay, RetryDelayError } from './retry-delay.js';

export interface DeliveryOverrides {
	timeoutMs?: number;
	retries?: number;
	delayMs?: number;
	method?: string;
}

export interface FlowControl {
	key: string;
	rate?: number;
	parallelism?: number;
	periodMs?: number;
}

/** What the service hides in what it shows (logs, messages, dead letters); deliveries keep it all. */
export interface Redaction {
	body?: boolean;
	/** true: every header; a list: those headers. */
	headers?: boolean | string[];
}

export interface PublishOptions {
	method?: string;
	delayMs?: number;
	/** Unix seconds; wins over delayMs. */
	notBefore?: number;
	retries?: number;
	/** Milliseconds as an expression over `retried`. */
	retryDelay?: string;
	timeoutMs?: number;
	callback?: string;
	failureCallback?: string;
	callbackOptions?: DeliveryOverrides;
	failureCallbackOptions?: DeliveryOverrides;
	forwardHeaders?: Record<string, string>;
	callbackForwardHeaders?: Record<string, string>;
	failureCallbackForwardHeaders?: Record<string, string>;
	headerForward?: boolean;
	deduplicationId?: string;
	contentBasedDeduplication?: boolean;
	flowControl?: FlowControl;
	labels?: string[];
	redact?: Redaction;
	contentType?: string;
}

export class PublishOptionError extends Error {
	override name = 'PublishOptionError';
	constructor(
		readonly header: string,
		/** What is wrong, without the header's name. */
		readonly problem: string,
	) {
		super(`${header}: ${problem}`);
	}
}

/**
 * Retries of a message that asks for none, within the plan's max_retries
 * (docs/protocol/delivery.md#retries).
 */
export const defaultRetries = 3;

const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export function formatFlowControlValue(flow: FlowControl): string {
	const parts: string[] = [];
	if (flow.rate !== undefined) parts.push(`rate=${flow.rate}`);
	if (flow.parallelism !== undefined) parts.push(`parallelism=${flow.parallelism}`);
	if (flow.periodMs !== undefined) parts.push(`period=${formatDuration(flow.periodMs)}`);
	return parts.join(', ');
}

export function parseFlowControlValue(text: string): Omit<FlowControl, 'key'> {
	const out: Omit<FlowControl, 'key'> = {};
	for (const part of text.split(',')) {
		const item = part.trim();
		if (!item) continue;
		// The vendor's own examples write `Rate=10`: names are read in any case.
		const match = /^(rate|parallelism|period)\s*=\s*(\S+)$/i.exec(item);
		if (!match)
			throw new Error(`expected rate=N, parallelism=N or period=DURATION, got ${JSON.stringify(item)}`);
		const name = match[1]!.toLowerCase() as 'rate' | 'parallelism' | 'period';
		const value = match[2]!;
		if (name === 'period') out.periodMs = parseDuration(value);
		else out[name] = parseNonNegativeInt(value);
	}
	return out;
}

function parseNonNegativeInt(text: string): number {
	if (!/^\d{1,15}$/.test(text.trim()))
		throw new Error(`expected a non-negative integer, got ${JSON.stringify(text)}`);
	return Number(text.trim());
}

function parseBoolean(text: string): boolean {
	const value = text.trim().toLowerCase();
	if (value === 'true') return true;
	if (value === 'false') return false;
	throw new Error(`expected true or false, got ${JSON.stringify(text)}`);
}

function parseMethod(text: string): string {
	const method = text.trim().toUpperCase();
	if (!httpMethods.includes(method))
		throw new Error(`expected one of ${httpMethods.join(', ')}, got ${JSON.stringify(text)}`);
	return method;
}

function parseUrl(text: string): string {
	const value = text.trim();
	if (!isHttpUrl(value)) throw new Error(`expected an http:// or https:// URL, got ${JSON.stringify(text)}`);
	return value;
}

export function isHttpUrl(text: string): boolean {
	try {
		const url = new URL(text);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
	} catch {
		return false;
	}
}

/**
 * A valid URL Group name: letters, digits, `-`, `_`, `.`; but not `.` or `..`, which name no
 * group in a path (URL parsing removes them, and the request reaches another operation).
 */
export function isGroupName(text: string): boolean {
	return /^[A-Za-z0-9._-]{1,256}$/.test(text) && text !== '.' && text !== '..';
}

/** What isGroupName accepts, for messages. */
export const groupNameRule = 'letters, digits, "-", "_" and "." (but not "." or ".." alone)';

/** What is wrong with a destination, which is an http(s) URL or a URL Group name; undefined when it is one. */
export function destinationRuleProblem(destination: string): string | undefined {
	if (isHttpUrl(destination) || isGroupName(destination)) return undefined;
	return `neither an http(s) URL nor a URL Group name (${groupNameRule})`;
}

function overridesHeaders(prefix: string, o: DeliveryOverrides | undefined): [string, string][] {
	if (!o) return [];
	const out: [string, string][] = [];
	if (o.timeoutMs !== undefined) out.push([`${prefix}-Timeout`, formatDuration(o.timeoutMs)]);
	if (o.retries !== undefined) out.push([`${prefix}-Retries`, String(o.retries)]);
	if (o.delayMs !== undefined) out.push([`${prefix}-Delay`, formatDuration(o.delayMs)]);
	if (o.method !== undefined) out.push([`${prefix}-Method`, o.method]);
	return out;
}

function forwardHeaders(prefix: string, headers: Record<string, string> | undefined): [string, string][] {
	return Object.entries(headers ?? {}).map(([name, value]) => [`${prefix}${name}`, value]);
}

/** The headers that carry `options`; names are prefixed except `Content-Type`. */
export function encodePublishOptions(options: PublishOptions, dialect: Dialect): [string, string][] {
	const o = options;
	const raw: [string, string][] = [];
	if (o.method !== undefined) raw.push(['Method', o.method]);
	if (o.delayMs !== undefined) raw.push(['Delay', formatDuration(o.delayMs)]);
	if (o.notBefore !== undefined) raw.push(['Not-Before', String(o.notBefore)]);
	if (o.retries !== undefined) raw.push(['Retries', String(o.retries)]);
	if (o.retryDelay !== undefined) raw.push(['Retry-Delay', o.retryDelay]);
	if (o.timeoutMs !== undefined) raw.push(['Timeout', formatDuration(o.timeoutMs)]);
	if (o.callback !== undefined) raw.push(['Callback', o.callback]);
	if (o.failureCallback !== undefined) raw.push(['Failure-Callback', o.failureCallback]);
	raw.push(...overridesHeaders('Callback', o.callbackOptions));
	raw.push(...overridesHeaders('Failure-Callback', o.failureCallbackOptions));
	raw.push(...forwardHeaders('Forward-', o.forwardHeaders));
	raw.push(...forwardHeaders('Callback-Forward-', o.callbackForwardHeaders));
	raw.push(...forwardHeaders('Failure-Callback-Forward-', o.failureCallbackForwardHeaders));
	if (o.headerForward !== undefined) raw.push(['Header-Forward', String(o.headerForward)]);
	if (o.deduplicationId !== undefined) raw.push(['Deduplication-Id', o.deduplicationId]);
	if (o.contentBasedDeduplication !== undefined) {
		raw.push(['Content-Based-Deduplication', String(o.contentBasedDeduplication)]);
	}
	if (o.flowControl !== undefined) {
		raw.push(['Flow-Control-Key', o.flowControl.key]);
		const value = formatFlowControlValue(o.flowControl);
		if (value) raw.push(['Flow-Control-Value', value]);
	}
	if (o.labels !== undefined && o.labels.length > 0) raw.push(['Label', o.labels.join(',')]);
	if (o.redact !== undefined && formatRedaction(o.redact))
		raw.push(['Redact-Fields', formatRedaction(o.redact)]);
	const out = raw.map(([name, value]): [string, string] => [prefixed(dialect, name), value]);
	if (o.contentType !== undefined) out.push(['Content-Type', o.contentType]);
	return out;
}

/** The same configuration as lowercase query parameters (`svc-retries=3`). */
export function encodePublishQuery(options: PublishOptions, dialect: Dialect): [string, string][] {
	return encodePublishOptions(options, dialect)
		.filter(([name]) => name.toLowerCase() !== 'content-type')
		.map(([name, value]) => [name.toLowerCase(), value]);
}

/**
 * Reads publish configuration from request headers and query parameters (query forms are
 * the lowercase header names; a header wins over the query). Every key of `fields` is a
 * lowercase name. Throws PublishOptionError naming the header at fault.
 */
export function decodePublishOptions(fields: ReadonlyMap<string, string>, dialect: Dialect): PublishOptions {
	const p = dialect.headerPrefix.toLowerCase();
	const o: PublishOptions = {};
	const read = <T>(name: string, parse: (text: string) => T): T | undefined => {
		const value = fields.get(`${p}${name.toLowerCase()}`);
		if (value === undefined) return undefined;
		try {
			// A query form can carry any character; a header value cannot.
			if (!isHeaderValue(value)) throw new Error(headerValueRule);
			return parse(value);
		} catch (error) {
			throw new PublishOptionError(`${dialect.headerPrefix}${name}`, (error as Error).message);
		}
	};
	const overrides = (prefix: string): DeliveryOverrides | undefined => {
		const d: DeliveryOverrides = {};
		assign(d, 'timeoutMs', read(`${prefix}-Timeout`, parseDuration));
		assign(d, 'retries', read(`${prefix}-Retries`, parseNonNegativeInt));
		assign(d, 'delayMs', read(`${prefix}-Delay`, parseDuration));
		assign(d, 'method', read(`${prefix}-Method`, parseMethod));
		return Object.keys(d).length > 0 ? d : undefined;
	};
	const forwarded = (prefix: string): Record<string, string> | undefined => {
		const start = `${p}${prefix.toLowerCase()}`;
		const entries = [...fields].filter(([name]) => name.startsWith(start) && name.length > start.length);
		for (const [name, value] of entries) {
			// Names and values that cannot be sent would fail every delivery: refused up front.
			const header = `${dialect.headerPrefix}${prefix}${name.slice(start.length)}`;
			if (!isHeaderName(name.slice(start.length)))
				throw new PublishOptionError(header, 'not a valid header name');
			if (!isHeaderValue(value)) throw new PublishOptionError(header, headerValueRule);
		}
		return entries.length > 0
			? Object.fromEntries(entries.map(([name, value]) => [name.slice(start.length), value]))
			: undefined;
	};
	assign(o, 'method', read('Method', parseMethod));
	assign(o, 'delayMs', read('Delay', parseDuration));
	assign(o, 'notBefore', read('Not-Before', parseNonNegativeInt));
	assign(o, 'retries', read('Retries', parseNonNegativeInt));
	assign(
		o,
		'retryDelay',
		read('Retry-Delay', (text) => {
			// The first retry's delay here; checkRetryDelays covers every retry once they are known.
			checkRetryDelay(parseRetryDelay(text));
			return text;
		}),
	);
	assign(o, 'timeoutMs', read('Timeout', parseDuration));
	assign(o, 'callback', read('Callback', parseUrl));
	assign(o, 'failureCallback', read('Failure-Callback', parseUrl));
	assign(o, 'callbackOptions', overrides('Callback'));
	assign(o, 'failureCallbackOptions', overrides('Failure-Callback'));
	assign(o, 'forwardHeaders', forwarded('Forward-'));
	assign(o, 'callbackForwardHeaders', forwarded('Callback-Forward-'));
	assign(o, 'failureCallbackForwardHeaders', forwarded('Failure-Callback-Forward-'));
	assign(o, 'headerForward', read('Header-Forward', parseBoolean));
	assign(
		o,
		'deduplicationId',
		read('Deduplication-Id', (text) => text),
	);
	assign(o, 'contentBasedDeduplication', read('Content-Based-Deduplication', parseBoolean));
	const flowKey = read('Flow-Control-Key', (text) => {
		if (!text.trim()) throw new Error('must not be empty');
		return text.trim();
	});
	const flowValue = read('Flow-Control-Value', parseFlowControlValue);
	if (flowValue && flowKey === undefined) {
		throw new PublishOptionError(
			`${dialect.headerPrefix}Flow-Control-Value`,
			`needs ${dialect.headerPrefix}Flow-Control-Key`,
		);
	}
	if (flowKey !== undefined) o.flowControl = { key: flowKey, ...flowValue };
	assign(
		o,
		'labels',
		read('Label', (text) =>
			text
				.split(',')
				.map((l) => l.trim())
				.filter(Boolean),
		),
	);
	assign(o, 'redact', read('Redact-Fields', parseRedaction));
	const contentType = fields.get('content-type');
	if (contentType !== undefined && !isHeaderValue(contentType))
		throw new PublishOptionError('Content-Type', headerValueRule);
	if (contentType !== undefined) o.contentType = contentType;
	return o;
}

/**
 * Refuses a Retry-Delay that gives no delay (infinity, NaN, a negative number) for one of the
 * `retries` retries a message will make; decodePublishOptions checks only the first, as it
 * cannot know the retries a URL Group default or the plan will set.
 */
export function checkRetryDelays(options: PublishOptions, retries: number, dialect: Dialect): void {
	if (options.retryDelay === undefined) return;
	try {
		checkRetryDelay(parseRetryDelay(options.retryDelay), retries);
	} catch (error) {
		if (!(error instanceof RetryDelayError)) throw error;
		throw new PublishOptionError(`${dialect.headerPrefix}Retry-Delay`, error.message);
	}
}

/** `body,header[Authorization]` (the SDK writes `header` for all headers, the reference `headers`). */
export function formatRedaction(redact: Redaction): string {
	const parts: string[] = [];
	if (redact.body) parts.push('body');
	if (redact.headers === true) parts.push('header');
	else if (Array.isArray(redact.headers)) for (const name of redact.headers) parts.push(`header[${name}]`);
	return parts.join(',');
}

export function parseRedaction(text: string): Redaction {
	const out: Redaction = {};
	const named: string[] = [];
	for (const part of text.split(',')) {
		const item = part.trim();
		if (!item) continue;
		const one = /^header\[([^\]]+)\]$/i.exec(item);
		if (one) named.push(one[1]!.trim());
		else if (/^body$/i.test(item)) out.body = true;
		else if (/^headers?$/i.test(item)) out.headers = true;
		else throw new Error(`expected body, header or header[Name], got ${JSON.stringify(item)}`);
	}
	if (out.headers !== true && named.length > 0) out.headers = named;
	return out;
}

function assign<T, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
	if (value !== undefined) target[key] = value;
}

/** True when `error` is one of the parse errors a bad publish option raises. */
export function isOptionParseError(error: unknown): boolean {
	return (
		error instanceof PublishOptionError || error instanceof DurationError || error instanceof RetryDelayError
	);
}
