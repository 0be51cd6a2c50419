/**
 * Opening the LevelDB database of a data directory so that nothing is lost in silence:
 * - a directory that holds LevelDB's files but not `CURRENT` (the name of its manifest) is
 *   damaged, and is refused: LevelDB would take it for a new database and delete the tables
 *   it no longer names;
 * - LevelDB reads the log of the last run at open and goes on past what it cannot read,
 *   deleting the log afterwards: the logs are linked aside first, and a log it dropped bytes
 *   of is kept (`damaged-<time>/`) and named, with what was lost;
 * - why opening failed is said as what it is: in use by another process, not writable,
 *   the disk full, or damaged (with `repairState` to keep what can be read).
 */
import { copyFile, link, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { ClassicLevel } from 'classic-level';
import {
	StateDamagedError,
	StateError,
	StateInUseError,
	StateNoSpaceError,
	StateReadOnlyError,
} from './state-errors.js';

export type Db = ClassicLevel<string, Buffer>;

const levelFile = /^(\d+\.(log|ldb|sst)|MANIFEST-\d+)$/;
const logFile = /^\d+\.log$/;
/** Where the logs are linked while LevelDB reads them. */
const asideDirectory = 'reading';

function causeOf(error: unknown): { code: string | undefined; message: string } {
	const cause = (error as { cause?: { code?: string; message?: string } }).cause;
	return {
		code: cause?.code ?? (error as { code?: string }).code,
		message: cause?.message ?? (error as Error).message ?? String(error),
	};
}

/** The error an I/O failure on the directory at `location` stands for. */
export function stateFailure(error: unknown, location: string): StateError {
	const { code, message } = causeOf(error);
	if (code === 'LEVEL_LOCKED') return new StateInUseError(`${location} is in use by another process`);
	if (
		code === 'EACCES' ||
		code === 'EPERM' ||
		code === 'EROFS' ||
		/Permission denied|Read-only file system/i.test(message)
	)
		return new StateReadOnlyError(`${location} cannot be written (${message})`);
	if (code === 'ENOSPC' || /No space left on device/i.test(message))
		return new StateNoSpaceError(`the disk holding ${location} is full (${message})`);
	if (/Corruption|No such file|not a valid|bad magic/i.test(message))
		return new StateDamagedError(`the state in ${location} is damaged (${message})`);
	return new StateError(`cannot open the state in ${location}: ${message}`);
}

/**
 * Opens the database at `location` (made when the directory has none yet); `onNotice` is told
 * what LevelDB could not read of the last run's log, and where the damaged log is kept.
 */
export async function openState(location: string, onNotice: (text: string) => void): Promise<Db> {
	let names: string[];
	try {
		await mkdir(location, { recursive: true, mode: 0o700 });
		names = await readdir(location);
	} catch (error) {
		throw stateFailure(error, location);
	}
	if (!names.includes('CURRENT') && names.some((name) => levelFile.test(name)))
		throw new StateDamagedError(
			`the state in ${location} is damaged: its CURRENT file (which names the database's manifest) is missing; nothing was changed`,
		);
	const aside = await setLogsAside(
		location,
		names.filter((name) => logFile.test(name)),
	);
	const db: Db = new ClassicLevel<string, Buffer>(location, { valueEncoding: 'buffer' });
	try {
		await db.open();
	} catch (error) {
		await rm(path.join(location, asideDirectory), { recursive: true, force: true });
		throw stateFailure(error, location);
	}
	await reportDroppedLogs(location, aside, onNotice);
	return db;
}

/** Links (or copies) the logs LevelDB is about to read and then delete. */
async function setLogsAside(location: string, logs: string[]): Promise<string[]> {
	const dir = path.join(location, asideDirectory);
	await rm(dir, { recursive: true, force: true });
	if (logs.length === 0) return [];
	try {
		await mkdir(dir, { mode: 0o700 });
		for (const name of logs) {
			const from = path.join(location, name);
			const to = path.join(dir, name);
			// A file system without hard links gets a copy.
			await link(from, to).catch(() => copyFile(from, to));
		}
		return logs;
	} catch (error) {
		await rm(dir, { recursive: true, force: true });
		throw stateFailure(error, location);
	}
}

/** LevelDB's own account of this open (its LOG file): the lines where it dropped bytes of a log. */
async function droppedLines(location: string): Promise<string[]> {
	const text = await readFile(path.join(location, 'LOG'), 'utf8').catch(() => '');
	return text
		.split('\n')
		.map((line) => line.replace(/^\S+ \S+ /, '').trim())
		.filter((line) => /dropping \d+ bytes/.test(line));
}

async function reportDroppedLogs(
	location: string,
	aside: string[],
	onNotice: (text: string) => void,
): Promise<void> {
	const dir = path.join(location, asideDirectory);
	const dropped = await droppedLines(location);
	if (dropped.length === 0) {
		await rm(dir, { recursive: true, force: true });
		return;
	}
	const kept = path.join(location, `damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`);
	const damaged = aside.filter((name) => dropped.some((line) => line.includes(name)));
	await rename(dir, kept).catch(() => {});
	const files = damaged.length > 0 ? damaged.join(', ') : 'its log';
	onNotice(
		`the state in ${location} was damaged: what could not be read of the last run's log is lost ` +
			`(${dropped.map((line) => line.replace(/^\(ignoring error\)\s*/, '')).join('; ')}); ` +
			`the damaged file${damaged.length === 1 ? ' is' : 's are'} kept in ${kept} (${files})`,
	);
}

/**
 * LevelDB's repair: rebuilds the database from every file it can read; the files it replaced
 * or could not read go to `lost/`. Answers what it said it did, line by line.
 */
export async function repairState(location: string): Promise<string[]> {
	try {
		await ClassicLevel.repair(location);
	} catch (error) {
		throw stateFailure(error, location);
	}
	const text = await readFile(path.join(location, 'LOG'), 'utf8').catch(() => '');
	return text
		.split('\n')
		.map((line) => line.replace(/^\S+ \S+ /, '').trim())
		.filter((line) => /Corruption|dropping|ignoring|repaired|Repaired|entries/i.test(line));
}
