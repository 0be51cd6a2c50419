/**
 * `mqtop dlq ls|show|retry|rm` and `mqtop logs [--follow]` end to end: the built CLI as a
 * child process against `mqtop serve` as another, with real failing deliveries to a loopback
 * destination; bad usage (2), a refusal of the service such as an unknown id (1) and a
 * service that cannot be reached (3).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { defaultDialect } from '../../source/api/dialect.js';
import { dlqLs, dlqRetry, dlqRm } from '../../source/cli/commands/dlq.js';
import { logsCommand } from '../../source/cli/commands/logs.js';
import { type CommandSpec, runSpec } from '../../source/cli/define.js';
import { listen, type TestServer } from '../support/http-server.js';
import { waitUntil } from '../support/wait.js';
import { assertBuilt, baseEnv, runCli, type Served, spawnCli, startServe } from './child.js';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let home: string;
let served: Served;
let destination: TestServer;
/** Paths the destination was asked for, in order. */
const received: { url: string; messageId: string }[] = [];
/** Until true, every path under /fail answers 500. */
let recovered = false;
let client: MqClient;
let info: { queueUrl: string; managementUrl: string; token: string; email: string; apiKey: string };

function env(extra: Record<string, string> = {}): Record<string, string> {
	return baseEnv(home, {
		MQTOP_QUEUE_URL: info.queueUrl,
		MQTOP_TOKEN: info.token,
		MQTOP_MANAGEMENT_URL: info.managementUrl,
		MQTOP_EMAIL: info.email,
		MQTOP_API_KEY: info.apiKey,
		...extra,
	});
}

const cli = (args: string[], extraEnv: Record<string, string> = {}) => runCli(args, { env: env(extraEnv) });

/** Runs a command that must succeed with a clean stderr; its stdout. */
async function ok(args: string[]): Promise<string> {
	const result = await cli(args);
	expect(result.stderr, `mqtop ${args.join(' ')}`).toBe('');
	expect(result.code, `mqtop ${args.join(' ')}`).toBe(0);
	return result.stdout;
}

/** Runs a command in this process, with the environment of the child processes. */
async function inProcess(spec: CommandSpec, args: string[]): Promise<{ code: number; stderr: string }> {
	let stderr = '';
	const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
	const errors = new Writable({
		write(chunk, _encoding, done) {
			stderr += chunk;
			done();
		},
	});
	const stdin = new PassThrough();
	stdin.end();
	const code = await runSpec(spec, args, {
		io: {
			stdout: discard,
			stderr: errors,
			stdin,
			env: env(),
			platform: process.platform,
			homedir: home,
			cwd: process.cwd(),
		},
	});
	return { code, stderr };
}

interface DeadLetter {
	dlqId: string;
	messageId: string;
	url: string;
	labels?: string[];
}

/** Publishes with no retries to a failing path; resolves with its dead letter. */
async function deadLetter(pathname: string, label: string): Promise<DeadLetter> {
	const published = await client.publish({
		destination: `${destination.url}${pathname}`,
		body: `body of ${label}`,
		options: { retries: 0, labels: [label] },
	});
	if (published.kind !== 'url') throw new Error('expected a URL publish');
	const { messageId } = published.result;
	return waitUntil(async () => {
		const { data } = await client.dlq.list({ filter: { messageId } });
		return data.messages[0] as DeadLetter | undefined;
	}, 10_000);
}

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-dlq-logs-'));
	destination = await listen((req, res) => {
		received.push({ url: req.url ?? '', messageId: String(req.headers['svc-message-id'] ?? '') });
		req.resume();
		const failing = !recovered && (req.url ?? '').startsWith('/fail');
		res.statusCode = failing ? 500 : 200;
		res.setHeader('x-reason', failing ? 'down' : 'up');
		res.end(failing ? `cannot take ${req.url}` : 'ok');
	});
	served = await startServe(baseEnv(home));
	info = served.info as typeof info;
	client = new MqClient({ ...info, dialect: defaultDialect });
});

