/**
 * The local service's state on disk, in a LevelDB database (classic-level). Stores report
 * changes record by record through sinks; the journal collects them and writes everything
 * reported during one turn of the event loop as one atomic batch, one batch at a time, in
 * order. A change reported twice before it is written is written once (the latest value,
 * encoded only then), and a message accepted and finished within one batch costs nothing.
 * A change writes only its own records, so the work of a request does not grow with what is
 * kept.
 *
 * Durability: a batch is in the operating system (LevelDB's log, written with write(2))
 * before its promise resolves, so a killed process loses nothing it answered for; only a
 * crash of the machine itself can lose the last batches, as no fsync is asked for.
 * `settle()` is what a request waits for before its answer goes out, and what a delivery
 * waits for before it goes out.
 *
 * A batch that fails (a full disk) fails the journal: what was reported and not written is
 * dropped, every sink handed out so far goes dead, every waiter is told, and nothing is
 * written any more. LevelDB's log may end in a torn record then, and writing after it would
 * make everything after unreadable at the next open; `reopen()` opens the database again
 * (LevelDB recovers the log up to the tear), after which the service reloads what was kept.
 *
 * Statistics, which may lose a few seconds to a kill, are whole stores with `snapshot()` and
 * `restore()`, registered to be saved on a timer (and at close).
 */
import { discard, type RecordSink } from '../stores/record-sink.js';
import { type Codec, jsonCodec } from './codec.js';
import type { StorageFaults } from './faults.js';
import { type Db, openState, stateFailure } from './state-directory.js';
import { StateVersionError } from './state-errors.js';

export interface SnapshotStore {
	snapshot(): unknown;
	restore(data: unknown): void;
}

/** What the service keeps its state with: a journal, or nothing at all (`--ephemeral`). */
export interface Keeper {
	readonly location: string | undefined;
	/** The sink of one collection of records. */
	collection<T>(name: string, codec: Codec<T>): RecordSink<T>;
	/** The records of a collection kept from before, in key order; undecodable ones are reported and skipped. */
	load<T>(name: string, codec: Codec<T>): Promise<[string, T][]>;
	/** Whether anything of a collection was kept. */
	any(name: string): Promise<boolean>;
	/** Restores `store` from what was kept under `name`, and saves it every `everyMs` and at close. */
	register(name: string, store: SnapshotStore, everyMs: number): void;
	/** Stops saving what is registered under `name` and forgets what was kept of it (a deleted index). */
	unregister(name: string): void;
	/**
	 * Resolves once everything reported so far is written; undefined when it already is.
	 * Rejects when it cannot be written (the journal failed). Until the next write starts,
	 * every caller gets the same promise (that write's).
	 */
	settle(): Promise<void> | undefined;
	/** Saves what is registered, writes what is pending and closes. */
	close(): Promise<void>;
	/** Bytes of records written so far (their values), for diagnostics and tests. */
	readonly bytesWritten: number;
	/** Records written so far, puts and deletes alike, for diagnostics and tests. */
	readonly recordsWritten: number;
}

/** A write failed: the journal keeps nothing more until it is opened again. */
export class StorageFailedError extends Error {
	override name = 'StorageFailedError';
	constructor(cause: unknown) {
		super(cause instanceof Error ? cause.message : String(cause), { cause });
	}
}

const snapshotCollection = 'snapshot';
/** Records read per call into LevelDB when a collection is loaded. */
const loadSlice = 1000;

interface Pending {
	value: unknown;
	codec: Codec<unknown>;
}

/** What waits for one batch to be written: everyone who asked before it started shares it. */
interface Batch {
	promise: Promise<void>;
	resolve: () => void;
	reject: (error: unknown) => void;
}

function newBatch(): Batch {
	let resolve!: () => void;
	let reject!: (error: unknown) => void;
	const promise = new Promise<void>((yes, no) => {
		resolve = yes;
		reject = no;
	});
	// Nobody may be left to listen when it fails (a request that ended meanwhile).
	promise.catch(() => {});
	return { promise, resolve, reject };
}

