/**
 * The signing keys a receiver verifies with, and reading them again from where they came from
 * (the local server that runs, whose keys rotate: POST /v2/keys/rotate makes the next key the
 * current one and a new next one). A request whose signature no key matches may have been signed
 * with a key the server rotated to since: it waits for the keys as they are after it arrived,
 * then is verified again. One read serves every request that waits meanwhile, and reads are at
 * least minReadGapMs apart, so a flood of bad signatures costs the server a few reads a second.
 */

/** A key pair as the service gives it. */
export interface KeyPair {
	current: string;
	next: string | undefined;
}

/** Reads the keys where they came from; undefined when they cannot be read now (the server is down). */
export type ReadKeys = () => Promise<KeyPair | undefined>;

const minReadGapMs = 250;

export class SigningKeys {
	#keys: KeyPair;
	/** The read in flight, and when it began (Date.now()). */
	#reading: Promise<void> | undefined;
	#readingSince = Number.NEGATIVE_INFINITY;
	/** When the last read began. */
	#readAt = Number.NEGATIVE_INFINITY;

	constructor(
		keys: KeyPair,
		private readonly read: ReadKeys | undefined,
		/** Called with the keys when a read finds them changed. */
		private readonly changed: (keys: KeyPair) => void = () => {},
	) {
		this.#keys = keys;
	}

	get current(): string {
		return this.#keys.current;
	}

	get next(): string | undefined {
		return this.#keys.next;
	}

	/** Whether the keys can be read again. */
	get readable(): boolean {
		return this.read !== undefined;
	}

	/**
	 * Resolves once the keys are as a read begun at `since` (Date.now() time) or later found
	 * them; at once when they cannot be read again. Never rejects: keys that cannot be read stay
	 * as they were.
	 */
	async refresh(since: number): Promise<void> {
		if (!this.read) return;
		for (;;) {
			if (this.#reading) {
				const began = this.#readingSince;
				await this.#reading;
				if (began >= since) return;
				continue;
			}
			if (this.#readAt >= since) return;
			const wait = this.#readAt + minReadGapMs - Date.now();
			if (wait > 0) {
				await new Promise((resolve) => setTimeout(resolve, wait).unref());
				continue;
			}
			this.#readAt = this.#readingSince = Date.now();
			this.#reading = this.#readOnce(this.read).finally(() => {
				this.#reading = undefined;
			});
		}
	}

	async #readOnce(read: ReadKeys): Promise<void> {
		const keys = await read().catch(() => undefined);
		if (!keys || (keys.current === this.#keys.current && keys.next === this.#keys.next)) return;
		this.#keys = { current: keys.current, next: keys.next };
		this.changed(this.#keys);
	}
}
