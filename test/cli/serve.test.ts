/**
 * `mqtop serve` as a local server that stays put, the built CLI as a child process: killed
 * with SIGKILL in the middle of delayed, retrying, grouped and scheduled traffic and started
 * again on the same data directory, it comes back with the same credentials and ids, and
 * every message it accepted ends delivered, dead-lettered or cancelled, none delivered twice
 * unless it was in the middle of its delivery when the process died (at-least-once). Also:
 * --env, what Ctrl-C says, a second server on a directory in use, and the commands that use
 * the running server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { resolveDialect } from '../../source/api/dialect.js';
import type { LocalServiceInfo } from '../../source/local/service.js';
import { listen, type TestServer } from '../support/http-server.js';
import { waitUntil } from '../support/wait.js';
import { assertBuilt, baseEnv, runCli, startServe } from './child.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

interface Arrival {
	path: string;
	messageId: string;
	retried: string;
	scheduleId: string | undefined;
	status: number;
	at: number;
}

type ServedInfo = LocalServiceInfo;

let home: string;
let destination: TestServer;
const arrivals: Arrival[] = [];

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-serve-'));
	// /flaky fails the first attempt of each message, /dead every attempt; the rest succeed.
	destination = await listen((req, res) => {
		req.resume();
		req.on('end', () => {
			// Both dialects: the neutral Svc- headers and the deployed ones.
			const header = (name: string) =>
				(req.headers[`svc-${name}`] ?? req.headers[`upstash-${name}`]) as string | undefined;
			const retried = header('retried') ?? '';
			const route = (req.url ?? '').split('?')[0]!;
			const status = route === '/dead' || (route === '/flaky' && retried === '0') ? 500 : 200;
			arrivals.push({
				path: route,
				messageId: header('message-id') ?? '',
				retried,
				scheduleId: header('schedule-id'),
				status,
				at: Date.now(),
			});
			res.statusCode = status;
			res.end(status === 200 ? 'ok' : 'down');
		});
	});
});

afterAll(async () => {
	await destination?.close();
	if (home) await rm(home, { recursive: true, force: true });
});

function clientOf(info: ServedInfo): MqClient {
	return new MqClient(
		{ ...info, dialect: resolveDialect(undefined), timeoutMs: 5000 },
		{ retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 10 } },
	);
}

function messageIds(answer: Awaited<ReturnType<MqClient['publish']>>): string[] {
	return answer.kind === 'url' ? [answer.result.messageId] : answer.results.map((r) => r.messageId);
}

/**
 * Publishes a mix of traffic until `stop()`, putting the id of every accepted message in
 * `accepted` as its answer comes; resolves when every client has stopped.
 */
function traffic(
	client: MqClient,
	accepted: { id: string; path: string }[],
	stop: () => boolean,
): Promise<void> {
	const kinds = [
		{ path: '/now', options: {} },
		{ path: '/delayed', options: { delayMs: 1500 } },
		{ path: '/flaky', options: { retries: 2, retryDelay: '800' } },
		{ path: '/dead', options: { retries: 1, retryDelay: '300' } },
		{ path: 'team', options: { delayMs: 700 } },
	] as const;
	let n = 0;
	const worker = async () => {
		while (!stop()) {
			const kind = kinds[n++ % kinds.length]!;
			const group = kind.path === 'team';
			try {
				const answer = await client.publish({
					destination: group ? 'team' : `${destination.url}${kind.path}`,
					body: `message ${n}`,
					options: { ...kind.options },
				});
				for (const id of messageIds(answer)) accepted.push({ id, path: group ? '/team' : kind.path });
			} catch {
				// The server was killed with this request in flight: it was never accepted.
				return;
			}
		}
	};
	return Promise.all(Array.from({ length: 4 }, worker)).then(() => {});
}

