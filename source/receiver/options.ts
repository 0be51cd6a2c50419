/** What a receiver is told, checked once so the server itself never meets a bad setting. */
import { type Dialect, resolveDialect } from '../api/dialect.js';
import { isHttpUrl } from '../api/publish-options.js';
import { defaultMaxShownBodyBytes } from './event.js';
import { defaultCapacity, defaultNotifyIntervalMs } from './store.js';

/** Plain data only, so the same options can be posted to a worker thread. */
export interface ReceiverOptions {
	currentSigningKey: string;
	nextSigningKey?: string | undefined;
	/** 0 (the default) picks a free port. */
	port?: number | undefined;
	/** Default 127.0.0.1: nothing outside this machine reaches the receiver unless asked. */
	host?: string | undefined;
	/** Header prefix and issuer come from here. */
	dialect?: Partial<Dialect> | undefined;
	/**
	 * The public URL that maps to this receiver's root (e.g. a tunnel). When set, a signature's
	 * `sub` must equal it joined with the request path.
	 */
	publicUrl?: string | undefined;
	clockToleranceSeconds?: number | undefined;
	/** Answer to verified requests; default 200. Another status makes the service retry. */
	respondStatus?: number | undefined;
	/** Answer to requests whose signature is missing or invalid; default 401. */
	rejectStatus?: number | undefined;
	/** Bodies over this many bytes are answered 413 and not read; default 4 MiB. */
	maxBodyBytes?: number | undefined;
	/** Decoded bodies kept per event, so the ring's memory stays bounded; default 16 KiB. */
	maxShownBodyBytes?: number | undefined;
	/** Events kept; default 1000. */
	capacity?: number | undefined;
	notifyIntervalMs?: number | undefined;
	/** A request (headers and body) must arrive within this; default 30 s. */
	requestTimeoutMs?: number | undefined;
	/** The headers must arrive within this; default 10 s. */
	headersTimeoutMs?: number | undefined;
}

export interface ResolvedReceiverOptions {
	currentSigningKey: string;
	nextSigningKey: string | undefined;
	port: number;
	host: string;
	dialect: Dialect;
	publicUrl: string | undefined;
	clockToleranceSeconds: number;
	respondStatus: number;
	rejectStatus: number;
	maxBodyBytes: number;
	maxShownBodyBytes: number;
	capacity: number;
	notifyIntervalMs: number;
	requestTimeoutMs: number;
	headersTimeoutMs: number;
}

export const defaultMaxBodyBytes = 4 * 1024 * 1024;

export class ReceiverOptionError extends Error {
	override name = 'ReceiverOptionError';
}

export function resolveReceiverOptions(options: ReceiverOptions): ResolvedReceiverOptions {
	const current = options.currentSigningKey?.trim();
	if (!current) throw new ReceiverOptionError('a current signing key is required to verify signatures');
	const next = options.nextSigningKey?.trim() || undefined;
	const publicUrl = options.publicUrl?.trim() || undefined;
	if (publicUrl !== undefined && !isHttpUrl(publicUrl)) {
		throw new ReceiverOptionError(`public URL must be an http(s) URL, got ${JSON.stringify(publicUrl)}`);
	}
	const requestTimeoutMs = positive('request timeout', options.requestTimeoutMs, 30_000);
	return {
		currentSigningKey: current,
		nextSigningKey: next,
		port: integer('port', options.port, 0, 0, 65_535),
		host: options.host?.trim() || '127.0.0.1',
		dialect: resolveDialect(options.dialect),
		publicUrl,
		clockToleranceSeconds: integer('clock tolerance', options.clockToleranceSeconds, 0, 0, 86_400),
		respondStatus: integer('respond status', options.respondStatus, 200, 200, 599),
		rejectStatus: integer('reject status', options.rejectStatus, 401, 200, 599),
		maxBodyBytes: positive('body limit', options.maxBodyBytes, defaultMaxBodyBytes),
		maxShownBodyBytes: positive('shown body limit', options.maxShownBodyBytes, defaultMaxShownBodyBytes),
		capacity: positive('capacity', options.capacity, defaultCapacity),
		notifyIntervalMs: integer(
			'notify interval',
			options.notifyIntervalMs,
			defaultNotifyIntervalMs,
			1,
			60_000,
		),
		requestTimeoutMs,
		// Node requires the headers timeout not to exceed the request timeout.
		headersTimeoutMs: Math.min(
			positive('headers timeout', options.headersTimeoutMs, 10_000),
			requestTimeoutMs,
		),
	};
}

function integer(
	what: string,
	value: number | undefined,
	fallback: number,
	min: number,
	max: number,
): number {
	if (value === undefined) return fallback;
	if (!Number.isInteger(value) || value < min || value > max) {
		throw new ReceiverOptionError(`${what} must be a whole number from ${min} to ${max}, got ${value}`);
	}
	return value;
}

function positive(what: string, value: number | undefined, fallback: number): number {
	return integer(what, value, fallback, 1, Number.MAX_SAFE_INTEGER);
}

/**
 * The `sub` a signature must carry for a request to `path`: the public URL's origin and path
 * prefix joined with the path as received.
 */
export function expectedSubject(publicUrl: string, path: string): string {
	const base = new URL(publicUrl);
	const prefix = base.pathname.replace(/\/+$/, '');
	return `${base.origin}${prefix}${path.startsWith('/') ? path : `/${path}`}`;
}
