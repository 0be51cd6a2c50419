/**
 * The local service's state on disk, in a LevelDB database (classic-level). Stores report
 * changes record by record through sinks; the journal collects them and writes everything
 * reported during one turn of the event loop as one atomic batch, one batch at a time, in
 * order. A change reported twice before it is written is written once (the latest value,
 * encoded only then), and a message accepted and finished within one batch costs nothing.
 *
 * Durability: a batch is in the operating system (LevelDB's log, written with write(2))
 * before its promise resolves, so a killed process loses nothing it answered for; only a
 * crash of the machine itself can lose the last batches, as no fsync is asked for.
 * `settle()` is what a request waits for before its answer goes out.
 *
 * Besides record collections, a store with `snapshot()` and `restore()` can be registered
 * whole: it is restored at once from what was kept, and saved again either with the next
 * batch after anything changed state (`touch()`: a request that changes state, a delivery
 * that ended) or on a timer (statistics). Only a changed snapshot is written.
 */
import { mkdir } from 'node:fs/promises';
import { ClassicLevel } from 'classic-level';
import type { RecordSink } from '../stores/record-sink.js';
import { type Codec, jsonCodec } from './codec.js';
import { StateInUseError } from './state-in-use.js';

export interface SnapshotStore {
	snapshot(): unknown;
	restore(data: unknown): void;
}

export interface RegisterOptions {
	/** Save every this many ms (and at close) rather than with the batch after each change. */
	everyMs?: number;
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
	/** Restores `store` from what was kept under `name`, and keeps it from now on. */
	register(name: string, store: SnapshotStore, options?: RegisterOptions): void;
	/** Something may have changed the registered stores: save them with the next batch. */
	touch(): void;
	/** Resolves once everything reported so far is written; undefined when it already is. */
	settle(): Promise<void> | undefined;
	/** Saves what is registered, writes what is pending and closes. */
	close(): Promise<void>;
}

export { StateInUseError };

const snapshotCollection = 'snapshot';

interface Pending {
	value: unknown;
	codec: Codec<unknown>;
}

interface Waiter {
	target: number;
	resolve: () => void;
	reject: (error: unknown) => void;
}

interface Registration {
	name: string;
	store: SnapshotStore;
	everyMs: number | undefined;
	/** The JSON last written, to skip writing an unchanged snapshot. */
	written: string | undefined;
	timer: NodeJS.Timeout | undefined;
}

type Db = ClassicLevel<string, Buffer>;

function rangeOf(name: string): { gte: string; lt: string } {
	// ';' is the character after ':', so this is every key of the collection.
	return { gte: `${name}:`, lt: `${name};` };
}

export class Journal implements Keeper {
	private pending = new Map<string, Pending | null>();
	private clears = new Set<string>();
	private scheduled = false;
	private writing = false;
	private touched = false;
	/** Changes reported, and changes written, counted alike so settle() knows what to wait for. */
	private reported = 0;
	private written = 0;
	private waiters: Waiter[] = [];
	private readonly registrations: Registration[] = [];
	private closing: Promise<void> | undefined;
	private idle: (() => void) | undefined;

	private constructor(
		private readonly db: Db,
		readonly location: string,
		private readonly snapshots: Map<string, string>,
		private readonly onError: (error: unknown) => void,
	) {}

	/** Opens (or creates) the database at `location`; StateInUseError when another process has it. */
	static async open(location: string, onError: (error: unknown) => void): Promise<Journal> {
		await mkdir(location, { recursive: true, mode: 0o700 });
		const db: Db = new ClassicLevel<string, Buffer>(location, { valueEncoding: 'buffer' });
		try {
			await db.open();
		} catch (error) {
			const cause = (error as { cause?: Error }).cause?.message ?? '';
			if (/lock/i.test(cause)) throw new StateInUseError(`${location} is in use by another process`);
			throw new Error(`cannot open the state in ${location}: ${cause || (error as Error).message}`);
		}
		const snapshots = new Map<string, string>();
		for await (const [key, value] of db.iterator(rangeOf(snapshotCollection)))
			snapshots.set(key.slice(snapshotCollection.length + 1), value.toString('utf8'));
		return new Journal(db, location, snapshots, onError);
	}

	collection<T>(name: string, codec: Codec<T>): RecordSink<T> {
		const prefix = `${name}:`;
		return {
			put: (key, value) => this.report(prefix + key, { value, codec: codec as Codec<unknown> }),
			delete: (key) => this.report(prefix + key, null),
			clear: () => {
				for (const key of this.pending.keys()) if (key.startsWith(prefix)) this.pending.delete(key);
				this.clears.add(name);
				this.reported++;
				this.schedule();
			},
		};
	}