interface Registration {
	name: string;
	store: SnapshotStore;
	/** The JSON last written, to skip writing an unchanged snapshot. */
	written: string | undefined;
	timer: NodeJS.Timeout;
}

function rangeOf(name: string): { gte: string; lt: string } {
	// ';' is the character after ':', so this is every key of the collection.
	return { gte: `${name}:`, lt: `${name};` };
}

export interface JournalOptions {
	/** Makes writes fail on demand (tests of a full disk). */
	faults?: StorageFaults;
	/** Told what is worth saying about the state: damage found at open. */
	onNotice?: (text: string) => void;
}

export class Journal implements Keeper {
	private pending = new Map<string, Pending | null>();
	private clears = new Set<string>();
	private scheduled = false;
	private writing = false;
	/** Changes reported, and changes written, counted alike so settle() knows what to wait for. */
	private reported = 0;
	private written = 0;
	bytesWritten = 0;
	recordsWritten = 0;
	/** The batch being written, when someone waits for it, and the one after it (all reported since). */
	private current: Batch | undefined;
	private upcoming: Batch | undefined;
	/** `reported` when the batch being written started. */
	private writingTarget = 0;
	private registrations: Registration[] = [];
	private closing: Promise<void> | undefined;
	private idle: (() => void) | undefined;
	/** Sinks handed out before a failure carry an older epoch: what they report is dropped. */
	private epoch = 0;
	private failure: StorageFailedError | undefined;
	private readonly failureListeners: ((failure: StorageFailedError) => void)[] = [];
	/** Reads under way (count, load), which close() lets finish. */
	private readonly reads = new Set<Promise<unknown>>();

	private constructor(
		private db: Db,
		readonly location: string,
		private snapshots: Map<string, string>,
		private readonly onError: (error: unknown) => void,
		private readonly options: JournalOptions,
	) {}

	/** Opens (or creates) the database at `location`; a StateError when it cannot. */
	static async open(
		location: string,
		onError: (error: unknown) => void,
		options: JournalOptions = {},
	): Promise<Journal> {
		const db = await openState(location, options.onNotice ?? (() => {}));
		try {
			return new Journal(db, location, await readSnapshots(db, location), onError, options);
		} catch (error) {
			await db.close().catch(() => {});
			throw error;
		}
	}

	/** Why the journal keeps nothing now; undefined while it writes. */
	get failed(): StorageFailedError | undefined {
		return this.failure;
	}

	/** `listener` is told when a write fails (once per failure). */
	onFailure(listener: (failure: StorageFailedError) => void): void {
		this.failureListeners.push(listener);
	}

	/**
	 * Opens the database again after a failure: what was written before it is there, the rest
	 * is not. Throws (a StateError) while it cannot be opened, as on a disk that is still full.
	 */
	async reopen(): Promise<void> {
		await this.db.close().catch(() => {});
		try {
			this.options.faults?.check();
		} catch (error) {
			throw new StorageFailedError(error);
		}
		this.db = await openState(this.location, this.options.onNotice ?? (() => {}));
		this.snapshots = await readSnapshots(this.db, this.location);
		this.failure = undefined;
	}

	collection<T>(name: string, codec: Codec<T>): RecordSink<T> {
		const prefix = `${name}:`;
		const epoch = this.epoch;
		const entry = (value: T): Pending => ({ value, codec: codec as Codec<unknown> });
		return {
			put: (key, value) => this.report(epoch, prefix + key, entry(value)),
			delete: (key) => this.report(epoch, prefix + key, null),
			clear: () => {
				if (epoch !== this.epoch) return;
				for (const key of this.pending.keys()) if (key.startsWith(prefix)) this.pending.delete(key);
				this.clears.add(name);
				this.reported++;
				this.schedule();
			},
		};
	}

