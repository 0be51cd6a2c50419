/**
 * The local service outside the test's own thread: `mqtop serve` as a child process and
 * startLocalServiceInWorker on a worker thread. Both run the compiled JavaScript, built once
 * into a private directory so that no other build is disturbed.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { resolveDialect } from '../../source/api/dialect.js';
import type { LocalServiceInfo } from '../../source/local/service.js';
import { conformant } from '../support/conformance.js';
import { waitUntil } from '../support/wait.js';
import { type Sink, startSink } from './helpers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const out = `${root}.test-out/local-process`;
const main = `${out}/cli/main.js`;

let sink: Sink;
let home: string;
/** A home of the test's own: the server's data directory never is the developer's. */
let env: Record<string, string>;

beforeAll(async () => {
	home = await mkdtemp(join(tmpdir(), 'mqtop-process-'));
	env = {
		PATH: process.env.PATH ?? '',
		HOME: home,
		XDG_DATA_HOME: join(home, 'data'),
		XDG_CONFIG_HOME: join(home, 'config'),
	};
	execFileSync(
		process.execPath,
		[`${root}node_modules/typescript/bin/tsc`, '-p', `${root}tsconfig.json`, '--outDir', out],
		{
			stdio: 'pipe',
		},
	);
	sink = await startSink();
}, 60_000);

afterAll(async () => {
	await sink.close();
	await rm(home, { recursive: true, force: true });
});

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [main, ...args], { env });
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (d) => {
			stdout += d;
		});
		child.stderr.on('data', (d) => {
			stderr += d;
		});
		child.on('close', (code) => resolve({ code, stdout, stderr }));
	});
}

function clientFor(info: LocalServiceInfo, dialect = resolveDialect(undefined)): MqClient {
	return new MqClient({ ...info, dialect });
}

async function firstLine(child: ChildProcess): Promise<string> {
	const lines = createInterface({ input: child.stdout! });
	for await (const line of lines) return line;
	throw new Error('no output');
}