describe('mqtop serve killed with SIGKILL and started again on the same data directory', () => {
	it('is the same server, and every accepted message ends delivered, dead-lettered or cancelled', async () => {
		const env = baseEnv(home, { XDG_DATA_HOME: path.join(home, 'kill') });
		const first = await startServe(env);
		const info = first.info as unknown as ServedInfo;
		const client = clientOf(info);
		await client.groups.addEndpoints('team', [
			{ url: `${destination.url}/team-a`, name: 'a' },
			{ url: `${destination.url}/team-b`, name: 'b' },
		]);
		const schedule = await client.schedules.create({
			destination: `${destination.url}/tick`,
			cron: '* * * * * *',
		});
		const cancelled = messageIds(
			await client.publish({ destination: `${destination.url}/cancelled`, options: { delayMs: 2500 } }),
		);
		await client.messages.cancelOne(cancelled[0]!);

		let killed = false;
		const accepted: { id: string; path: string }[] = [];
		const published = traffic(client, accepted, () => killed);
		// Mid-traffic: some delivered, some waiting for their delay or their retry.
		await waitUntil(
			() =>
				accepted.length >= 20 &&
				arrivals.some((a) => a.path === '/flaky' && a.status === 500) &&
				arrivals.some((a) => a.path === '/now') &&
				arrivals.some((a) => a.path === '/tick')
					? true
					: undefined,
			20_000,
			'traffic to get going',
		);
		const killedAt = Date.now();
		const exited = new Promise((resolve) => first.child.once('exit', resolve));
		first.child.kill('SIGKILL');
		killed = true;
		await published;
		await exited;
		// Deliveries may still land between the signal and the death: the exit bounds a duplicate.
		const diedAt = Date.now();
		const deliveredBefore = (id: string) =>
			arrivals.some((a) => a.messageId === id && a.status === 200 && a.at <= killedAt);
		const pendingAtKill = accepted.filter(({ id, path: route }) => route !== '/dead' && !deliveredBefore(id));
		expect(pendingAtKill.length, 'messages still waiting or retrying when killed').toBeGreaterThan(3);
		expect(pendingAtKill.some(({ path: route }) => route === '/flaky')).toBe(true);
		expect(pendingAtKill.some(({ path: route }) => route === '/team')).toBe(true);

		const second = await startServe(env);
		try {
			const again = second.info as unknown as ServedInfo;
			for (const key of [
				'token',
				'email',
				'apiKey',
				'currentSigningKey',
				'nextSigningKey',
				'accountId',
			] as const)
				expect(again[key], key).toBe(info[key]);
			// The same indexes with the same tokens, at the new port.
			const withoutUrl = ({ url: _url, ...index }: ServedInfo['indexes'][number]) => index;
			expect(again.indexes.map(withoutUrl)).toEqual(info.indexes.map(withoutUrl));
			const client2 = clientOf(again);

			const delivered = (id: string) => arrivals.some((a) => a.messageId === id && a.status === 200);
			// Every page: a fast machine dead-letters more than one page's worth before the kill.
			const deadLetters = async () => {
				const ids = new Set<string>();
				let cursor: string | undefined;
				for (let pages = 0; pages < 100; pages++) {
					const page = (await client2.dlq.list(cursor ? { cursor } : {})).data;
					for (const m of page.messages) ids.add(m.messageId as string);
					cursor = page.cursor;
					if (!cursor) break;
				}
				return ids;
			};
			await waitUntil(
				async () => {
					const dead = await deadLetters();
					const open = accepted.filter(({ id }) => !delivered(id) && !dead.has(id));
					return open.length === 0 ? true : undefined;
				},
				30_000,
				() => {
					const open = accepted.filter(({ id }) => !delivered(id));
					return `${open.length} accepted messages neither delivered nor dead-lettered: ${JSON.stringify(open.slice(0, 5))}`;
				},
			);
			const dead = await deadLetters();
			for (const { id, path: route } of accepted) {
				if (route === '/dead') expect(dead.has(id), `${id} dead-lettered`).toBe(true);
				else expect(delivered(id), `${id} to ${route} delivered`).toBe(true);
			}

			// At least once, and twice only for a delivery under way when the process died.
			const firstSuccess = new Map<string, Arrival>();
			for (const arrival of arrivals.filter((a) => a.status === 200 && a.path !== '/tick')) {
				const earlier = firstSuccess.get(arrival.messageId);
				if (!earlier) {
					firstSuccess.set(arrival.messageId, arrival);
					continue;
				}
				expect(earlier.at, `${arrival.messageId} delivered again`).toBeGreaterThan(killedAt - 1000);
				expect(earlier.at).toBeLessThanOrEqual(diedAt);
			}

			// The schedule fires again, with the same id, after the restart.
			const restartedAt = Date.now();
			await waitUntil(
				() => (arrivals.some((a) => a.path === '/tick' && a.at > restartedAt) ? true : undefined),
				10_000,
				'the schedule to fire after the restart',
			);
			expect(arrivals.filter((a) => a.path === '/tick').every((a) => a.scheduleId === schedule)).toBe(true);

			// The cancelled message never went out, not even after its time.
			await waitUntil(() => (Date.now() > killedAt + 2600 ? true : undefined), 10_000);
			expect(arrivals.some((a) => a.messageId === cancelled[0])).toBe(false);
		} finally {
			await second.stop();
		}
	});
});

