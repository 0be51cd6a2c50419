/**
 * The HTTP side of the receiver: reads each request (up to the body limit), then settles it:
 * verifies its signature, answers, and hands the request as it arrived, with the verdict, to
 * `record` (or, with a forward target, hands it to the app, answers with the app's answer and
 * records it).
 * What the request means is the pure classifyRequest's business, worked out by the
 * caller when it needs the event (see EventStore.addRequest); this module only does I/O and
 * verification.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { VerifyResult } from '../signing/jwt.js';
import { signatureHeaderName } from './delivery-headers.js';
import { withDialectHint } from './dialect-hint.js';
import type { ReceivedRequest, Verification } from './event.js';
import { defaultMaxForwardResponseBytes, type ForwardOutcome, forwardRequest } from './forward.js';
import type { ResolvedReceiverOptions } from './options.js';
import { headerFromRaw } from './raw-headers.js';
import { SeenSignatures } from './seen-signatures.js';
import { type KeyPair, type ReadKeys, SigningKeys } from './signing-keys.js';
import { verifyReceived } from './verify.js';

/** What the server knows of a request before its body. */
type RequestHead = Pick<ReceivedRequest, 'seq' | 'receivedAt' | 'method' | 'path' | 'rawHeaders'>;

export interface ReceiverServer {
	/** e.g. `http://127.0.0.1:41234` */
	url: string;
	close(): Promise<void>;
}

/** What the server does with the requests it settles. */
export interface Recording {
	record: (request: ReceivedRequest) => void;
	/** The number of the first request (after those of a kept history); default 1. */
	firstSeq?: number;
	/**
	 * `record` threw for a request already answered (a bug, e.g. in an event listener): the
	 * request costs only what `record` did not get to, and the receiver goes on.
	 */
	recordFailed?: (error: Error, request: ReceivedRequest) => void;
	/**
	 * Answers held back at most before they are sent, with the requests of the turn so far then
	 * recorded; default all of a turn's. Fewer suits a thread that does little else per request:
	 * its answers then go out while it reads the rest of the turn (see SettledQueue).
	 */
	answersHeld?: number;
	/**
	 * Reads the main key pair again where it came from (the local server, whose keys rotate):
	 * a request whose signature no key matches is verified again with the keys as they are after
	 * it arrived. Without it the keys stay as given.
	 */
	readKeys?: ReadKeys | undefined;
	/** Called when a read of the keys found them changed. */
	keysChanged?: ((keys: KeyPair) => void) | undefined;
}

