/**
 * One writer per history: a second receiver on a history another one writes keeps none and says
 * so, rather than numbering its requests like the first and letting `--replay n` send either;
 * a lock left by a process that is gone, or by one before the machine restarted, is taken over.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, uptime } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInHistory } from '../../source/receiver/history-find.js';
import { HistoryInUseError } from '../../source/receiver/history-lock.js';
import { HistoryWriter } from '../../source/receiver/history-write.js';
import { startReceiver, startReceiverInWorker } from '../../source/receiver/index.js';
import { currentKey, sendSigned, waitFor } from './helpers.js';

let root: string;
let n = 0;
const freshDir = () => path.join(root, `history-${++n}`);
const lockFile = (dir: string) => path.join(dir, 'writer.lock');
const bootedAt = () => Date.now() - uptime() * 1000;

beforeAll(async () => {
	root = await mkdtemp(path.join(tmpdir(), 'mqtop-history-lock-'));
});

afterAll(async () => {
	await rm(root, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
	const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
	await new Promise((resolve) => child.once('exit', resolve));
	return child.pid!;
}

async function writeLock(dir: string, holder: object): Promise<void> {
	await mkdir(dir, { recursive: true });
	await writeFile(lockFile(dir), JSON.stringify(holder));
}

/** Opens the history, keeps one request, and closes it: the lock was taken and given back. */
async function keepsOne(dir: string): Promise<void> {
	const history = await HistoryWriter.open(dir);
	history.append({
		seq: history.lastSeq + 1,
		receivedAt: 0,
		method: 'POST',
		path: '/',
		rawHeaders: [],
		body: Buffer.from('kept'),
		responseStatus: 200,
	});
	await history.close();
	expect(existsSync(lockFile(dir))).toBe(false);
}

describe('a history writer', () => {
	it('is the only one: a second open fails while the first is open, and works once it closes', async () => {
		const dir = freshDir();
		const first = await HistoryWriter.open(dir);
		const second = await HistoryWriter.open(dir).catch((error: unknown) => error);
		expect(second).toBeInstanceOf(HistoryInUseError);
		expect((second as HistoryInUseError).pid).toBe(process.pid);
		expect((second as Error).message).toBe(
			`another mqtop (pid ${process.pid}) keeps the history in ${dir}: the requests received here are not kept for replay`,
		);
		await first.close();
		await keepsOne(dir);
	});

	it('takes over a lock whose process is gone', async () => {
		const dir = freshDir();
		await writeLock(dir, { pid: await deadPid(), bootedAt: bootedAt(), token: 'gone' });
		await keepsOne(dir);
	});

	it('takes over a lock from before the machine restarted, though its pid runs now', async () => {
		const dir = freshDir();
		await writeLock(dir, { pid: process.pid, bootedAt: bootedAt() - 86_400_000, token: 'old' });
		await keepsOne(dir);
	});

	it('takes over a lock it cannot read', async () => {
		const dir = freshDir();
		await mkdir(dir, { recursive: true });
		await writeFile(lockFile(dir), 'not json');
		await keepsOne(dir);
	});

	it('leaves a lock another writer took over meanwhile', async () => {
		const dir = freshDir();
		const history = await HistoryWriter.open(dir);
		const other = JSON.stringify({ pid: process.pid, bootedAt: bootedAt(), token: 'other' });
		await writeFile(lockFile(dir), other);
		await history.close();
		expect(await readFile(lockFile(dir), 'utf8')).toBe(other);
	});
});

describe('two receivers on one history', () => {
	it('the second answers and says it keeps nothing; the history holds the first one’s requests only', async () => {
		const dir = freshDir();
		const first = await startReceiver({ currentSigningKey: currentKey, historyDir: dir });
		const problems: string[] = [];
		const second = await startReceiver({
			currentSigningKey: currentKey,
			historyDir: dir,
			onHistoryError: (error) => problems.push(error.message),
		});
		try {
			expect(problems).toEqual([
				`another mqtop (pid ${process.pid}) keeps the history in ${dir}: the requests received here are not kept for replay`,
			]);
			expect((await sendSigned(first.url, '/', 'to the first')).status).toBe(200);
			expect((await sendSigned(second.url, '/', 'to the second')).status).toBe(200);
			// Numbered on its own: it keeps no history to go on from.
			expect((await waitFor('its event', () => second.store.getSnapshot().events[0])).seq).toBe(1);
		} finally {
			await second.close();
			await first.close();
		}
		const found = await findInHistory(dir, 1);
		expect(found.kept).toEqual({ first: 1, last: 1 });
		expect(found.request?.body.toString()).toBe('to the first');
	});

	it('a worker receiver on a history in use says so from its thread', async () => {
		const dir = freshDir();
		const first = await HistoryWriter.open(dir);
		const problems: string[] = [];
		const worker = await startReceiverInWorker({
			currentSigningKey: currentKey,
			batchIntervalMs: 5,
			historyDir: dir,
			onHistoryError: (error) => problems.push(error.message),
		});
		try {
			await waitFor('the problem', () => problems[0]);
			expect(problems[0]).toContain(`keeps the history in ${dir}`);
			expect((await sendSigned(worker.url, '/', 'not kept')).status).toBe(200);
			await waitFor('the event', () => worker.store.getSnapshot().events[0]);
		} finally {
			await worker.close();
		}
		expect(worker.historyDropped()).toBe(0);
		await first.close();
		expect((await findInHistory(dir, 1)).request).toBeUndefined();
	});
});
