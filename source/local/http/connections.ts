/**
 * What one client may hold of the local service's server: how long it may take to send a
 * request, how long a connection may sit idle, and how many connections there may be at once
 * (docs/protocol/limits.md#connections). A client past a time limit gets 408 and its connection
 * is closed, as Node's own server does; one that sends what is not HTTP gets 400 and is closed
 * too: a half-closed socket would stay open for as long as the client keeps it so. The bodies
 * being received are bounded together (body-budget.ts).
 */
import { readFileSync } from 'node:fs';
import { maxHeaderSize, type Server, type ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { BodyBudget, budgetSocket } from './body-budget.js';

export interface ConnectionLimits {
	/** The headers of a request must arrive within this. */
	headersTimeoutMs: number;
	/** A whole request, body included, must arrive within this. */
	requestTimeoutMs: number;
	/** An idle keep-alive connection is closed after this. */
	keepAliveTimeoutMs: number;
	/** A connection on which nothing moves (a client that reads no answer) is closed after this. */
	idleTimeoutMs: number;
	/** Connections open at once; past it a new one is answered 503 and closed. */
	maxConnections: number;
	/** Bytes of request bodies held while they arrive, all connections together; past it 503. */
	bodyBytesInFlight: number;
}

export const defaultConnectionLimits: ConnectionLimits = {
	headersTimeoutMs: 20_000,
	requestTimeoutMs: 120_000,
	keepAliveTimeoutMs: 5_000,
	idleTimeoutMs: 60_000,
	maxConnections: 10_000,
	bodyBytesInFlight: 256 * 1024 * 1024,
};

/** How long a refused or failed connection is given to take its answer before it is dropped. */
const lingerMs = 1_000;

/**
 * The limits, the defaults for those not given. The default number of connections is at most
 * half of the process's descriptors, so that the data directory and the deliveries always have
 * some left.
 */
export function resolveConnectionLimits(given: Partial<ConnectionLimits> = {}): ConnectionLimits {
	const descriptors = descriptorLimit();
	const fallback =
		descriptors === undefined
			? defaultConnectionLimits.maxConnections
			: Math.max(64, Math.min(defaultConnectionLimits.maxConnections, Math.floor(descriptors / 2)));
	const limits: ConnectionLimits = {
		headersTimeoutMs: positive(
			'headersTimeoutMs',
			given.headersTimeoutMs,
			defaultConnectionLimits.headersTimeoutMs,
		),
		requestTimeoutMs: positive(
			'requestTimeoutMs',
			given.requestTimeoutMs,
			defaultConnectionLimits.requestTimeoutMs,
		),
		keepAliveTimeoutMs: positive(
			'keepAliveTimeoutMs',
			given.keepAliveTimeoutMs,
			defaultConnectionLimits.keepAliveTimeoutMs,
		),
		idleTimeoutMs: positive('idleTimeoutMs', given.idleTimeoutMs, defaultConnectionLimits.idleTimeoutMs),
		maxConnections: positive('maxConnections', given.maxConnections, fallback),
		bodyBytesInFlight: positive(
			'bodyBytesInFlight',
			given.bodyBytesInFlight,
			defaultConnectionLimits.bodyBytesInFlight,
		),
	};
	// Node requires the headers to be due no later than the whole request.
	limits.headersTimeoutMs = Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs);
	return limits;
}

function positive(name: string, value: number | undefined, fallback: number): number {
	if (value === undefined) return fallback;
	if (!Number.isInteger(value) || value < 1)
		throw new RangeError(`connection limit ${name} must be a whole number above 0, got ${value}`);
	return value;
}

/** The soft limit of open descriptors (Linux), undefined where it cannot be read. */
function descriptorLimit(): number | undefined {
	try {
		const line = readFileSync('/proc/self/limits', 'utf8')
			.split('\n')
			.find((l) => l.startsWith('Max open files'));
		const soft = Number(line?.split(/\s+/)[3]);
		return Number.isSafeInteger(soft) && soft > 0 ? soft : undefined;
	} catch {
		return undefined;
	}
}

/** The node:http options that carry the limits. */
export function serverOptions(limits: ConnectionLimits): ServerOptions {
	return {
		headersTimeout: limits.headersTimeoutMs,
		requestTimeout: limits.requestTimeoutMs,
		keepAliveTimeout: limits.keepAliveTimeoutMs,
		// How often Node looks for requests past their time; its default, 30 s, would let a
		// short limit run on that long.
		connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
	};
}

/** The connections a guarded server refused: their requests are not handled. */
export interface ConnectionGuard {
	refused(socket: Socket): boolean;
}

/**
 * Puts the limits on `server`: idle connections closed, client errors answered and closed, and
 * connections past the most answered 503 and closed before anything they send is handled.
 */
export function guardConnections(server: Server, limits: ConnectionLimits): ConnectionGuard {
	// With no 'timeout' listener on the server, a socket idle this long is destroyed.
	server.setTimeout(limits.idleTimeoutMs);
	const refused = new WeakSet<Socket>();
	const bodies = new BodyBudget(limits.bodyBytesInFlight);
	let open = 0;
	// First, before node:http reads anything from the socket.
	server.prependListener('connection', (socket: Socket) => {
		if (open >= limits.maxConnections) {
			refused.add(socket);
			answerAndClose(
				socket,
				503,
				'Service Unavailable',
				`the local service has ${limits.maxConnections} connections open, the most it takes: try again once one closes`,
				['retry-after: 1'],
			);
			return;
		}
		open++;
		socket.once('close', () => open--);
		budgetSocket(socket, bodies);
	});
	server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
		const [status, reason, message] =
			error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
				? [
						408,
						'Request Timeout',
						`the request did not arrive within ${limits.requestTimeoutMs} ms (its headers within ${limits.headersTimeoutMs} ms), the most the local service waits`,
					]
				: error.code === 'HPE_HEADER_OVERFLOW'
					? [
							431,
							'Request Header Fields Too Large',
							`the request's headers take more than ${maxHeaderSize} bytes, the most the local service takes`,
						]
					: [400, 'Bad Request', 'the request is not valid HTTP/1.1'];
		answerAndClose(socket as Socket, status, reason, message);
	});
	return { refused: (socket) => refused.has(socket) };
}

/**
 * Answers on the raw socket and closes it for good, not half: a client that never reads or
 * never closes must not keep it. It is given a moment to take the answer.
 */
function answerAndClose(
	socket: Socket,
	status: number,
	reason: string,
	message: string,
	headers: string[] = [],
): void {
	if (!socket.writable || socket.writableEnded) {
		socket.destroy();
		return;
	}
	const body = JSON.stringify({ error: message });
	const head = [
		`HTTP/1.1 ${status} ${reason}`,
		'connection: close',
		'content-type: application/json',
		`content-length: ${Buffer.byteLength(body)}`,
		...headers,
	];
	socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
	// Not at once: closed with what the client sent still unread, the connection would be reset
	// and the client could lose the answer.
	setTimeout(() => socket.destroy(), lingerMs).unref();
	socket.on('error', () => {});
}
