/**
 * The load generator of the receiver benchmark, run as a child process so the server under
 * test has its own process (and core). It sends signed callbacks over a fixed number of
 * keep-alive connections to a loopback URL, one request per connection at a time, and reports
 * how many completed and with which status.
 */
import { Pool } from 'undici';
import { signRequest } from '../source/signing/jwt.js';
import { type PreparedRequest, prepareRequest, RawConnection } from './raw-load.js';

export interface LoadJob {
	url: string;
	key: string;
	issuer: string;
	/** What the service's headers start with, lower case: `svc-` (the default) or `upstash-`. */
	headerPrefix?: string;
	body: string;
	connections: number;
	durationMs: number;
	/** Stop after this many requests even if time remains. */
	maxRequests?: number;
	/** Requests per second at most, paced evenly; as fast as the server answers when absent. */
	ratePerSecond?: number;
	/**
	 * Distinct bodies to send, each `body` with `{n}` replaced by its number (e.g. a source
	 * message id per body); one when absent.
	 */
	bodies?: number;
	/**
	 * How requests are sent: `undici` (the default), or `raw`, the lean sender of raw-load.ts,
	 * which costs this process a fraction of undici's time a request (bench/README.md).
	 */
	client?: 'undici' | 'raw';
}

export interface LoadResult {
	completed: number;
	elapsedMs: number;
	statuses: Record<string, number>;
	errors: number;
}

// Signatures live 300 s; re-sign well before that so a long run never sends an expired one.
const resignEveryMs = 60_000;
const poolSize = 64;

/** Set by a `{ stop: true }` message: every lane ends after its current request. */
let stopping = false;

async function run(job: LoadJob): Promise<LoadResult> {
	stopping = false;
	const target = new URL(job.url);
	if (target.hostname !== '127.0.0.1') throw new Error('the receiver benchmark only talks to 127.0.0.1');
	const raw = job.client === 'raw';
	const pool = raw ? undefined : new Pool(target.origin, { connections: job.connections, pipelining: 1 });
	const path = '/bench';
	const prefix = job.headerPrefix ?? 'svc-';
	const bodies = Array.from({ length: Math.max(1, job.bodies ?? 1) }, (_, i) =>
		job.body.replaceAll('{n}', String(i)),
	);
	// One signed token per body (a pool of them for a single body), re-signed as they age.
	const count = Math.max(poolSize, bodies.length);
	let tokens: string[] = [];
	let prepared: PreparedRequest[] = [];
	let signedAt = 0;
	const sign = () => {
		tokens = Array.from({ length: count }, (_, i) =>
			signRequest({
				key: job.key,
				issuer: job.issuer,
				url: `${target.origin}${path}`,
				body: bodies[i % bodies.length]!,
			}),
		);
		if (raw)
			prepared = tokens.map((token, i) =>
				prepareRequest(
					target.host,
					path,
					{ 'content-type': 'application/json', [`${prefix}signature`]: token, [`${prefix}retried`]: '0' },
					`${prefix}message-id`,
					bodies[i % bodies.length]!,
				),
			);
		signedAt = Date.now();
	};
	sign();
	const statuses: Record<string, number> = {};
	let started = 0;
	let completed = 0;
	let errors = 0;
	const max = job.maxRequests ?? Number.POSITIVE_INFINITY;
	const begin = performance.now();
	const deadline = Date.now() + job.durationMs;
	const lane = async () => {
		const connection = raw ? new RawConnection(target.hostname, Number(target.port)) : undefined;
		while (started < max && Date.now() < deadline && !stopping) {
			const n = started++;
			if (job.ratePerSecond) {
				const wait = begin + (n / job.ratePerSecond) * 1000 - performance.now();
				if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
				if (Date.now() >= deadline) break;
			}
			if (Date.now() - signedAt > resignEveryMs) sign();
			if (connection) {
				try {
					const status = await connection.send(prepared[n % count]!, `msg_bench${n}`);
					statuses[status] = (statuses[status] ?? 0) + 1;
					completed++;
				} catch {
					errors++;
				}
				continue;
			}
			try {
				const response = await pool!.request({
					path,
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						[`${prefix}signature`]: tokens[n % count]!,
						[`${prefix}message-id`]: `msg_bench${n}`,
						[`${prefix}retried`]: '0',
					},
					body: bodies[(n % count) % bodies.length]!,
				});
				await response.body.dump();
				statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
				completed++;
			} catch {
				errors++;
			}
		}
		connection?.close();
	};
	await Promise.all(Array.from({ length: job.connections }, lane));
	const elapsedMs = performance.now() - begin;
	await pool?.close();
	return { completed, elapsedMs, statuses, errors };
}

process.on('message', (message: LoadJob | { stop: true }) => {
	if ('stop' in message) {
		stopping = true;
		return;
	}
	run(message).then(
		(result) => process.send?.({ ok: true, result }),
		(error: unknown) => process.send?.({ ok: false, message: (error as Error).message }),
	);
});
