/**
 * The bytes of request bodies a server holds while they arrive, shared by all its connections:
 * each body is bounded by its own limit, and this bounds them together, so that many clients
 * sending large bodies slowly cannot take the process's memory (docs/protocol/limits.md#connections).
 */
import type { Socket } from 'node:net';
import { ServiceError } from '../errors.js';

export class BodyBudget {
	#held = 0;
	constructor(readonly limit: number) {}

	/** Takes `bytes` if they fit; false (nothing taken) when they would be past the limit. */
	take(bytes: number): boolean {
		if (this.#held + bytes > this.limit) return false;
		this.#held += bytes;
		return true;
	}

	release(bytes: number): void {
		this.#held -= bytes;
	}

	/** 503 for a body that does not fit now: the client may send it again soon. */
	refusal(): ServiceError {
		return new ServiceError(
			'unavailable',
			`the local service is receiving ${this.limit} bytes of request bodies at once, the most it holds: send this one again shortly`,
			{ connection: 'close', 'retry-after': '1' },
		);
	}
}

const budgets = new WeakMap<Socket, BodyBudget>();

/** Bodies read from `socket` share `budget`. */
export function budgetSocket(socket: Socket, budget: BodyBudget): void {
	budgets.set(socket, budget);
}

/** The budget the bodies read from `socket` share; none for a socket of no guarded server. */
export function budgetOf(socket: Socket): BodyBudget | undefined {
	return budgets.get(socket);
}
