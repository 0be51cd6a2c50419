/**
 * What the service does when its journal fails a write (a full disk): durable or refused.
 * The changes of the failed batch were never kept, so nothing that follows from them may
 * happen: the running state is stopped at once (deliveries and timers; nothing went out that
 * was not kept, see DeliveryEngine's `kept`), every request is refused with 503 and the
 * reason, and the journal is opened again every `everyMs` until that succeeds; then the
 * service starts again from what was kept, on the same port. The operator is told both.
 */
import type { Journal, StorageFailedError } from './journal.js';

export interface RecoveryHooks {
	/** Stops the running state: nothing of it may act any more. */
	pause(): void;
	/** Starts the state again from what was kept; answers how many messages are pending. Throws when it cannot. */
	resume(): Promise<number>;
	notice(text: string): void;
	onError(error: unknown): void;
	everyMs: number;
}

interface Failure {
	error: StorageFailedError;
	/** Messages kept when it failed: what the next start has. */
	pending: Promise<number>;
}

export class Recovery {
	private failure: Failure | undefined;
	private timer: NodeJS.Timeout | undefined;
	private closed = false;

	constructor(
		private readonly journal: Journal,
		private readonly hooks: RecoveryHooks,
	) {
		journal.onFailure((error) => this.failed(error));
		// A write of the start itself may have failed already.
		if (journal.failed) this.failed(journal.failed);
	}

	/** Why a request is refused now; undefined while the state is kept. */
	refusal(): string | undefined {
		if (!this.failure) return undefined;
		return (
			`the local service could not save its state in ${this.journal.location} (${this.failure.error.message}); ` +
			`it refuses every request until it can, trying again every ${seconds(this.hooks.everyMs)}`
		);
	}

	/** What the next start has when the state could not be kept at the end; undefined when it was. */
	async unsaved(): Promise<{ pending: number; reason: string } | undefined> {
		if (!this.failure) return undefined;
		return { pending: await this.failure.pending, reason: this.failure.error.message };
	}

	close(): void {
		this.closed = true;
		clearTimeout(this.timer);
	}

	private failed(error: StorageFailedError): void {
		// Counted before the database is opened again: LevelDB has exactly what was written.
		this.failure = { error, pending: this.journal.count('messages').catch(() => Number.NaN) };
		if (this.closed) return;
		this.hooks.pause();
		this.hooks.notice(
			`cannot save its state in ${this.journal.location}: ${error.message}. Every request is refused (503) ` +
				`until it can; nothing answered before is lost. Trying again every ${seconds(this.hooks.everyMs)}`,
		);
		this.schedule();
	}

	private schedule(): void {
		clearTimeout(this.timer);
		if (this.closed) return;
		this.timer = setTimeout(() => void this.retry(), this.hooks.everyMs);
		this.timer.unref();
	}

	private async retry(): Promise<void> {
		const failure = this.failure;
		if (!failure || this.closed) return;
		await failure.pending;
		try {
			await this.journal.reopen();
		} catch {
			// Still full (or still unwritable): said once, when it failed.
			this.schedule();
			return;
		}
		let pending: number;
		try {
			pending = await this.hooks.resume();
		} catch (error) {
			// A write failed again while starting (failed() has scheduled the next try), the
			// service is stopping, or a bug.
			if (this.failure === failure && !this.closed) {
				this.hooks.onError(error);
				this.schedule();
			}
			return;
		}
		if (this.failure !== failure || this.journal.failed) return;
		this.failure = undefined;
		this.hooks.notice(
			`saves its state in ${this.journal.location} again: it goes on from what was kept ` +
				`(${pending} message${pending === 1 ? '' : 's'} pending); what it refused meanwhile had no effect`,
		);
	}
}

function seconds(ms: number): string {
	return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
