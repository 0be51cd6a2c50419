/**
 * One writer per history directory. Two receivers appending to one history (two `mqtop listen`
 * on one data directory, say) would number their requests alike, and `--replay n` would send
 * whichever request n it found. The writer holds `writer.lock`, naming its process; a lock left
 * by a process that is gone (killed, or before a restart of the machine) is taken over.
 */
import { randomBytes } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { uptime } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseJsonAs } from '../text/parse-json.js';

const lockName = 'writer.lock';
/** Boot times read a little apart on one boot (uptime is rounded): more apart is another boot. */
const sameBootMs = 120_000;

export class HistoryInUseError extends Error {
	constructor(
		readonly directory: string,
		/** Undefined when its lock could not be read (it was being taken just then). */
		readonly pid: number | undefined,
	) {
		super(
			`another mqtop${pid === undefined ? '' : ` (pid ${pid})`} keeps the history in ${directory}: the requests received here are not kept for replay`,
		);
		this.name = 'HistoryInUseError';
	}
}

export interface HistoryLock {
	release(): Promise<void>;
}

const Holder = z.object({
	pid: z.number(),
	bootedAt: z.number(),
	/** Tells this lock from a later one of the same process. */
	token: z.string(),
});
type Holder = z.infer<typeof Holder>;

const bootedAt = () => Date.now() - uptime() * 1000;

/** Takes the directory's lock, or throws HistoryInUseError when a running process has it. */
export async function lockHistory(directory: string): Promise<HistoryLock> {
	const file = path.join(directory, lockName);
	const holder: Holder = { pid: process.pid, bootedAt: bootedAt(), token: randomBytes(8).toString('hex') };
	// Written whole beside it, then linked into place: a link fails if the lock exists, so a
	// reader never sees half a lock and two writers never both take it.
	const text = `${JSON.stringify(holder)}\n`;
	const draft = `${file}.${holder.pid}.${holder.token}`;
	await writeFile(draft, text, { mode: 0o600 });
	try {
		for (let attempt = 0; ; attempt++) {
			if (await place(draft, file, text)) return { release: () => release(file, holder.token) };
			const current = await readHolder(file);
			if (current && holds(current)) throw new HistoryInUseError(directory, current.pid);
			// Taken again just after it was let go: by another process starting now.
			if (attempt > 0) throw new HistoryInUseError(directory, current?.pid);
			// Left by a process that is gone: take it over (once; a racer may take it first).
			await unlink(file).catch(() => {});
		}
	} finally {
		await unlink(draft).catch(() => {});
	}
}

/** Puts the lock in place unless one is there; false when one is. */
async function place(draft: string, file: string, text: string): Promise<boolean> {
	try {
		await link(draft, file);
		return true;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
	}
	// A file system without hard links (FAT, some network ones): created exclusively instead.
	try {
		await writeFile(file, text, { flag: 'wx', mode: 0o600 });
		return true;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
		throw error;
	}
}

/** The process that writes the history in `directory` now, if one does (read only: nothing is taken). */
export async function historyWriterOf(directory: string): Promise<{ pid: number } | undefined> {
	const holder = await readHolder(path.join(directory, lockName));
	return holder && holds(holder) ? { pid: holder.pid } : undefined;
}

async function release(file: string, token: string): Promise<void> {
	const current = await readHolder(file);
	if (current?.token === token) await unlink(file).catch(() => {});
}

async function readHolder(file: string): Promise<Holder | undefined> {
	const text = await readFile(file, 'utf8').catch(() => undefined);
	return text === undefined ? undefined : parseJsonAs(text, Holder);
}

/** Whether the lock's process still runs: on this boot of the machine, and alive. */
function holds(holder: Holder): boolean {
	if (Math.abs(holder.bootedAt - bootedAt()) > sameBootMs) return false;
	try {
		process.kill(holder.pid, 0);
		return true;
	} catch (error) {
		// EPERM: it runs, as another user.
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}
