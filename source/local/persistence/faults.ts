/**
 * Storage failures on demand, for tests: while a failure is set, every write of the journal
 * fails with it (and so does opening the database again), as they do on a full disk. A real
 * full disk needs a file system of its own (root and a mount); this works everywhere.
 */

/** The error a full disk gives, as LevelDB words it. */
export function noSpaceError(): Error {
	return Object.assign(new Error('IO error: No space left on device'), { code: 'ENOSPC' });
}

export class StorageFaults {
	private failure: Error | undefined;

	/** From now on every write fails with `error`. */
	fail(error: Error = noSpaceError()): void {
		this.failure = error;
	}

	/** Writes succeed again (the space is back). */
	heal(): void {
		this.failure = undefined;
	}

	/** Throws the failure set, if any. */
	check(): void {
		if (this.failure) throw this.failure;
	}

	/**
	 * Rejects with the failure set, if any, once the event loop has turned: a write fails
	 * after it was handed to LevelDB's thread, when whatever runs meanwhile (a due delivery)
	 * has run, so the failure comes as late as a real one.
	 */
	async checkWrite(): Promise<void> {
		await new Promise<void>((resolve) => setImmediate(resolve));
		this.check();
	}
}