	load<T>(name: string, codec: Codec<T>): Promise<[string, T][]> {
		return this.reading(async () => {
			const out: [string, T][] = [];
			const skip = name.length + 1;
			const iterator = this.db.iterator(rangeOf(name));
			try {
				// In slices, not entry by entry (100,000 kept messages are 100 awaits, not 100,000),
				// the next one read while this one is decoded.
				let next = iterator.nextv(loadSlice);
				for (let slice = await next; slice.length > 0; slice = await next) {
					next = iterator.nextv(loadSlice);
					for (const [key, value] of slice) {
						try {
							out.push([key.slice(skip), codec.decode(value)]);
						} catch (error) {
							// A newer version's record is not skipped: it would be lost when written over.
							if (error instanceof StateVersionError)
								throw new StateVersionError(`${this.location}: ${error.message}`);
							this.notice(
								`skipped a kept ${name} record ${JSON.stringify(key)} that cannot be read: ${String(error)}`,
							);
						}
					}
				}
			} catch (error) {
				if (error instanceof StateVersionError) throw error;
				// LevelDB could not read its own files (a damaged table).
				throw stateFailure(error, this.location);
			} finally {
				await iterator.close().catch(() => {});
			}
			return out;
		});
	}

	async any(name: string): Promise<boolean> {
		return (await this.count(name, 1)) > 0;
	}

	/** How many records of a collection are kept (as written: nothing reported since counts). */
	count(name: string, limit?: number): Promise<number> {
		return this.reading(async () => {
			const keys = await this.db.keys({ ...rangeOf(name), ...(limit === undefined ? {} : { limit }) }).all();
			return keys.length;
		});
	}

	register(name: string, store: SnapshotStore, everyMs: number): void {
		const kept = this.snapshots.get(name);
		if (kept !== undefined) {
			try {
				store.restore(jsonCodec().decode(Buffer.from(kept)));
			} catch (error) {
				this.onError(new Error(`could not restore the kept ${name}: ${String(error)}`));
			}
		}
		const registration: Registration = {
			name,
			store,
			written: kept,
			timer: setInterval(() => this.save(registration), everyMs),
		};
		registration.timer.unref();
		this.registrations.push(registration);
	}

	unregister(name: string): void {
		for (const registration of this.registrations.filter((r) => r.name === name))
			clearInterval(registration.timer);
		this.registrations = this.registrations.filter((r) => r.name !== name);
		this.snapshots.delete(name);
		this.report(this.epoch, `${snapshotCollection}:${name}`, null);
	}

	settle(): Promise<void> | undefined {
		if (this.failure) return Promise.reject(this.failure);
		if (this.written === this.reported) return undefined;
		// Everything reported is in the batch being written; otherwise the next batch takes
		// everything pending, so whoever asks until it starts waits for the same one.
		if (this.writing && this.reported === this.writingTarget) {
			this.current ??= newBatch();
			return this.current.promise;
		}
		this.upcoming ??= newBatch();
		return this.upcoming.promise;
	}

	close(): Promise<void> {
		this.closing ??= (async () => {
			for (const registration of this.registrations) {
				clearInterval(registration.timer);
				this.save(registration);
			}
			await this.drained();
			await Promise.allSettled(this.reads);
			await this.db.close();
		})();
		return this.closing;
	}

	private notice(text: string): void {
		(this.options.onNotice ?? this.onError)(text);
	}

	private reading<T>(read: () => Promise<T>): Promise<T> {
		const promise = read();
		this.reads.add(promise);
		const done = () => this.reads.delete(promise);
		promise.then(done, done);
		return promise;
	}

	private report(epoch: number, key: string, entry: Pending | null): void {
		if (epoch !== this.epoch) return;
		this.pending.set(key, entry);
		this.reported++;
		this.schedule();
	}

	/** Puts a registered store's snapshot with the next batch, if it changed since last written. */
	private save(registration: Registration): void {
		let text: string;
		try {
			text = jsonCodec().encode(registration.store.snapshot()).toString('utf8');
		} catch (error) {
			this.onError(new Error(`could not save ${registration.name}: ${String(error)}`));
			return;
		}
		if (text === registration.written) return;
		registration.written = text;
		this.report(this.epoch, `${snapshotCollection}:${registration.name}`, { value: text, codec: textCodec });
	}

