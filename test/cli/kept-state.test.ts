/**
 * What `mqtop serve` keeps and how it treats its data directory, the built CLI as a child
 * process: delivery logs are there after a SIGKILL and a new start (`mqtop logs --message-id`);
 * a damaged data directory is named as damaged, nothing in it is deleted, and `--repair` keeps
 * what can be read; a log LevelDB cannot read all of is kept aside and what was lost is said;
 * a data directory it cannot write is said to be that, not "in use".
 */
import { execFileSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type TestServer } from '../support/http-server.js';
import { waitUntil } from '../support/wait.js';
import { assertBuilt, baseEnv, type CliResult, runCli, type Served, startServe } from './child.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let home: string;
let destination: TestServer;

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-kept-state-'));
	destination = await listen((req, res) => {
		req.resume();
		req.on('end', () => res.end('ok'));
	});
});

afterAll(async () => {
	await destination?.close();
	if (home) await rm(home, { recursive: true, force: true });
});

interface Info {
	queueUrl: string;
	token: string;
}

async function publish(info: Info, pathName: string, delay?: string): Promise<string> {
	const response = await fetch(`${info.queueUrl}/v2/publish/${destination.url}${pathName}`, {
		method: 'POST',
		headers: {
			authorization: `Bearer ${info.token}`,
			'content-type': 'text/plain',
			...(delay ? { 'Svc-Delay': delay } : {}),
		},
		body: `to ${pathName}`,
	});
	expect(response.status).toBe(200);
	return ((await response.json()) as { messageId: string }).messageId;
}

async function messageKept(info: Info, id: string): Promise<boolean> {
	const response = await fetch(`${info.queueUrl}/v2/messages/${id}`, {
		headers: { authorization: `Bearer ${info.token}` },
	});
	await response.body?.cancel();
	return response.status === 200;
}

function served(env: Record<string, string>, dataDir: string, extra: string[] = []): Promise<Served> {
	return startServe(env, ['--data-dir', dataDir, ...extra]);
}

/** Everything `served` wrote on stderr, once it stopped on SIGINT. */
async function stopped(server: Served): Promise<string> {
	const exited = new Promise<number | null>((resolve) => server.child.once('close', resolve));
	server.child.kill('SIGINT');
	expect(await exited).toBe(0);
	return server.stderr();
}

describe('delivery logs of mqtop serve', () => {
	it('are there after a SIGKILL and a new start', async () => {
		const env = baseEnv(home);
		const dataDir = path.join(home, 'logs');
		const first = await served(env, dataDir);
		const info = first.info as unknown as Info;
		const id = await publish(info, '/logged');
		const logs = (args: string[]) => runCli(['logs', '--data-dir', dataDir, ...args], { env });
		await waitUntil(async () =>
			(await logs(['--message-id', id])).stdout.includes('DELIVERED') ? true : undefined,
		);
		first.child.kill('SIGKILL');
		await new Promise((resolve) => first.child.once('exit', resolve));

		const second = await served(env, dataDir);
		try {
			const after = await logs(['--message-id', id, '--json']);
			expect(after.code).toBe(0);
			const page = JSON.parse(after.stdout) as { logs: { state: string }[] };
			expect(page.logs.map((entry) => entry.state)).toEqual(['DELIVERED', 'ACTIVE', 'CREATED']);
		} finally {
			await second.stop();
		}
	});
});

/** A data directory with 20 waiting messages, in a LevelDB table and a log. */
async function keptDirectory(env: Record<string, string>, dataDir: string): Promise<string[]> {
	const first = await served(env, dataDir);
	const info = first.info as unknown as Info;
	const ids: string[] = [];
	for (let i = 0; i < 20; i++) ids.push(await publish(info, '/later', '1h'));
	await stopped(first);
	// Opened again, LevelDB turns the log into a table: the directory then has both.
	await stopped(await served(env, dataDir));
	return ids;
}

async function filesOf(dir: string): Promise<string[]> {
	return (await readdir(dir)).sort();
}

async function damage(file: string, at: number, length = 64): Promise<void> {
	const handle = await open(file, 'r+');
	try {
		await handle.write(Buffer.alloc(length, 'X'), 0, length, at);
	} finally {
		await handle.close();
	}
}

/**
 * Overwrites every data block of a LevelDB table: the bytes before its metaindex block, whose
 * offset is the varint that opens the table's 48-byte footer. Each block's type byte is then
 * 'X', which LevelDB refuses on any read of the block. A few bytes inside a block are not
 * enough: LevelDB here does not verify block checksums, so bytes that land in a compressed
 * block's literal run read back unnoticed (and a record shadowed by a newer table's is never
 * looked at), and the start went on serving.
 */
async function damageDataBlocks(file: string): Promise<void> {
	const bytes = await readFile(file);
	let metaindex = 0;
	for (let at = bytes.length - 48, shift = 0; ; at++, shift += 7) {
		const byte = bytes[at]!;
		metaindex += (byte & 0x7f) * 2 ** shift;
		if (byte < 0x80) break;
	}
	await damage(file, 0, metaindex);
}

function serveOnce(
	env: Record<string, string>,
	dataDir: string,
	user?: { uid: number; gid: number },
): Promise<CliResult> {
	return runCli(['serve', '--port', '0', '--data-dir', dataDir], { env, ...(user ? { user } : {}) });
}