export async function listenReceiver(
	options: ResolvedReceiverOptions,
	{
		record,
		firstSeq = 1,
		recordFailed = ignore,
		answersHeld = Number.POSITIVE_INFINITY,
		readKeys,
		keysChanged,
	}: Recording,
): Promise<ReceiverServer> {
	let seq = firstSeq - 1;
	// What signatures are checked with: the options, the main key pair as it is now.
	const verifying = { ...options };
	const keys = new SigningKeys(
		{ current: options.currentSigningKey, next: options.nextSigningKey },
		readKeys,
		(pair) => {
			verifying.currentSigningKey = pair.current;
			verifying.nextSigningKey = pair.next;
			keysChanged?.(pair);
		},
	);
	const seen = new SeenSignatures(options.clockToleranceSeconds);
	/** Requests waiting for the keys to be read again: judged before the server closes. */
	const checking = new Set<Promise<void>>();
	const server = createServer(
		{
			requestTimeout: options.requestTimeoutMs,
			headersTimeout: options.headersTimeoutMs,
			// How often Node looks for requests past their timeout; its default is 30 s.
			connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(options.headersTimeoutMs / 4))),
		},
		(req, res) => {
			try {
				receive(req, res, ++seq);
			} catch (error) {
				failed(res, error);
			}
		},
	);
	server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
		// Bad HTTP or a client too slow: answer if the socket still can, then drop it.
		const status =
			error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
				? '408 Request Timeout'
				: error.code === 'HPE_HEADER_OVERFLOW'
					? '431 Request Header Fields Too Large'
					: '400 Bad Request';
		if (socket.writable && !socket.writableEnded) {
			socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`, () =>
				socket.destroy(),
			);
		} else socket.destroy();
	});

	const settled = new SettledQueue(record, recordFailed, answersHeld);
	const signatureName = signatureHeaderName(options.dialect);
	const limit = options.maxBodyBytes;
	const forwardTo = options.forwardTo;

	/**
	 * A request whose body is in: verified, then answered and recorded with the verdict (at the
	 * end of this turn of the event loop, with the others settled in it). Every complete request
	 * is judged here and only here; what else a receiver may do with one belongs here too. A
	 * signature no key matches is checked again once the keys are read again (when they can be:
	 * see SigningKeys).
	 */
	function settle(head: RequestHead, body: Buffer, res: ServerResponse): void {
		const token = headerFromRaw(head.rawHeaders, signatureName);
		const verification = verifyReceived(verifying, token, head.path, body);
		if (verification.ok || verification.failure !== 'signature' || !keys.readable) {
			judged(head, body, res, withDialectHint(verification, head.rawHeaders, options.dialect));
			return;
		}
		const check = keys.refresh(head.receivedAt).then(() => {
			try {
				judged(head, body, res, verifyReceived(verifying, token, head.path, body));
			} catch (error) {
				failed(res, error);
			}
		});
		checking.add(check);
		void check.finally(() => checking.delete(check));
	}

	/** A request with its verdict: a signature seen before marked so, then answered (or forwarded). */
	function judged(head: RequestHead, body: Buffer, res: ServerResponse, checked: Verification): void {
		const first = checked.ok ? seen.note(checked.claims, head.seq) : undefined;
		const verification: Verification = first === undefined ? checked : { ...checked, replayOf: first };
		if (forwardTo !== undefined && (verification.ok || options.forwardRejected)) {
			void forward(forwardTo, { ...head, body, verification }, res);
			return;
		}
		const status = responseStatusFor(verification, options);
		settled.add(
			res,
			status,
			verification.ok
				? `{"received":${head.seq}}`
				: JSON.stringify({ error: `signature rejected: ${verification.reason}` }),
			{
				seq: head.seq,
				receivedAt: head.receivedAt,
				method: head.method,
				path: head.path,
				rawHeaders: head.rawHeaders,
				body,
				verification,
				responseStatus: status,
			},
		);
	}

	/** A body over the limit: recorded, answered 413, and the connection closed. */
	function oversize(req: IncomingMessage, res: ServerResponse, head: RequestHead, seenBytes: number): void {
		const status = 413;
		record({ ...head, oversize: { limitBytes: limit, seenBytes }, responseStatus: status });
		// Stop reading: answer, then close the connection instead of draining the rest.
		res.shouldKeepAlive = false;
		answer(res, status, { error: `body larger than ${limit} bytes` });
		res.once('finish', () => req.socket.destroy());
	}

	/** Reads the body, up to the limit, then settles the request. */
	function receive(req: IncomingMessage, res: ServerResponse, n: number): void {
		const head: RequestHead = {
			seq: n,
			receivedAt: Date.now(),
			method: req.method ?? 'GET',
			path: req.url ?? '/',
			// Kept as Node gives them: the Headers object is built only for events that are shown.
			rawHeaders: req.rawHeaders,
		};
		const declared = Number(headerFromRaw(head.rawHeaders, 'content-length'));
		if (Number.isFinite(declared) && declared > limit) {
			oversize(req, res, head, declared);
			return;
		}
		const chunks: Buffer[] = [];
		let length = 0;
		let over = false;
		req.on('data', (chunk: Buffer) => {
			if (over) return;
			length += chunk.length;
			if (length > limit) {
				over = true;
				chunks.length = 0;
				req.pause();
				try {
					oversize(req, res, head, length);
				} catch (error) {
					failed(res, error);
				}
				return;
			}
			chunks.push(chunk);
		});
		req.on('end', () => {
			if (over) return;
			try {
				settle(head, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length), res);
			} catch (error) {
				failed(res, error);
			}
		});
		// A client that goes away mid-body is not an event: nothing complete arrived.
		req.on('error', ignore);
	}

	/** Hands the request to the app and gives the service the app's answer (502 when there is none). */
	async function forward(
		target: string,
		request: Omit<ReceivedRequest, 'responseStatus'> & { body: Buffer },
		res: ServerResponse,
	): Promise<void> {
		let outcome: ForwardOutcome;
		try {
			outcome = await forwardRequest(target, request, {
				timeoutMs: options.forwardTimeoutMs,
				maxResponseBytes: defaultMaxForwardResponseBytes,
			});
		} catch (error) {
			outcome = { ok: false, url: target, error: (error as Error).message, ms: 0, timedOut: false };
		}
		try {
			const status = outcome.ok ? outcome.status : 502;
			record({
				...request,
				responseStatus: status,
				forward: outcome.ok
					? { url: outcome.url, status: outcome.status, ms: outcome.ms }
					: { url: outcome.url, ms: outcome.ms, error: outcome.error },
			});
			if (res.headersSent || res.destroyed) return;
			if (!outcome.ok) {
				answer(res, 502, { error: outcome.error });
				return;
			}
			res.writeHead(status, [...outcome.headers, 'content-length', String(outcome.body.length)]);
			res.end(outcome.body);
		} catch (error) {
			failed(res, error);
		}
	}

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port, options.host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	// After start, a server error (e.g. too many open files) must not crash the process.
	server.on('error', () => {});

	return {
		url: serverUrl(server),
		close: async () => {
			await Promise.all(checking);
			await new Promise<void>((resolve) => {
				// Every request settled so far is answered and recorded before the connections go.
				settled.flush();
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
	};
}

function ignore(): void {}

/**
 * Requests settled in one turn of the event loop: answered together at its end, then recorded.
 *
 * Together rather than each as soon as it is settled: a client with several requests answered
 * in one turn then wakes once for them, not once each, and under load that wake-up is much of
 * what an answer costs. An answer waits at most for the rest of its turn.
 *
 * Answered before recorded: the answer depends on the verdict alone, while recording works out
 * what the request means (its event, the printed line, the history's copy). Answered first, the
 * service has its answers and sends its next requests while the receiver records, instead of
 * waiting on that work. Recording keeps the order the requests were settled in.
 *
 * With `held`, at most that many answers wait: a thread whose recording is cheap (the worker's,
 * which only copies each request for the main thread) is then answering while it still reads the
 * turn's other requests, and the service has more requests in flight; `mqtop listen --json`,
 * whose recording costs more than its reading, does better with a turn. What each of these
 * bought in the receiver benchmark is in the README (Benchmarks).
 */
class SettledQueue {
	#queued: { res: ServerResponse; status: number; text: string; request: ReceivedRequest }[] = [];

	constructor(
		private readonly record: (request: ReceivedRequest) => void,
		private readonly recordFailed: (error: Error, request: ReceivedRequest) => void,
		private readonly held: number,
	) {}

	add(res: ServerResponse, status: number, text: string, request: ReceivedRequest): void {
		if (this.#queued.length === 0) setImmediate(() => this.flush());
		this.#queued.push({ res, status, text, request });
		if (this.#queued.length >= this.held) this.flush();
	}

	/** Answers, then records, what is queued now. */
	flush(): void {
		const queued = this.#queued;
		this.#queued = [];
		for (const { res, status, text } of queued) {
			try {
				answerJson(res, status, text);
			} catch {
				// Not answerable (the connection is gone): let it go rather than leave it open.
				res.destroy();
			}
		}
		for (const { request } of queued) {
			try {
				this.record(request);
			} catch (error) {
				this.recordFailed(error as Error, request);
			}
		}
	}
}

/** A bug in handling a request (or in an event listener) costs that request, never the process. */
function failed(res: ServerResponse, error: unknown): void {
	answer(res, 500, { error: `receiver error: ${(error as Error).message}` });
}

function answer(res: ServerResponse, status: number, body: object): void {
	answerJson(res, status, JSON.stringify(body));
}

function answerJson(res: ServerResponse, status: number, text: string): void {
	if (res.headersSent) return;
	res.writeHead(status, [
		'content-type',
		'application/json',
		'content-length',
		String(Buffer.byteLength(text)),
	]);
	res.end(text);
}

function serverUrl(server: Server): string {
	const address = server.address() as AddressInfo;
	const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
	return `http://${host}:${address.port}`;
}

/** The answer for a request whose body was read in full. */
function responseStatusFor(
	verification: VerifyResult,
	policy: { respondStatus: number; rejectStatus: number },
): number {
	return verification.ok ? policy.respondStatus : policy.rejectStatus;
}
