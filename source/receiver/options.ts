/** What a receiver is told, checked once so the server itself never meets a bad setting. */
import { type Dialect, resolveDialect } from '../api/dialect.js';
import { isHttpUrl } from '../api/publish-options.js';
import { defaultMaxShownBodyBytes } from './classify.js';
import { defaultForwardTimeoutMs } from './forward.js';
import { defaultCapacity, defaultNotifyIntervalMs } from './store.js';

/** A key pair besides the main one, named (a region, as the deployed service signs per region). */
export interface NamedKeyPair {
	name: string;
	currentSigningKey: string;
	nextSigningKey?: string | undefined;
}

/** Plain data only, so the same options can be posted to a worker thread. */
export interface ReceiverOptions {
	currentSigningKey: string;
	nextSigningKey?: string | undefined;
	/** More key pairs, tried in order after the main one; the event names the one that verified. */
	keyPairs?: readonly NamedKeyPair[] | undefined;
	/** The main pair's name, when it has one (the default region's): the event names it too. */
	keyPairName?: string | undefined;
	/** 0 (the default) picks a free port. */
	port?: number | undefined;
	/** Default 127.0.0.1: nothing outside this machine reaches the receiver unless asked. */
	host?: string | undefined;
	/** Header prefix and issuer come from here. */
	dialect?: Partial<Dialect> | undefined;
	/**
	 * The public URL the service calls (e.g. through a tunnel). When set, a signature's `sub`
	 * must equal it exactly; a bare origin (no path) stands for every path below it.
	 */
	publicUrl?: string | undefined;
	/** The app's URL: each verified request goes there (the path below it) and its answer back. */
	forwardTo?: string | undefined;
	/** Forward rejected requests too. */
	forwardRejected?: boolean | undefined;
	/** How long the app has to answer a forwarded request; default 30 s. */
	forwardTimeoutMs?: number | undefined;
	/** Where the history of requests is kept (for replay, and to show again after a restart). */
	historyDir?: string | undefined;
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
	keyPairs: NamedKeyPair[];
	keyPairName: string | undefined;
	port: number;
	host: string;
	dialect: Dialect;
	publicUrl: string | undefined;
	forwardTo: string | undefined;
	forwardRejected: boolean;
	forwardTimeoutMs: number;
	historyDir: string | undefined;
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
	const forwardTo = options.forwardTo?.trim() || undefined;
	if (forwardTo !== undefined && !isHttpUrl(forwardTo)) {
		throw new ReceiverOptionError(`forward URL must be an http(s) URL, got ${JSON.stringify(forwardTo)}`);
	}
	const keyPairs = (options.keyPairs ?? []).map((pair) => {
		const currentSigningKey = pair.currentSigningKey?.trim();
		if (!currentSigningKey)
			throw new ReceiverOptionError(`key pair ${JSON.stringify(pair.name)} has no current signing key`);
		return { name: pair.name, currentSigningKey, nextSigningKey: pair.nextSigningKey?.trim() || undefined };
	});
	const requestTimeoutMs = positive('request timeout', options.requestTimeoutMs, 30_000);
	return {
		currentSigningKey: current,
		nextSigningKey: next,
		keyPairs,
		keyPairName: options.keyPairName?.trim() || undefined,
		port: integer('port', options.port, 0, 0, 65_535),
		host: options.host?.trim() || '127.0.0.1',
		dialect: resolveDialect(options.dialect),
		publicUrl,
		forwardTo,
		forwardRejected: options.forwardRejected === true,
		forwardTimeoutMs: positive('forward timeout', options.forwardTimeoutMs, defaultForwardTimeoutMs),
		historyDir: options.historyDir?.trim() || undefined,
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
 * The `sub` a signature must carry for a request to `path`: the public URL itself, exactly as
 * the service was given it; a bare origin (no path) joined with the path as received.
 */
export function expectedSubject(publicUrl: string, path: string): string {
	const base = new URL(publicUrl);
	if (base.pathname !== '/') return publicUrl;
	return `${base.origin}${path.startsWith('/') ? path : `/${path}`}`;
}
