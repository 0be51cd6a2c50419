/**
 * The receiver's history on disk: every request it read in full, as frames (request-frame.ts)
 * appended in one write per 50 ms at most, in two files of at most half the budget
 * each (`requests.bin`, and the one before it, `requests.1.bin`), so the history is bounded and
 * a restart goes on numbering after the newest request. The files are read past anything that
 * does not read (a frame a kill cut short, damaged bytes): history-read.ts skips it, counts it
 * and reads on, and nothing of a file is ever cut off. What waits to be written is bounded too:
 * when the disk cannot keep up, requests beyond that are not kept (and counted), rather than
 * held in memory.
 */
import { type FileHandle, mkdir, open, rename } from 'node:fs/promises';
import path from 'node:path';
import type { ReceivedRequest } from './event.js';
import { currentHistoryFile, previousHistoryFile } from './history-files.js';
import { HistoryInUseError, type HistoryLock, lockHistory } from './history-lock.js';
import { damageOf, scanFrames } from './history-read.js';
import { encodeRequest, sealFrame } from './request-frame.js';

export interface HistoryOptions {
	/** Bytes on disk for both files together; default 32 MiB. */
	maxBytes?: number;
	/** Bytes waiting to be written at most; default 8 MiB. */
	maxPendingBytes?: number;
	/** Bytes written a second at most, over any second; default 4 MiB. */
	maxBytesPerSecond?: number;
}

export const defaultHistoryBytes = 32 * 1024 * 1024;
export const defaultPendingBytes = 8 * 1024 * 1024;
export const defaultBytesPerSecond = 4 * 1024 * 1024;

/** A request waiting to be written: as it arrived, or already a frame (the worker's). */
interface Pending {
	request: ReceivedRequest | undefined;
	frame: Buffer | undefined;
	/** Its frame's size, or near it. */
	bytes: number;
	/** Its frame's size at least: its body and headers without the meta. */
	floor: number;
}

/**
 * Requests are written together, at most this long after the first of them: under a burst a
 * write (a system call, and a hand-over to Node's thread pool) per turn of the event loop cost
 * `mqtop listen` more than encoding the requests did. A replay waits that long at most.
 */
const writeEveryMs = 50;
/** ... or as soon as this many bytes wait. */
const writeAtBytes = 1024 * 1024;
/** Least time between two reports of the same write failure. */
const failureReportMs = 30_000;
/** A frame's bytes beyond its body and headers, about (its meta's JSON is most of them). */
const frameOverhead = 300;

/**
 * Keeps the requests a receiver reads, for replay. What it writes is bounded in time as well as
 * in space: at most maxBytesPerSecond. Under a burst beyond that, each write keeps the newest
 * requests that fit and skips the older ones (and counts them): a burst of thousands a second
 * would push them out of the files within seconds anyway, and writing them costs `mqtop listen`
 * much of its throughput (README, Benchmarks). The newest requests, the ones worth sending again, are kept.
 */
export class HistoryWriter {
	/** Waiting to be written: those from #head on (the older ones were let go). */
	#pending: (Pending | undefined)[] = [];
	#head = 0;
	#pendingBytes = 0;
	/** The least the pending frames can take (their bodies and headers): what requests are let go on. */
	#pendingFloor = 0;
	/** Bytes that may be written now (a token bucket, refilled at maxBytesPerSecond). */
	#allowance: number;
	#allowanceAt = performance.now();
	#writing: Promise<void> | undefined;
	#timer: NodeJS.Timeout | undefined;
	/** When the timer's write is due (performance.now() time). */
	#dueAt: number | undefined;
	#dropped = 0;
	/** The last write failure reported, and the requests lost to the same error since. */
	#failure: { message: string; reportedAt: number; unreported: number } | undefined;

	private constructor(
		readonly directory: string,
		private handle: FileHandle,
		private size: number,
		/** The highest seq kept when the history was opened, or 0. */
		readonly lastSeq: number,
		private readonly lock: HistoryLock,
		private readonly maxBytes: number,
		private readonly maxPendingBytes: number,
		private readonly maxBytesPerSecond: number,
		private readonly onError: (error: Error) => void,
	) {
		this.#allowance = maxBytesPerSecond;
	}