describe('mqtop serve for an app and for the other commands', () => {
	it('prints the .env lines, the same across restarts, and the commands use the running server', async () => {
		const env = baseEnv(home, { XDG_DATA_HOME: path.join(home, 'env') });
		const lines = await runCli(['serve', '--env', '--port', '0', '--dialect', 'deployed'], { env });
		expect(lines.code).toBe(0);
		// The deployed dialect's token has the deployed shape: base64 of {"UserID", "Password"}.
		const token = /^QSTASH_URL=http:\/\/127\.0\.0\.1:0\nQSTASH_TOKEN=([A-Za-z0-9+/]+=*)\n/.exec(
			lines.stdout,
		)?.[1];
		expect(JSON.parse(Buffer.from(token ?? '', 'base64').toString())).toMatchObject({
			UserID: expect.any(String),
		});
		expect(lines.stdout).toMatch(/\nQSTASH_CURRENT_SIGNING_KEY=sig_\w+\nQSTASH_NEXT_SIGNING_KEY=sig_\w+\n/);

		const down = await runCli(['group', 'ls'], { env });
		expect(down.code).toBe(3);
		expect(down.stderr).toContain('hint: start one in another terminal with `mqtop serve`');

		const served = await startServe(env, ['--dialect', 'deployed']);
		try {
			const info = served.info as unknown as ServedInfo;
			const token = /QSTASH_TOKEN=(\S+)/.exec(lines.stdout)![1];
			expect(info.token).toBe(token);
			const running = await runCli(['serve', '--env'], { env });
			expect(running.stdout).toContain(`QSTASH_URL=${info.queueUrl}\nQSTASH_TOKEN=${token}\n`);
			// No connection configured: the command finds the server and speaks its dialect.
			const publish = await runCli(['publish', `${destination.url}/from-cli`, '--body', 'hi', '--json'], {
				env,
			});
			expect(publish.code).toBe(0);
			const id = JSON.parse(publish.stdout).messageId as string;
			await waitUntil(() => (arrivals.some((a) => a.path === '/from-cli') ? true : undefined), 10_000);
			expect(arrivals.find((a) => a.path === '/from-cli')?.messageId).toBe(id);

			const second = await runCli(['serve', '--port', '0'], { env });
			expect(second.code).toBe(3);
			expect(second.stderr).toContain(`is in use by another mqtop (pid ${served.child.pid}`);
			expect(second.stderr).toContain('--ephemeral');
		} finally {
			await served.stop();
		}
	});

	it('says on Ctrl-C how many messages are pending and that they go out at the next start', async () => {
		const env = baseEnv(home, { XDG_DATA_HOME: path.join(home, 'ctrl-c') });
		const served = await startServe(env);
		const client = clientOf(served.info as unknown as ServedInfo);
		for (let i = 0; i < 3; i++)
			await client.publish({ destination: `${destination.url}/later`, options: { delayMs: 3_600_000 } });
		let stdout = '';
		served.child.stdout?.on('data', (chunk) => {
			stdout += chunk;
		});
		const exited = new Promise<number | null>((resolve) => served.child.once('exit', resolve));
		served.child.kill('SIGINT');
		expect(await exited).toBe(0);
		// With --json, stopping is the stream's last event on stdout, not a warning.
		const stopped = JSON.parse(stdout.trim().split('\n').at(-1)!);
		expect(stopped).toMatchObject({ pending: 3, evicted: {} });
		expect(stopped.stopped).toContain(
			'stopped with 3 messages pending; they will be delivered at the next start',
		);
		expect(served.stderr()).not.toContain('warning');

		const ephemeral = await startServe(env, ['--ephemeral']);
		await clientOf(ephemeral.info as unknown as ServedInfo).publish({
			destination: `${destination.url}/later`,
			options: { delayMs: 3_600_000 },
		});
		let said = '';
		ephemeral.child.stdout?.on('data', (chunk) => {
			said += chunk;
		});
		const gone = new Promise<number | null>((resolve) => ephemeral.child.once('exit', resolve));
		ephemeral.child.kill('SIGINT');
		expect(await gone).toBe(0);
		expect(said).toContain('1 message pending was dropped (--ephemeral keeps nothing)');
		expect(said).not.toContain('warning');
		expect(ephemeral.stderr()).toBe('');
	});
});
