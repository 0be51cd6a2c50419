/**
 * The receiver's history on disk: one JSON line per request, appended in one write per turn
 * of the event loop, in two files of at most half the budget each (`requests.jsonl`, and the
 * one before it, `requests.1.jsonl`), so the history is bounded and a restart finds the
 * newest requests again. A line that cannot be read (cut short by a kill) is skipped.
 */
import { appendFile, mkdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';

export interface HistoryOptions {
	/** Bytes on disk for both files together; default 32 MiB. */
	maxBytes?: number;
	/** Records kept in memory (for replay and to show again); default 1000. */
	maxRecords?: number;
}

export const defaultHistoryBytes = 32 * 1024 * 1024;
export const defaultHistoryRecords = 1000;

const currentName = 'requests.jsonl';
const previousName = 'requests.1.jsonl';

export class HistoryFile<T extends { seq: number }> {
	private pending: string[] = [];
	private pendingBytes = 0;
	private writing: Promise<void> | undefined;
	private scheduled = false;

	private constructor(
		readonly directory: string,
		private readonly records: T[],
		private size: number,
		private readonly maxBytes: number,
		private readonly maxRecords: number,
		private readonly onError: (error: unknown) => void,
	) {}

	/** Opens the history in `directory` (created if need be) and reads what it kept. */
	static async open<T extends { seq: number }>(
		directory: string,
		decode: (json: unknown) => T | undefined,
		options: HistoryOptions = {},
		onError: (error: unknown) => void = () => {},
	): Promise<HistoryFile<T>> {
		await mkdir(directory, { recursive: true, mode: 0o700 });
		const maxRecords = options.maxRecords ?? defaultHistoryRecords;
		const records: T[] = [];
		for (const name of [previousName, currentName]) {
			let text = '';
			try {
				text = await readFile(path.join(directory, name), 'utf8');
			} catch {
				continue;
			}
			for (const line of text.split('\n')) {
				if (!line) continue;
				try {
					const record = decode(JSON.parse(line));
					if (record) records.push(record);
				} catch {
					// A line cut short by a kill: the rest of the history is still good.
				}
			}
		}
		const size = await stat(path.join(directory, currentName)).then(
			(s) => s.size,
			() => 0,
		);
		return new HistoryFile(
			directory,
			records.slice(-maxRecords),
			size,
			options.maxBytes ?? defaultHistoryBytes,
			maxRecords,
			onError,
		);
	}

	/** The records kept, oldest first. */
	list(): readonly T[] {
		return this.records;
	}

	/** The newest record with this sequence number. */
	find(seq: number): T | undefined {
		for (let i = this.records.length - 1; i >= 0; i--)
			if (this.records[i]!.seq === seq) return this.records[i];
		return undefined;
	}

	/** The highest sequence number kept, or 0. */
	get lastSeq(): number {
		let last = 0;
		for (const record of this.records) if (record.seq > last) last = record.seq;
		return last;
	}

	/** Keeps `record`; `json` is its line as written (so the caller decides what it holds). */
	append(record: T, json: unknown): void {
		this.records.push(record);
		if (this.records.length > this.maxRecords) this.records.splice(0, this.records.length - this.maxRecords);
		const line = `${JSON.stringify(json)}\n`;
		this.pending.push(line);
		this.pendingBytes += Buffer.byteLength(line);
		if (!this.scheduled && !this.writing) {
			this.scheduled = true;
			setImmediate(() => void this.write());
		}
	}

	/** Resolves once every record appended so far is written. */
	async flush(): Promise<void> {
		while (this.writing || this.pending.length > 0) {
			if (this.writing) await this.writing;
			else await this.write();
		}
	}

	private async write(): Promise<void> {
		this.scheduled = false;
		if (this.pending.length === 0) return;
		const text = this.pending.join('');
		const bytes = this.pendingBytes;
		this.pending = [];
		this.pendingBytes = 0;
		this.writing = (async () => {
			try {
				if (this.size > 0 && this.size + bytes > this.maxBytes / 2) {
					await rename(path.join(this.directory, currentName), path.join(this.directory, previousName));
					this.size = 0;
				}
				await appendFile(path.join(this.directory, currentName), text, { mode: 0o600 });
				this.size += bytes;
			} catch (error) {
				this.onError(error);
			}
		})();
		await this.writing;
		this.writing = undefined;
		if (this.pending.length > 0) await this.write();
	}
}