afterAll(async () => {
	await served?.stop();
	await destination?.close();
	if (home) await rm(home, { recursive: true, force: true });
});

describe('mqtop dlq', () => {
	let a: DeadLetter[];
	let b: DeadLetter;

	it('lists with the filters applied by the service, and pages with the cursor it prints', async () => {
		a = [await deadLetter('/fail/a', 'alpha'), await deadLetter('/fail/a', 'alpha')];
		b = await deadLetter('/fail/b', 'beta');
		const byUrl = JSON.parse(await ok(['dlq', 'ls', '--url', `${destination.url}/fail/a`, '--json']));
		expect(byUrl.messages.map((m: DeadLetter) => m.dlqId)).toEqual(a.map((l) => l.dlqId));
		const byStatus = JSON.parse(await ok(['dlq', '--status', '500', '--label', 'beta', '--json']));
		expect(byStatus.messages.map((m: DeadLetter) => m.dlqId)).toEqual([b.dlqId]);
		expect(JSON.parse(await ok(['dlq', '--status', '404', '--json'])).messages).toEqual([]);
		expect(JSON.parse(await ok(['dlq', '--from', 'now', '--json'])).messages).toEqual([]);

		// `mqtop dlq` alone still lists, and prints the command for the next page with the filter.
		const first = await ok(['dlq', '--label', 'alpha', '--count', '1']);
		expect(first).toMatch(new RegExp(`${a[0]!.dlqId}\\s+${a[0]!.messageId}\\s+500`));
		expect(first.split('more:')[0]).not.toContain(a[1]!.dlqId);
		const more = /more: mqtop (dlq .*)$/m.exec(first)?.[1];
		expect(more).toBe(`dlq --label alpha --count 1 --cursor ${a[1]!.dlqId}`);
		const second = await ok(more!.split(' '));
		expect(second).toContain(a[1]!.dlqId);
		expect(second).not.toContain('more:');
	});

	it('shows one dead letter with the last response, and fails on an unknown id', async () => {
		const text = await ok(['dlq', 'show', b.dlqId]);
		expect(text).toMatch(new RegExp(`dlq id\\s+${b.dlqId}`));
		expect(text).toMatch(/response status\s+500/);
		expect(text).toMatch(/response header x-reason\s+down/);
		expect(text).toMatch(/response body\s+cannot take \/fail\/b/);
		expect(text).toMatch(/labels\s+beta/);
		const json = JSON.parse(await ok(['dlq', 'show', b.dlqId, '--json']));
		expect(json).toMatchObject({ dlqId: b.dlqId, messageId: b.messageId, responseStatus: 500 });

		const unknown = await cli(['dlq', 'show', '1-1']);
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toContain('not found');
		expect(unknown.stdout).toBe('');
	});

	it('refuses bad usage (2) before anything is sent, in every subcommand', async () => {
		const cases: [string[], string][] = [
			[['dlq', 'ls', '--status', 'abc'], '--status: expected HTTP statuses'],
			[['dlq', 'show'], 'missing argument'],
			[['dlq', 'retry'], 'name what to retry'],
			[['dlq', 'rm', b.dlqId, '--all'], 'not both'],
			[['dlq', 'frobnicate'], 'unknown subcommand "frobnicate"'],
			[['logs', '--state', 'LOST'], '--state: expected states among'],
		];
		for (const [args, message] of cases) {
			const result = await cli(args);
			expect(result.code, args.join(' ')).toBe(2);
			expect(result.stderr, args.join(' ')).toContain(message);
		}
		expect((await client.dlq.count({})).count).toBe(3);
	});

	it('names the flag at fault in every other case, in this process', async () => {
		const cases: [CommandSpec, string[], string][] = [
			[dlqLs, ['--from', 'yesterday'], '--from: expected a time'],
			[dlqLs, ['--count', '1000'], '--count: expected a whole number from 1 to 100'],
			[dlqLs, ['--message-id', 'a b'], '--message-id: a message id has no spaces'],
			[dlqRetry, [b.dlqId, '--label', 'beta'], 'not both'],
			[dlqRetry, ['--from', '1h', '--to', '2h'], '--to: the end of the time range is before its start'],
			[dlqRm, [], 'name what to delete'],
			[logsCommand.spec, ['--follow', '--cursor', 'x'], '--follow goes forward'],
			[logsCommand.spec, ['--interval', '1s'], '--interval needs --follow'],
			[logsCommand.spec, ['--follow', '--interval', 'soon'], '--interval: invalid duration'],
		];
		for (const [spec, args, message] of cases) {
			const result = await inProcess(spec, args);
			expect(result.code, `${spec.name} ${args.join(' ')}`).toBe(2);
			expect(result.stderr, `${spec.name} ${args.join(' ')}`).toContain(message);
		}
		expect((await client.dlq.count({})).count).toBe(3);
	});

	it('retries one by id: re-delivered, gone from the queue; an unknown id fails', async () => {
		recovered = true;
		const before = received.length;
		const text = await ok(['dlq', 'retry', a[0]!.dlqId]);
		const messageId = /new messages:\n\s+(\S+)/.exec(text)?.[1];
		expect(text).toContain('retried 1 dead letter');
		await waitUntil(() => received.slice(before).find((r) => r.messageId === messageId), 10_000);
		expect(received.slice(before).find((r) => r.messageId === messageId)?.url).toBe('/fail/a');
		const left = JSON.parse(await ok(['dlq', '--json'])).messages.map((m: DeadLetter) => m.dlqId);
		expect(left).not.toContain(a[0]!.dlqId);

		const unknown = await cli(['dlq', 'retry', '1-1', '--json']);
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toContain('not found');
	});

	it('retries everything a filter matches, and deletes by ids, by filter and with --all', async () => {
		recovered = false;
		const more = [await deadLetter('/fail/c', 'gamma'), await deadLetter('/fail/c', 'gamma')];
		recovered = true;
		const retried = JSON.parse(await ok(['dlq', 'retry', '--label', 'gamma', '--json']));
		expect(retried.retried).toBe(2);
		expect(retried.messageIds).toHaveLength(2);
		const left = () => client.dlq.list({}).then((p) => p.data.messages.map((m) => m.dlqId));
		expect(await left()).not.toEqual(expect.arrayContaining(more.map((l) => l.dlqId)));

		recovered = false;
		const doomed = [await deadLetter('/fail/d', 'delta'), await deadLetter('/fail/d', 'delta')];
		expect(JSON.parse(await ok(['dlq', 'rm', doomed[0]!.dlqId, doomed[1]!.dlqId, '--json']))).toEqual({
			deleted: 2,
		});
		expect(await ok(['dlq', 'rm', '--label', 'beta'])).toContain('deleted 1 dead letter');
		expect(await left()).toEqual([a[1]!.dlqId]);
		expect(await ok(['dlq', 'rm', '--label', 'nobody'])).toContain('nothing was deleted');
		const unknown = await cli(['dlq', 'rm', '1-1']);
		expect(unknown.code).toBe(1);
		expect(JSON.parse(await ok(['dlq', 'rm', '--all', '--json']))).toEqual({ deleted: 1 });
		expect(await left()).toEqual([]);
		expect(await ok(['dlq'])).toContain('the dead letter queue is empty');
	});
});