	private schedule(): void {
		if (this.scheduled || this.writing) return;
		this.scheduled = true;
		// After the I/O of this turn: every request read in it joins the same batch.
		setImmediate(() => void this.flush());
	}

	private async flush(): Promise<void> {
		this.scheduled = false;
		if (this.failure) return;
		this.writing = true;
		const target = this.reported;
		this.writingTarget = target;
		this.current = this.upcoming;
		this.upcoming = undefined;
		const entries = this.pending;
		const clears = this.clears;
		this.pending = new Map();
		this.clears = new Set();
		let failure: unknown;
		let batch: ReturnType<Db['batch']> | undefined;
		try {
			// A chained batch, not an array of operations: each record goes to LevelDB as it is
			// encoded, with no object made for it here and none read back property by property.
			batch = this.db.batch();
			for (const [key, entry] of entries) {
				if (!entry) batch.del(key);
				// A record that cannot be encoded fails its batch: the requests that made it are
				// refused rather than answered for something that is not kept.
				else {
					const value = encode(key, entry);
					if (typeof value === 'string') {
						this.bytesWritten += Buffer.byteLength(value);
						batch.put<string, string>(key, value, asText);
					} else {
						this.bytesWritten += value.length;
						batch.put(key, value);
					}
				}
			}
			const records = batch.length;
			if (this.options.faults) await this.options.faults.checkWrite();
			for (const name of clears) await this.db.clear(rangeOf(name));
			// Written, or closed when empty.
			const written = batch.write();
			batch = undefined;
			await written;
			this.recordsWritten += records;
		} catch (error) {
			failure = error;
			// Not written: its records are let go.
			await batch?.close().catch(() => {});
		}
		this.writing = false;
		if (failure !== undefined) {
			this.fail(failure);
			return;
		}
		this.written = target;
		const done = this.current;
		this.current = undefined;
		done?.resolve();
		if (this.pending.size > 0 || this.clears.size > 0) this.schedule();
		else if (this.written === this.reported) this.idle?.();
	}

	private fail(cause: unknown): void {
		const failure = new StorageFailedError(cause);
		this.failure = failure;
		this.epoch++;
		this.pending = new Map();
		this.clears = new Set();
		for (const registration of this.registrations) clearInterval(registration.timer);
		this.registrations = [];
		this.written = this.reported;
		const waiting = [this.current, this.upcoming];
		this.current = undefined;
		this.upcoming = undefined;
		for (const batch of waiting) batch?.reject(failure);
		this.idle?.();
		for (const listener of this.failureListeners) listener(failure);
	}

	private drained(): Promise<void> {
		if (this.written === this.reported && !this.writing && !this.scheduled) return Promise.resolve();
		return new Promise((resolve) => {
			this.idle = resolve;
		});
	}
}

/** A record given as text is written as its UTF-8 bytes. */
const asText = { valueEncoding: 'utf8' } as const;

function encode(key: string, entry: Pending): Buffer | string {
	try {
		return entry.codec.encodeText?.(entry.value) ?? entry.codec.encode(entry.value);
	} catch (error) {
		throw new Error(`could not encode ${JSON.stringify(key)}: ${String(error)}`);
	}
}

async function readSnapshots(db: Db, location: string): Promise<Map<string, string>> {
	const snapshots = new Map<string, string>();
	try {
		for await (const [key, value] of db.iterator(rangeOf(snapshotCollection)))
			snapshots.set(key.slice(snapshotCollection.length + 1), value.toString('utf8'));
	} catch (error) {
		throw stateFailure(error, location);
	}
	return snapshots;
}

const textCodec: Codec<unknown> = {
	encode: (value) => Buffer.from(value as string),
	encodeText: (value) => value as string,
	decode: (bytes) => bytes.toString('utf8'),
};

/** The keeper of an in-memory service: nothing is kept, nothing is waited for. */
export const keepNothing: Keeper = {
	location: undefined,
	collection: () => discard(),
	load: async () => [],
	any: async () => false,
	register() {},
	unregister() {},
	settle: () => undefined,
	close: async () => {},
	bytesWritten: 0,
	recordsWritten: 0,
};