describe('mqtop serve on a damaged data directory', () => {
	let env: Record<string, string>;
	let pristine: string;
	let ids: string[];

	beforeAll(async () => {
		env = baseEnv(home);
		pristine = path.join(home, 'pristine');
		ids = await keptDirectory(env, pristine);
	});

	async function copy(name: string): Promise<{ dataDir: string; state: string }> {
		const dataDir = path.join(home, name);
		await cp(pristine, dataDir, { recursive: true });
		return { dataDir, state: path.join(dataDir, 'state') };
	}

	it('refuses one without its CURRENT file, deletes nothing, and --repair brings the state back', async () => {
		const { dataDir, state } = await copy('no-current');
		await rm(path.join(state, 'CURRENT'));
		const files = await filesOf(state);
		expect(files.some((name) => name.endsWith('.ldb'))).toBe(true);

		const refused = await serveOnce(env, dataDir);
		expect(refused.code).toBe(3);
		expect(refused.stderr).toMatch(
			/the state in .* is damaged: its CURRENT file .* is missing; nothing was changed/,
		);
		expect(refused.stderr).toMatch(/hint: mqtop serve --repair keeps what can be read/);
		expect(refused.stderr).not.toMatch(/cannot listen/);
		expect(await filesOf(state)).toEqual(files);

		const repaired = await served(env, dataDir, ['--repair']);
		const info = repaired.info as unknown as Info;
		for (const id of ids) expect(await messageKept(info, id)).toBe(true);
		const said = await stopped(repaired);
		expect(said).toMatch(
			/repaired the state in .*; the files LevelDB replaced or could not read are in .*lost/,
		);
	});

	it('names a damaged table as damage, not as a port it cannot listen on; --repair keeps what can be read', async () => {
		const { dataDir, state } = await copy('bad-table');
		const table = (await filesOf(state)).find((name) => name.endsWith('.ldb'))!;
		await damageDataBlocks(path.join(state, table));

		const refused = await serveOnce(env, dataDir);
		expect(refused.code).toBe(3);
		expect(refused.stderr).toMatch(/the state in .* is damaged \(Corruption: /);
		expect(refused.stderr).not.toMatch(/cannot listen/);
		expect(await filesOf(state)).toContain(table);

		const repaired = await served(env, dataDir, ['--repair']);
		// It serves what it kept.
		await publish(repaired.info as unknown as Info, '/after-repair', '1h');
		const said = await stopped(repaired);
		// What LevelDB said of the table it could not read all of, and where the table went.
		expect(said).toMatch(new RegExp(`Table #${Number.parseInt(table, 10)}: \\d+ entries Corruption`));
		expect(said).toMatch(/Repaired leveldb .*; recovered \d+ files/);
		expect(await filesOf(path.join(state, 'lost'))).toContain(table);
	});

	it('says what it lost of a log it could not read all of, and keeps that log', async () => {
		const { dataDir, state } = await copy('bad-log');
		// A change after the table was written, for the log to hold.
		const before = await served(env, dataDir);
		await publish(before.info as unknown as Info, '/in-the-log', '1h');
		before.child.kill('SIGKILL');
		await new Promise((resolve) => before.child.once('exit', resolve));
		const log = (await filesOf(state)).find((name) => name.endsWith('.log'))!;
		expect((await stat(path.join(state, log))).size).toBeGreaterThan(100);
		await damage(path.join(state, log), 20);

		const again = await served(env, dataDir);
		const said = await stopped(again);
		expect(said).toMatch(
			new RegExp(
				`the state in .* was damaged: what could not be read of the last run's log is lost \\(.*${log}: dropping \\d+ bytes`,
			),
		);
		const damaged = (await filesOf(state)).find((name) => name.startsWith('damaged-'))!;
		expect(await filesOf(path.join(state, damaged))).toEqual([log]);
	});
});

describe('mqtop serve on a data directory it cannot write', () => {
	it('says so, not that another mqtop uses it', async () => {
		// Everyone may read and enter; only the owner may write.
		const open = path.join(home, 'readonly');
		await mkdir(open, { mode: 0o755 });
		await chmod(home, 0o755);
		const env = baseEnv(open);
		const dataDir = path.join(open, 'data');
		await keptDirectory(env, dataDir);
		for (const dir of [dataDir, path.join(dataDir, 'state')]) await chmod(dir, 0o555);
		// Root is not stopped by permissions: the directory is mounted read-only over itself, or,
		// where root cannot mount, it runs as nobody (which needs a Node binary nobody can run).
		const unmount = readOnlyMount(dataDir);
		try {
			const refused = await serveOnce(
				env,
				dataDir,
				process.getuid?.() === 0 && !unmount ? { uid: 65_534, gid: 65_534 } : undefined,
			);
			expect(refused.code).toBe(3);
			expect(refused.stderr).toMatch(/cannot be written/);
			expect(refused.stderr).not.toMatch(/in use/);
			expect(refused.stderr).toMatch(/hint: give it a directory it can write/);
		} finally {
			unmount?.();
			for (const dir of [dataDir, path.join(dataDir, 'state')]) await chmod(dir, 0o755);
		}
	});
});

/** Makes `dir` read-only even for root (a read-only bind mount of itself); undefined where it cannot. */
function readOnlyMount(dir: string): (() => void) | undefined {
	if (process.platform !== 'linux' || process.getuid?.() !== 0) return undefined;
	try {
		execFileSync('mount', ['--bind', dir, dir], { stdio: 'ignore' });
	} catch {
		return undefined;
	}
	try {
		execFileSync('mount', ['-o', 'remount,ro,bind', dir], { stdio: 'ignore' });
	} catch {
		execFileSync('umount', [dir], { stdio: 'ignore' });
		return undefined;
	}
	return () => execFileSync('umount', [dir], { stdio: 'ignore' });
}
