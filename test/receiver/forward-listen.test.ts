/**
 * `mqtop listen` in the development loop, against the local service in the deployed dialect
 * and an app that checks every request with the official SDK's Receiver: forwarding (the
 * service retries what the app fails), replay (signed afresh, optionally edited), `--url` as
 * the exact public URL behind a tunnel, and a second key pair for a second region.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Receiver } from '@upstash/qstash';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalService } from '../../source/local/service.js';
import { signRequest } from '../../source/signing/jwt.js';
import { type Fixture, startSdkFixture } from '../local/helpers.js';
import { listen as listenHttp, type TestServer } from '../support/http-server.js';
import { waitUntil } from '../support/wait.js';
import { currentKey, send, sendSigned } from './helpers.js';
import { listen, type Running, runMqtop, stop } from './listen-process.js';

interface AppRequest {
	url: string;
	headers: IncomingHttpHeaders;
	body: string;
	/** What the official SDK's Receiver made of it, checked against the URL the service called. */
	verified: boolean;
}

let fx: Fixture & { qstash: import('@upstash/qstash').Client };
let app: TestServer;
let dataDir: string;
const appRequests: AppRequest[] = [];
/** The app fails the first request to /app/orders, and answers every other. */
let ordersSeen = 0;
/** The public URL each request was signed for, as the app is configured to check it. */
let publicBase = '';

function receiverOf(service: LocalService): Receiver {
	return new Receiver({
		currentSigningKey: service.currentSigningKey,
		nextSigningKey: service.nextSigningKey,
	});
}

beforeAll(async () => {
	dataDir = await mkdtemp(path.join(tmpdir(), 'mqtop-forward-'));
	fx = await startSdkFixture({ backoff: () => 50 });
	app = await listenHttp((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', async () => {
			const body = Buffer.concat(chunks).toString('utf8');
			// The app is mounted at /app; the service called the receiver's URL, path below it.
			const url = `${publicBase}${(req.url ?? '/').replace(/^\/app/, '')}`;
			const verified = await receiverOf(fx.service)
				.verify({ signature: String(req.headers['upstash-signature']), body, url })
				.catch(() => false);
			appRequests.push({ url: req.url ?? '', headers: req.headers, body, verified });
			const fail = req.url?.startsWith('/app/orders') && ordersSeen++ === 0;
			res.writeHead(fail ? 500 : 200, { 'content-type': 'text/plain', 'x-app': 'yes' });
			res.end(fail ? 'app is not ready' : `app took ${body.length} bytes`);
		});
	});
});

afterAll(async () => {
	await app.close();
	await fx.close();
	await rm(dataDir, { recursive: true, force: true });
});

function keyFlags(service: LocalService): string[] {
	return [
		'--current-signing-key',
		service.currentSigningKey,
		'--next-signing-key',
		service.nextSigningKey,
		'--dialect',
		'deployed',
		'--data-dir',
		dataDir,
	];
}

async function listening(running: Running): Promise<string> {
	const first = await waitUntil(
		() => running.lines[0],
		15_000,
		() => `no listening line: ${running.stderr()}`,
	);
	return (JSON.parse(first) as { listening: string }).listening;
}