describe('mqtop serve', () => {
	it('prints one JSON line once it accepts requests, serves the dialect asked for, and exits 0 on SIGTERM', async () => {
		const child = spawn(
			process.execPath,
			[
				main,
				'serve',
				'--port',
				'0',
				'--json',
				'--header-prefix',
				'Upstash-',
				'--token-param',
				'qstash_token',
				'--product-segment',
				'qstash',
				'--issuer',
				'Upstash',
			],
			{ env },
		);
		const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
		try {
			const info = JSON.parse(await firstLine(child)) as LocalServiceInfo;
			expect(Object.keys(info).sort()).toEqual(
				[
					'queueUrl',
					'managementUrl',
					'token',
					'email',
					'apiKey',
					'currentSigningKey',
					'nextSigningKey',
					'accountId',
					'indexes',
					'pid',
					'dialect',
					'keepsState',
				].sort(),
			);
			expect(info.queueUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
			// The indexes are a list, one of each kind, each reachable with both of its tokens.
			expect(info.indexes.map((index) => index.kind)).toEqual(['dense', 'sparse', 'hybrid', 'search']);
			for (const index of info.indexes) {
				expect(Object.keys(index).sort()).toEqual(['id', 'kind', 'name', 'readOnlyToken', 'token', 'url']);
				expect(index.url).toBe(
					`${info.queueUrl}/${index.kind === 'search' ? 'search' : 'vector'}/${index.id}`,
				);
				for (const token of [index.token, index.readOnlyToken]) {
					const answer = await fetch(`${index.url}/info`, { headers: { authorization: `Bearer ${token}` } });
					expect(answer.status, `${index.kind} info`).toBe(200);
					await answer.arrayBuffer();
				}
			}
			const dialect = resolveDialect({
				headerPrefix: 'Upstash-',
				tokenParam: 'qstash_token',
				productSegment: 'qstash',
				issuer: 'Upstash',
			});
			const client = clientFor(info, dialect);
			expect(await conformant(client).getSigningKeys()).toEqual({
				current: info.currentSigningKey,
				next: info.nextSigningKey,
			});
			expect((await conformant(client).listUsers())[0]!.id).toBe(info.accountId);
			await client.publish({ destination: `${sink.url}/served`, body: 'via serve', options: { retries: 0 } });
			const [got] = await sink.waitFor(1);
			expect(got!.headers['upstash-message-id']).toMatch(/^msg_/);
		} finally {
			child.kill('SIGTERM');
		}
		expect(await exited).toBe(0);
	});

	/** The banner of `mqtop serve` with `args`, which stops on Ctrl+C. */
	async function banner(args: string[] = []): Promise<string> {
		const child = spawn(process.execPath, [main, 'serve', '--port', '0', '--ephemeral', ...args], { env });
		const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
		let text = '';
		await new Promise<void>((resolve) => {
			child.stdout.on('data', (d) => {
				text += d;
				if (text.includes('Ctrl+C')) resolve();
			});
		});
		child.kill('SIGINT');
		expect(await exited).toBe(0);
		return text;
	}

	it('prints a banner with a curl example without --json', async () => {
		const text = await banner();
		expect(text).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
		expect(text).toMatch(
			/curl -X POST 'http:\/\/127\.0\.0\.1:\d+\/v2\/publish\/https:\/\/example\.com\/hook'/,
		);
		expect(text).toContain('Authorization: Bearer mq_local_');
		expect(text).toContain("with --dialect deployed: the official SDKs' QSTASH_* names");
	});

	it('prints the environment of an app on the official SDKs with --dialect deployed', async () => {
		const text = await banner(['--dialect', 'deployed']);
		expect(text).toMatch(/QSTASH_URL=http:\/\/127\.0\.0\.1:\d+\n/);
		expect(text).toMatch(/QSTASH_TOKEN=\S+/);
		expect(text).toMatch(/QSTASH_CURRENT_SIGNING_KEY=sig_\w+/);
	});

	it('takes plan limits from a file and from flags, the flags winning', async () => {
		const dir = await mkdtemp(join(tmpdir(), 'mqtop-limits-'));
		try {
			const file = join(dir, 'plan.json');
			await writeFile(file, JSON.stringify({ max_queues: 1, max_delay: 60, max_retries: 2 }));
			const child = spawn(
				process.execPath,
				// A throwaway server: the data directory of this file keeps the dialect the first test asked for.
				[main, 'serve', '--port', '0', '--json', '--ephemeral', '--limits', file, '--limit', 'max_retries=4'],
				{ env },
			);
			const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
			try {
				const client = clientFor(JSON.parse(await firstLine(child)) as LocalServiceInfo);
				const [user] = await conformant(client).listUsers();
				expect(user).toMatchObject({ max_queues: 1, max_delay: 60, max_retries: 4, max_schedules: 1000 });
				await client.queues.upsert('only');
				await expect(client.queues.upsert('second')).rejects.toMatchObject({ status: 412 });
			} finally {
				child.kill('SIGTERM');
			}
			expect(await exited).toBe(0);
			await writeFile(file, '{"max_queues": -1}');
			const negative = await run(['serve', '--limits', file]);
			expect(negative.code).toBe(2);
			expect(negative.stderr).toContain('max_queues');
			const unknown = await run(['serve', '--limit', 'max_bananas=3']);
			expect(unknown.code).toBe(2);
			expect(unknown.stderr).toContain('unknown plan limit');
			const missing = await run(['serve', '--limits', join(dir, 'missing.json')]);
			expect(missing.code).toBe(2);
			expect(missing.stderr).toContain('cannot read');
		} finally {
			await rm(dir, { recursive: true, force: true });
		}
	});

	it('says on stderr what a full dead letter queue evicts, and sums it up when it stops', async () => {
		const child = spawn(
			process.execPath,
			[main, 'serve', '--port', '0', '--json', '--ephemeral', '--limit', 'max_dlq_size=1'],
			{ env },
		);
		const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
		let stderr = '';
		child.stderr.on('data', (d) => {
			stderr += d;
		});
		let stdout = '';
		try {
			const client = clientFor(JSON.parse(await firstLine(child)) as LocalServiceInfo);
			child.stdout.on('data', (d) => {
				stdout += d;
			});
			child.stdout.resume();
			// Nothing listens on the discard port: each delivery fails at once, into the queue.
			for (const n of [1, 2])
				await client.publish({ destination: `http://127.0.0.1:9/gone${n}`, options: { retries: 0 } });
			await waitUntil(() => (stderr.includes('dead letters: ') ? true : undefined));
			expect(stderr).toContain(
				'dead letters: the dead letter queue is full (max_dlq_size 1) and holds no loop refusal: the oldest dead letter goes',
			);
		} finally {
			child.kill('SIGTERM');
		}
		expect(await exited).toBe(0);
		// With --json the summary is the last event on stdout: stopping is no warning.
		expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toMatchObject({
			stopped: 'stopped; dropped at their caps while it ran: dead letters 1',
			evicted: { 'dead letters': 1 },
		});
	});

	it('refuses bad flags with exit code 2, a taken port with 3 (cannot listen), and says why', async () => {
		const unknown = await run(['serve', '--bogus']);
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toContain('unknown flag --bogus');
		const port = await run(['serve', '--port', 'eighty']);
		expect(port.code).toBe(2);
		expect(port.stderr).toContain('--port');
		const prefix = await run(['serve', '--header-prefix', 'bad prefix']);
		expect(prefix.code).toBe(2);
		expect(prefix.stderr).toContain('--header-prefix');
		const taken = new URL(sink.url).port;
		const busy = await run(['serve', '--port', taken]);
		expect(busy.code).toBe(3);
		expect(busy.stderr).toContain(`cannot listen on 127.0.0.1:${taken}: the port is in use`);
		expect(busy.stderr).toContain('hint: another program listens there; choose another port');
		const help = await run(['serve', '--help']);
		expect(help.code).toBe(0);
		expect(help.stdout).toContain('--product-segment');
	});
});

describe('startLocalServiceInWorker', () => {
	it('runs the service on a worker thread behind the same handle', async () => {
		const worker = (await import(
			pathToFileURL(`${out}/local/service-thread.js`).href
		)) as typeof import('../../source/local/service-thread.js');
		const service = await worker.startLocalServiceInWorker({
			token: 'tok_worker',
			currentSigningKey: 'sig_current_worker',
			nextSigningKey: 'sig_next_worker',
		});
		try {
			expect(service).toMatchObject({ token: 'tok_worker', currentSigningKey: 'sig_current_worker' });
			expect('context' in service).toBe(false);
			const client = clientFor(service);
			expect(await conformant(client).getSigningKeys()).toEqual({
				current: 'sig_current_worker',
				next: 'sig_next_worker',
			});
			// This thread blocks while another process asks the service: only a service on its
			// own thread can answer.
			const probe = `fetch(${JSON.stringify(`${service.queueUrl}/v2/keys`)}, { headers: { authorization: 'Bearer tok_worker' } }).then((r) => process.stdout.write(String(r.status)))`;
			expect(execFileSync(process.execPath, ['-e', probe], { timeout: 10_000 }).toString()).toBe('200');
			const before = sink.received.length;
			await client.publish({ destination: `${sink.url}/worker`, body: 'from the worker' });
			const got = await sink.waitFor(before + 1);
			expect(got.at(-1)!.body.toString()).toBe('from the worker');
		} finally {
			await service.close();
		}
		await expect(fetch(`${service.queueUrl}/v2/keys`)).rejects.toThrow();
	});
});