describe('mqtop logs', () => {
	it('lists the entries a label filter matches, newest first', async () => {
		recovered = true;
		const ids: string[] = [];
		for (const label of ['logs-a', 'logs-b']) {
			const published = await client.publish({
				destination: `${destination.url}/ok`,
				options: { labels: [label] },
			});
			if (published.kind === 'url') ids.push(published.result.messageId);
		}
		await waitUntil(async () => {
			const { data } = await client.logs.list({ filter: { label: 'logs-b', state: 'DELIVERED' } });
			return data.logs.length > 0 ? true : undefined;
		});
		const page = JSON.parse(await ok(['logs', '--label', 'logs-a', '--json']));
		expect(new Set(page.logs.map((l: { messageId: string }) => l.messageId))).toEqual(new Set([ids[0]]));
		expect(page.logs.map((l: { state: string }) => l.state)).toEqual(['DELIVERED', 'ACTIVE', 'CREATED']);
		const text = await ok(['logs', '--message-id', ids[1]!]);
		expect(text).toMatch(new RegExp(`DELIVERED\\s+200\\s+${ids[1]}\\s+${destination.url}/ok\\s+logs-b`));
		expect(await ok(['logs', '--label', 'nobody'])).toContain('no log entry matches the filter');
	});

	it('follows new entries as JSON lines until interrupted', async () => {
		const following = spawnCli(
			['logs', '--follow', '--json', '--label', 'follow', '--interval', '200ms'],
			env(),
		);
		try {
			const lines = () =>
				following
					.stdout()
					.split('\n')
					.filter(Boolean)
					.map((line) => JSON.parse(line) as { messageId: string; state: string });
			const publish = async () => {
				const published = await client.publish({
					destination: `${destination.url}/ok`,
					options: { labels: ['follow'] },
				});
				if (published.kind !== 'url') throw new Error('expected a URL publish');
				return published.result.messageId;
			};
			// Published while it follows: each state arrives once, oldest first.
			const first = await publish();
			await waitUntil(
				() => (lines().some((l) => l.messageId === first && l.state === 'DELIVERED') ? true : undefined),
				15_000,
			);
			const second = await publish();
			await waitUntil(
				() => (lines().some((l) => l.messageId === second && l.state === 'DELIVERED') ? true : undefined),
				15_000,
			);
			const states = (id: string) =>
				lines()
					.filter((l) => l.messageId === id)
					.map((l) => l.state);
			expect(states(second)).toEqual(['CREATED', 'ACTIVE', 'DELIVERED']);
			expect(new Set(lines().map((l) => l.messageId))).toEqual(new Set([first, second]));
		} finally {
			following.child.kill('SIGINT');
		}
		expect(await following.exited).toBe(0);
		expect(following.stderr()).toBe('');
	});

	it('follows as lines under a header printed once, the columns aligned with it', async () => {
		const following = spawnCli(['logs', '--follow', '--label', 'follow-text', '--interval', '200ms'], env());
		try {
			const published = await client.publish({
				destination: `${destination.url}/ok`,
				options: { labels: ['follow-text'] },
			});
			if (published.kind !== 'url') throw new Error('expected a URL publish');
			const id = published.result.messageId;
			await waitUntil(
				() => (following.stdout().includes('DELIVERED') ? true : undefined),
				15_000,
				() => following.stdout(),
			);
			const lines = following.stdout().split('\n').filter(Boolean);
			expect(lines[0]).toMatch(
				/^time\s+state\s+status\s+message\s+destination\s+labels\s+error \/ next attempt$/,
			);
			expect(lines.filter((l) => l.startsWith('time '))).toHaveLength(1);
			const delivered = lines.find((l) => l.includes('DELIVERED'))!;
			// Each column starts under its header.
			for (const [header, value] of [
				['state', 'DELIVERED'],
				['message', id],
				['destination', `${destination.url}/ok`],
			] as const)
				expect(delivered.indexOf(value), header).toBe(lines[0]!.indexOf(header));
			expect(delivered.indexOf('200') + 3).toBe(lines[0]!.indexOf('status') + 'status'.length);
		} finally {
			following.child.kill('SIGINT');
		}
		expect(await following.exited).toBe(0);
	});

	it('says it cannot connect (3) when the service is not there', async () => {
		const closed = await listen((_req, res) => res.end());
		await closed.close();
		for (const args of [['logs'], ['dlq'], ['dlq', 'retry', '--all']]) {
			const result = await cli(args, { MQTOP_QUEUE_URL: closed.url });
			expect(result.code, args.join(' ')).toBe(3);
		}
	});
});