	async load<T>(name: string, codec: Codec<T>): Promise<[string, T][]> {
		const out: [string, T][] = [];
		const skip = name.length + 1;
		for await (const [key, value] of this.db.iterator(rangeOf(name))) {
			try {
				out.push([key.slice(skip), codec.decode(value)]);
			} catch (error) {
				this.onError(new Error(`skipped a kept ${name} record ${JSON.stringify(key)}: ${String(error)}`));
			}
		}
		return out;
	}

	async any(name: string): Promise<boolean> {
		const first = await this.db.keys({ ...rangeOf(name), limit: 1 }).all();
		return first.length > 0;
	}

	register(name: string, store: SnapshotStore, options: RegisterOptions = {}): void {
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
			everyMs: options.everyMs,
			written: kept,
			timer: undefined,
		};
		if (options.everyMs !== undefined) {
			registration.timer = setInterval(() => this.save(registration), options.everyMs);
			registration.timer.unref();
		}
		this.registrations.push(registration);
	}

	touch(): void {
		if (this.touched || !this.registrations.some((r) => r.everyMs === undefined)) return;
		this.touched = true;
		this.reported++;
		this.schedule();
	}

	settle(): Promise<void> | undefined {
		if (this.written === this.reported) return undefined;
		const target = this.reported;
		return new Promise((resolve, reject) => {
			this.waiters.push({ target, resolve, reject });
		});
	}

	close(): Promise<void> {
		this.closing ??= (async () => {
			for (const registration of this.registrations) {
				clearInterval(registration.timer);
				this.save(registration);
			}
			await this.drained();
			await this.db.close();
		})();
		return this.closing;
	}

	private report(key: string, entry: Pending | null): void {
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
		this.report(`${snapshotCollection}:${registration.name}`, {
			value: text,
			codec: textCodec,
		});
	}

	private schedule(): void {
		if (this.scheduled || this.writing) return;
		this.scheduled = true;
		// After the I/O of this turn: every request read in it joins the same batch.
		setImmediate(() => void this.flush());
	}

	private async flush(): Promise<void> {
		this.scheduled = false;
		this.writing = true;
		if (this.touched) {
			this.touched = false;
			for (const registration of this.registrations)
				if (registration.everyMs === undefined) this.save(registration);
		}
		const target = this.reported;
		const entries = this.pending;
		const clears = this.clears;
		this.pending = new Map();
		this.clears = new Set();
		const operations: ({ type: 'put'; key: string; value: Buffer } | { type: 'del'; key: string })[] = [];
		for (const [key, entry] of entries) {
			if (!entry) {
				operations.push({ type: 'del', key });
				continue;
			}
			try {
				operations.push({ type: 'put', key, value: entry.codec.encode(entry.value) });
			} catch (error) {
				this.onError(new Error(`could not save ${JSON.stringify(key)}: ${String(error)}`));
			}
		}
		let failure: unknown;
		try {
			for (const name of clears) await this.db.clear(rangeOf(name));
			if (operations.length > 0) await this.db.batch(operations);
		} catch (error) {
			failure = error;
			this.onError(error);
		}
		this.writing = false;
		this.written = target;
		const done = this.waiters.filter((w) => w.target <= target);
		this.waiters = this.waiters.filter((w) => w.target > target);
		for (const waiter of done) {
			if (failure === undefined) waiter.resolve();
			else waiter.reject(failure);
		}
		if (this.pending.size > 0 || this.clears.size > 0 || this.touched) this.schedule();
		else if (this.written === this.reported) this.idle?.();
	}

	private drained(): Promise<void> {
		if (this.written === this.reported && !this.writing && !this.scheduled) return Promise.resolve();
		return new Promise((resolve) => {
			this.idle = resolve;
		});
	}
}

const textCodec: Codec<unknown> = {
	encode: (value) => Buffer.from(value as string),
	decode: (bytes) => bytes.toString('utf8'),
};

/** The keeper of an in-memory service: nothing is kept, nothing is waited for. */
export const keepNothing: Keeper = {
	location: undefined,
	collection: () => ({ put() {}, delete() {}, clear() {} }),
	load: async () => [],
	any: async () => false,
	register() {},
	touch() {},
	settle: () => undefined,
	close: async () => {},
};
