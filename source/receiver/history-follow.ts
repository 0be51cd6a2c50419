/**
 * Another receiver's history, followed read only: the monitor's Callbacks pane shows what
 * `mqtop listen` on the same data directory receives. While a process holds the history's
 * lock (history-lock.ts), the newest requests in its file are read, then every frame appended
 * after them, a poll every half second (the history writes at most every 50 ms); when the file
 * is rotated (history-write.ts), the rest of the old one is read before the new one. Nothing is ever
 * written, and whatever does not read is skipped (history-read.ts). The requests go to a store
 * of their own, worked out when shown (EventStore.addStored).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { currentHistoryFile, previousHistoryFile } from './history-files.js';
import { historyWriterOf } from './history-lock.js';
import { scanFrames } from './history-read.js';
import type { EventStore } from './store.js';

/** Where following stands. */
export type FollowState =
	/** No process writes the history (none ran, or none since the last one stopped). */
	| { state: 'waiting'; pid: undefined }
	| { state: 'following'; pid: number }
	/** The process that wrote it stopped; its requests stay shown. */
	| { state: 'stopped'; pid: number };

export interface FollowOptions {
	/** How often the file is read for new requests; default 500 ms. */
	pollMs?: number;
	/** How often, while none writes the history, it is looked for one that does; default 2 s. */
	lookMs?: number;
	/** The newest bytes of the file read when following begins; default 1 MiB. */
	backlogBytes?: number;
	/** Called when the history cannot be read (once per kind of failure). */
	onError?: (error: Error) => void;
}

export class HistoryFollower {
	#state: FollowState = { state: 'waiting', pid: undefined };
	#timer: NodeJS.Timeout | undefined;
	#busy: Promise<void> | undefined;
	#stopped = false;
	/** The file followed (its inode) and where its next frame starts; undefined before the first read. */
	#file: { ino: number; offset: number } | undefined;
	#lookedAt = Number.NEGATIVE_INFINITY;
	#failure: string | undefined;
	readonly #pollMs: number;
	readonly #lookMs: number;
	readonly #backlogBytes: number;

	constructor(
		readonly directory: string,
		readonly store: EventStore,
		private readonly options: FollowOptions = {},
	) {
		this.#pollMs = options.pollMs ?? 500;
		this.#lookMs = options.lookMs ?? 2000;
		this.#backlogBytes = options.backlogBytes ?? 1024 * 1024;
		this.#schedule(0);
	}

	get state(): FollowState {
		return this.#state;
	}

	/** Stops following; what was read stays in the store. */
	async stop(): Promise<void> {
		this.#stopped = true;
		clearTimeout(this.#timer);
		await this.#busy;
	}

	#schedule(ms: number): void {
		if (this.#stopped) return;
		this.#timer = setTimeout(() => {
			this.#busy = this.#tick().finally(() => {
				this.#busy = undefined;
				this.#schedule(this.#state.state === 'following' ? this.#pollMs : this.#lookMs);
			});
		}, ms).unref();
	}

	async #tick(): Promise<void> {
		try {
			const now = performance.now();
			const following = this.#state.state === 'following';
			// While following, whether the writer still runs is asked less often than the file is read.
			if (!following || now - this.#lookedAt >= this.#lookMs) {
				this.#lookedAt = now;
				const writer = await historyWriterOf(this.directory);
				if (writer && (!following || writer.pid !== this.#state.pid))
					this.#set({ state: 'following', pid: writer.pid });
				else if (!writer && following) {
					await this.#read();
					this.#set({ state: 'stopped', pid: this.#state.pid! });
					return;
				}
			}
			if (this.#state.state === 'following') await this.#read();
			this.#failure = undefined;
		} catch (error) {
			const message = (error as Error).message;
			if (message !== this.#failure) this.options.onError?.(error as Error);
			this.#failure = message;
		}
	}

	#set(state: FollowState): void {
		this.#state = state;
		this.store.touch();
	}

	/** Reads the frames written since the last read: the rest of a rotated file first. */
	async #read(): Promise<void> {
		const current = path.join(this.directory, currentHistoryFile);
		const now = await stat(current).catch(() => undefined);
		if (!now) return;
		const file = this.#file;
		if (file === undefined) {
			// The first read: the newest requests only, from the first whole frame in the last bytes.
			this.#file = {
				ino: now.ino,
				offset: await this.#scan(current, Math.max(0, now.size - this.#backlogBytes)),
			};
			return;
		}
		// Rotated: a file of its own (or, were the inode given again, a shorter one).
		if (file.ino !== now.ino || now.size < file.offset) {
			const previous = path.join(this.directory, previousHistoryFile);
			if ((await stat(previous).catch(() => undefined))?.ino === file.ino)
				await this.#scan(previous, file.offset);
			this.#file = { ino: now.ino, offset: 0 };
		}
		if (now.size > this.#file!.offset) this.#file!.offset = await this.#scan(current, this.#file!.offset);
	}

	/** Keeps each whole frame of `file` from `from` on; returns where the last one ends. */
	async #scan(file: string, from: number): Promise<number> {
		const scan = await scanFrames(
			file,
			// A copy: the scan's buffer is read into again.
			(span, buffer) => this.store.addStored(Buffer.from(buffer.subarray(span.start, span.end))),
			from,
		);
		return scan.end;
	}
}