	/**
	 * Opens the history in `directory` (created if need be), after the newest request it kept.
	 * `onError` hears of damaged records found in it (skipped: the requests around them are kept)
	 * and of writes that failed, and so of the requests not kept for replay. Throws
	 * HistoryInUseError while another process writes it.
	 */
	static async open(
		directory: string,
		options: HistoryOptions = {},
		onError: (error: Error) => void = () => {},
	): Promise<HistoryWriter> {
		await mkdir(directory, { recursive: true, mode: 0o700 });
		const lock = await lockHistory(directory);
		try {
			const current = path.join(directory, currentHistoryFile);
			// New frames go after whatever the file ends with, whole or not: a reader finds them
			// past bytes that do not read, and nothing that might still be read is cut off.
			const scan = await scanFrames(current, () => {});
			const lastSeq =
				scan.highest ?? (await scanFrames(path.join(directory, previousHistoryFile), () => {})).highest ?? 0;
			const damage = damageOf([scan]);
			if (damage) onError(new Error(`the history in ${directory} ${damage}`));
			const handle = await open(current, 'a', 0o600);
			return new HistoryWriter(
				directory,
				handle,
				scan.size,
				lastSeq,
				lock,
				options.maxBytes ?? defaultHistoryBytes,
				options.maxPendingBytes ?? defaultPendingBytes,
				options.maxBytesPerSecond ?? defaultBytesPerSecond,
				onError,
			);
		} catch (error) {
			await lock.release();
			throw error;
		}
	}

	/** Requests not kept: beyond the bytes a second, more than may wait for the disk, or in a write that failed. */
	get dropped(): number {
		return this.#dropped;
	}

	/**
	 * Keeps a request the server handed over, if it can be sent again (its body was read). It is
	 * encoded when written, and only if it is.
	 */
	append(request: ReceivedRequest): void {
		const body = request.body;
		if (body === undefined) return;
		let bytes = body.byteLength + frameOverhead;
		for (const text of request.rawHeaders) bytes += text.length + 1;
		this.#add({ request, frame: undefined, bytes, floor: bytes - frameOverhead });
	}

	/** Keeps the frame of a request whose body was read (see encodeRequest). */
	appendFrame(frame: Buffer): void {
		this.#add({ request: undefined, frame, bytes: frame.length, floor: frame.length });
	}