/** The JSON lines of requests so far. */
function events(running: Running): Record<string, unknown>[] {
	return running.lines.slice(1).map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function replay(args: string[]): Promise<{ code: number | null; output: Record<string, unknown> }> {
	const run = runMqtop(['listen', '--json', ...args]);
	const code = await run.exit;
	if (run.lines.length !== 1) throw new Error(`replay printed ${run.lines.length} lines: ${run.stderr()}`);
	return { code, output: JSON.parse(run.lines[0]!) as Record<string, unknown> };
}

describe('mqtop listen --forward-to', () => {
	it('hands requests to the app, so the service retries what the app fails; a replay is signed afresh', async () => {
		const running = listen(['--json', '--forward-to', `${app.url}/app`, ...keyFlags(fx.service)]);
		try {
			publicBase = await listening(running);
			const body = '{"order":42}';
			const { messageId } = await fx.qstash.publish({
				url: `${publicBase}/orders?region=eu`,
				body,
				headers: { 'content-type': 'application/json', 'x-tenant': 'acme' },
				retries: 2,
			});
			const orders = () => appRequests.filter((r) => r.url.startsWith('/app/orders'));
			await waitUntil(() => (orders().length >= 2 ? true : undefined), 15_000, 'the retry to reach the app');
			const [failed, succeeded] = orders();
			for (const seen of [failed!, succeeded!]) {
				expect(seen.url).toBe('/app/orders?region=eu');
				expect(seen.body).toBe(body);
				expect(seen.headers['content-type']).toBe('application/json');
				expect(seen.headers['x-tenant']).toBe('acme');
				expect(seen.headers['upstash-message-id']).toBe(messageId);
				expect(seen.verified).toBe(true);
			}
			expect(succeeded!.headers['upstash-retried']).toBe('1');

			// The service saw the app's answers: an error, then the delivery.
			const states = await waitUntil(async () => {
				const { logs } = await fx.qstash.logs({ filter: { messageId } });
				const found = logs.map((log) => log.state);
				return found.includes('DELIVERED') ? found : undefined;
			});
			expect(states).toContain('ERROR');
			await waitUntil(() => (events(running).length >= 2 ? true : undefined));
			const [first, second] = events(running);
			expect(first).toMatchObject({
				path: '/orders?region=eu',
				verified: true,
				responseStatus: 500,
				forward: { url: `${app.url}/app/orders?region=eu`, status: 500, error: null },
			});
			expect(second).toMatchObject({ verified: true, responseStatus: 200, forward: { status: 200 } });

			// The first request again: the app answers it now, and its fresh signature verifies.
			const replayed = await replay([
				'--replay',
				String(first!.seq),
				'--forward-to',
				`${app.url}/app`,
				...keyFlags(fx.service),
			]);
			expect(replayed.code).toBe(0);
			expect(replayed.output).toMatchObject({
				replayed: first!.seq,
				resigned: true,
				forward: { status: 200, body: `app took ${body.length} bytes` },
				original: { responseStatus: 500, forward: { status: 500 } },
			});
			const again = orders()[2]!;
			expect(again.body).toBe(body);
			expect(again.verified).toBe(true);
			expect(again.headers['upstash-signature']).not.toBe(failed!.headers['upstash-signature']);

			// Edited before it goes: the new body is what is signed.
			const edited = await replay([
				'--replay',
				String(first!.seq),
				'--body',
				'{"order":43}',
				'--header',
				'X-Tenant: globex',
				'--forward-to',
				`${app.url}/app`,
				...keyFlags(fx.service),
			]);
			expect(edited.code).toBe(0);
			const changed = orders()[3]!;
			expect(changed).toMatchObject({ body: '{"order":43}', verified: true });
			expect(changed.headers['x-tenant']).toBe('globex');

			const unknown = runMqtop([
				'listen',
				'--replay',
				'99999',
				'--forward-to',
				app.url,
				...keyFlags(fx.service),
			]);
			expect(await unknown.exit).toBe(2);
			expect(unknown.stderr()).toMatch(/no request 99999 in the history: it keeps requests 1 to \d+/);
			expect(await stop(running)).toBe(0);
		} finally {
			running.child.kill('SIGKILL');
		}
	});

	it('answers 502 with a clear line when the app is down, and does not forward rejected requests', async () => {
		const down = await listenHttp(() => {});
		await down.close();
		const running = listen([
			'--json',
			'--forward-to',
			down.url,
			'--current-signing-key',
			currentKey,
			'--data-dir',
			dataDir,
		]);
		try {
			const url = await listening(running);
			expect((await sendSigned(url, '/hook', 'hello')).status).toBe(502);
			expect(
				(await sendSigned(url, '/hook', 'forged', { key: 'sig_notTheKeyAtAll000000000000' })).status,
			).toBe(401);
			await waitUntil(() => (events(running).length >= 2 ? true : undefined));
			const [unreachable, rejected] = events(running);
			expect(unreachable).toMatchObject({ verified: true, responseStatus: 502, forward: { status: null } });
			expect((unreachable!.forward as { error: string }).error).toMatch(
				/refused the connection: is it running\?/,
			);
			expect(rejected).toMatchObject({ verified: false, responseStatus: 401, forward: null });
			expect(await stop(running)).toBe(0);
		} finally {
			running.child.kill('SIGKILL');
		}
	});
});

describe('mqtop listen --url and --key-pair', () => {
	it('takes --url as the exact public URL: behind a tunnel it accepts the genuine callback and rejects one for another URL', async () => {
		// A tunnel: its URL is public, and it passes each request on to the receiver, path kept.
		let receiver = '';
		const tunnel = await listenHttp((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (chunk: Buffer) => chunks.push(chunk));
			req.on('end', async () => {
				const { host: _host, connection: _connection, ...headers } = req.headers;
				// The service retries the rejected callback after the receiver has stopped: a tunnel
				// whose backend is gone answers 502, as a real one does, instead of throwing.
				try {
					const answer = await request(`${receiver}${req.url}`, {
						method: 'POST',
						headers: headers as Record<string, string>,
						body: Buffer.concat(chunks),
					});
					res.writeHead(answer.statusCode);
					res.end(Buffer.from(await answer.body.arrayBuffer()));
				} catch {
					res.writeHead(502);
					res.end('tunnel: the receiver is not answering');
				}
			});
		});
		const destination = await listenHttp((_req, res) => res.end('ok'));
		const running = listen(['--json', '--url', `${tunnel.url}/api/callback`, ...keyFlags(fx.service)]);
		try {
			receiver = await listening(running);
			const genuine = await fx.qstash.publish({
				url: `${destination.url}/work`,
				body: 'job',
				callback: `${tunnel.url}/api/callback`,
			});
			await fx.qstash.publish({
				url: `${destination.url}/work`,
				body: 'job',
				callback: `${tunnel.url}/api/elsewhere`,
			});
			await waitUntil(() => (events(running).length >= 2 ? true : undefined), 15_000, 'both callbacks');
			const byPath = (p: string) => events(running).find((e) => e.path === p);
			expect(byPath('/api/callback')).toMatchObject({
				kind: 'callback',
				verified: true,
				responseStatus: 200,
				sourceMessageId: genuine.messageId,
			});
			expect(byPath('/api/elsewhere')).toMatchObject({
				verified: false,
				failure: 'subject',
				responseStatus: 401,
			});
			expect(await stop(running)).toBe(0);
		} finally {
			running.child.kill('SIGKILL');
			await tunnel.close();
			await destination.close();
		}
	});

	it('verifies a request of a second region with its key pair, and says which pair it was', async () => {
		const region = await startSdkFixture();
		const running = listen([
			'--json',
			'--key-pair',
			`eu-central-1=${region.service.currentSigningKey},${region.service.nextSigningKey}`,
			...keyFlags(fx.service),
		]);
		try {
			const url = await listening(running);
			await fx.qstash.publish({ url: `${url}/from-main`, body: 'main' });
			await region.qstash.publish({ url: `${url}/from-region`, body: 'region' });
			await waitUntil(() => (events(running).length >= 2 ? true : undefined), 15_000, 'both deliveries');
			const byPath = (p: string) => events(running).find((e) => e.path === p);
			expect(byPath('/from-main')).toMatchObject({ verified: true, signingKey: 'current', keyPair: null });
			expect(byPath('/from-region')).toMatchObject({
				verified: true,
				signingKey: 'current',
				keyPair: 'eu-central-1',
			});
			// Signed like the deployed service, with a key neither pair has.
			const token = signRequest({
				key: 'sig_neitherRegionKnowsThis0000',
				issuer: 'Upstash',
				url: `${url}/stranger`,
				body: 'x',
			});
			const stranger = await send(`${url}/stranger`, { body: 'x', headers: { 'Upstash-Signature': token } });
			expect(stranger.status).toBe(401);
			await waitUntil(() => byPath('/stranger'));
			expect(byPath('/stranger')!.reason).toBe('invalid signature: matches no key of the 2 key pairs');
			expect(await stop(running)).toBe(0);
		} finally {
			running.child.kill('SIGKILL');
			await region.close();
		}
	});
});