	#add(item: Pending): void {
		if (this.#pendingBytes + item.bytes > this.maxPendingBytes) {
			this.#dropped++;
			return;
		}
		this.#pending.push(item);
		this.#pendingBytes += item.bytes;
		this.#pendingFloor += item.floor;
		this.#letGoBeyondAllowance();
		this.#schedule();
	}

	/**
	 * Of a burst, the next write takes the newest requests its allowance lets through and skips
	 * the rest: the older ones beyond what it could take when due (counted on their bodies and
	 * headers alone, which their frames exceed) are let go now, and counted, rather than held
	 * until then. At 20,000 requests a second that was a thousand requests held for 50 ms, long
	 * enough to outlive the young generation of the garbage collector, for a write that keeps
	 * under 200.
	 */
	#letGoBeyondAllowance(): void {
		const now = performance.now();
		// The allowance when the next write is due: at its timer, or a pacing after now.
		const until = (this.#dueAt ?? now + writeEveryMs) - now;
		const budget = Math.min(
			this.maxBytesPerSecond,
			this.#refill(now) + (Math.max(0, until) / 1000) * this.maxBytesPerSecond,
		);
		while (this.#pendingFloor > budget && this.#waiting() > 1) {
			const oldest = this.#pending[this.#head]!;
			this.#pendingBytes -= oldest.bytes;
			this.#pendingFloor -= oldest.floor;
			this.#pending[this.#head++] = undefined;
			this.#dropped++;
		}
	}

	/** The allowance now, refilled for the time since it was last worked out. */
	#refill(now: number): number {
		this.#allowance = Math.min(
			this.maxBytesPerSecond,
			this.#allowance + ((now - this.#allowanceAt) / 1000) * this.maxBytesPerSecond,
		);
		this.#allowanceAt = now;
		return this.#allowance;
	}

	#waiting(): number {
		return this.#pending.length - this.#head;
	}

	/**
	 * The next write: now when writeAtBytes wait, else writeEveryMs after the first of them; none
	 * while one is in flight, which schedules the next when it is done. Paced then too, rather
	 * than written at once: under a burst, writing again as soon as a write was done makes a
	 * write (a promise and a hand-over to the thread pool) for every few frames the allowance
	 * lets through; paced, it writes at most once every writeEveryMs.
	 */
	#schedule(): void {
		if (this.#writing) return;
		if (this.#pendingBytes >= writeAtBytes) void this.#write();
		else if (!this.#timer) {
			this.#timer = setTimeout(() => void this.#write(), writeEveryMs).unref();
			this.#dueAt = performance.now() + writeEveryMs;
		}
	}

	/** Resolves once every request appended so far is written. */
	async flush(): Promise<void> {
		while (this.#writing || this.#waiting() > 0) {
			if (this.#writing) await this.#writing;
			else await this.#write();
		}
	}

	/** Writes what is pending and closes the file. */
	async close(): Promise<void> {
		await this.flush();
		await this.handle.close();
		await this.lock.release();
	}

	async #write(): Promise<void> {
		clearTimeout(this.#timer);
		this.#timer = undefined;
		this.#dueAt = undefined;
		// One write at a time: the one in flight schedules what came meanwhile when it is done.
		if (this.#writing || this.#waiting() === 0) return;
		const { data, count } = this.#take();
		if (data.length === 0) return;
		this.#writing = (async () => {
			try {
				if (this.size > 0 && this.size + data.length > this.maxBytes / 2) await this.#rotate();
				for (let at = 0; at < data.length; ) {
					const { bytesWritten } = await this.handle.write(data, at);
					at += bytesWritten;
				}
				this.size += data.length;
			} catch (error) {
				await this.#failed(error as Error, count);
			}
		})();
		await this.#writing;
		this.#writing = undefined;
		if (this.#waiting() > 0) this.#schedule();
	}

	/** The frames to write now: the newest pending that the allowance lets through, and how many. */
	#take(): { data: Buffer; count: number } {
		const allowance = this.#refill(performance.now());
		const pending = this.#pending;
		const head = this.#head;
		this.#pending = [];
		this.#head = 0;
		this.#pendingBytes = 0;
		this.#pendingFloor = 0;
		const frames: Buffer[] = [];
		let bytes = 0;
		let i = pending.length - 1;
		for (; i >= head; i--) {
			const item = pending[i]!;
			const frame = item.frame ?? encodeRequest(item.request!);
			if (bytes + frame.length > allowance) break;
			sealFrame(frame);
			frames.push(frame);
			bytes += frame.length;
		}
		this.#dropped += i + 1 - head;
		this.#allowance -= bytes;
		return { data: Buffer.concat(frames.reverse(), bytes), count: frames.length };
	}

	/**
	 * A write that failed (the disk is full, the file went away): its requests are not kept. A
	 * part of it may have reached the file: cut back to the last whole frame, or opening the
	 * history would later cut off every frame written after the broken one. Reported at once,
	 * then, while the same error goes on (every write fails on a full disk), at most every
	 * failureReportMs, with how many requests it cost meanwhile.
	 */
	async #failed(error: Error, count: number): Promise<void> {
		this.#dropped += count;
		await this.handle.truncate(this.size).catch(() => {});
		const now = performance.now();
		const last = this.#failure;
		if (last?.message === error.message && now - last.reportedAt < failureReportMs) {
			last.unreported += count;
			return;
		}
		const lost = count + (last?.message === error.message ? last.unreported : 0);
		this.#failure = { message: error.message, reportedAt: now, unreported: 0 };
		this.onError(
			new Error(
				`the history in ${this.directory} did not keep ${lost} request${lost === 1 ? '' : 's'} for replay: ${error.message}`,
				{ cause: error },
			),
		);
	}

	async #rotate(): Promise<void> {
		await this.handle.close();
		const current = path.join(this.directory, currentHistoryFile);
		await rename(current, path.join(this.directory, previousHistoryFile));
		this.handle = await open(current, 'a', 0o600);
		this.size = 0;
	}
}

/**
 * A receiver's history in `directory`, or none while another process writes it: the receiver
 * then runs without one, and `onError` says why its requests are not kept for replay.
 */
export async function openHistory(
	directory: string,
	onError: (error: Error) => void,
): Promise<HistoryWriter | undefined> {
	try {
		return await HistoryWriter.open(directory, {}, onError);
	} catch (error) {
		if (!(error instanceof HistoryInUseError)) throw error;
		onError(error);
		return undefined;
	}
}
