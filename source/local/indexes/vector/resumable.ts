/**
 * Resumable queries: a query that hands out its results batch by batch. Each batch is the best
 * `k` records not handed out yet, ranked again against the namespace as it is then (a hybrid
 * query fuses the best `k` of each part not handed out yet, as the deployed service does).
 * A query ends when asked, or once idle for its maxIdle (default an hour, at most a day).
 * They live in memory: a restart ends them.
 *
 * Each token of an index (the full one and the read-only one) has its own allowance: at most
 * maxActiveQueries open, which together hand out at most maxHandedOut records (each query
 * remembers the ids it handed out). So a read-only token cannot use up its owner's queries,
 * and what the open queries of a token hold is bounded (docs/protocol/limits.md#indexes).
 */
import { randomUUID } from 'node:crypto';
import type { AnswerBudget } from '../common/answer-budget.js';
import { EngineError } from '../common/engine-error.js';
import { refillFilter } from '../common/filter/evaluate.js';
import { checkCount } from '../common/records.js';
import type { QueryMatch, QueryRequest, VectorStore } from './store.js';

export const defaultMaxIdleSeconds = 3600;
/** A day: longer idle times are refused. */
export const maxIdleSeconds = 24 * 3600;
/** Open at once, per token. */
export const maxActiveQueries = 1000;
/** Records the open queries of one token may have handed out, together. */
export const maxHandedOut = 100_000;

interface Session {
	store: VectorStore;
	request: Omit<QueryRequest, 'topK'>;
	returned: Set<string>;
	maxIdleMs: number;
	lastUsed: number;
	/** The token that started it: whose allowance it uses. */
	owner: string;
}

export class ResumableQueries {
	private readonly sessions = new Map<string, Session>();

	constructor(private readonly now: () => number) {}

	get active(): number {
		return this.sessions.size;
	}

	start(
		store: VectorStore,
		request: QueryRequest,
		maxIdle: unknown,
		owner: string,
	): { uuid: string; scores: QueryMatch[] } {
		const idle = maxIdle === undefined || maxIdle === null ? defaultMaxIdleSeconds : maxIdle;
		if (typeof idle !== 'number' || !Number.isFinite(idle) || idle <= 0 || idle > maxIdleSeconds)
			throw new EngineError(
				'invalid',
				`maxIdle must be a number of seconds from 1 to ${maxIdleSeconds}, got ${JSON.stringify(maxIdle)}`,
			);
		this.expire();
		let open = 0;
		for (const session of this.sessions.values()) if (session.owner === owner) open++;
		if (open >= maxActiveQueries)
			throw new EngineError(
				'invalid',
				`${maxActiveQueries} resumable queries of this token are open, the most it may have; end some with resumable-query-end before starting another`,
			);
		const { topK, ...rest } = request;
		const session: Session = {
			store,
			request: rest,
			returned: new Set(),
			maxIdleMs: idle * 1000,
			lastUsed: this.now(),
			owner,
		};
		this.checkAllowance(owner, topK);
		const scores = this.batch(session, topK);
		const uuid = randomUUID();
		this.sessions.set(uuid, session);
		return { uuid, scores };
	}

	/** The next batch, its records charged to `budget` (the answer of this request). */
	next(uuid: unknown, additionalK: unknown, budget?: AnswerBudget): QueryMatch[] {
		const session = this.session(uuid);
		const k = checkCount(additionalK, 'additionalK');
		this.checkAllowance(session.owner, k);
		session.lastUsed = this.now();
		return this.batch(session, k, budget);
	}

	/** Refuses a batch of `k` that could take the token's open queries past maxHandedOut records. */
	private checkAllowance(owner: string, k: number): void {
		let handedOut = 0;
		for (const session of this.sessions.values())
			if (session.owner === owner) handedOut += session.returned.size;
		if (handedOut + k > maxHandedOut)
			throw new EngineError(
				'invalid',
				`the open resumable queries of this token have handed out ${handedOut} records; together they may hand out at most ${maxHandedOut}, so ${maxHandedOut - handedOut} more: end some with resumable-query-end, or ask for fewer`,
			);
	}

	end(uuid: unknown): void {
		this.session(uuid);
		this.sessions.delete(uuid as string);
	}

	/** Ends the queries of a namespace that is gone. */
	drop(store: VectorStore): void {
		for (const [uuid, session] of this.sessions) if (session.store === store) this.sessions.delete(uuid);
	}

	private batch(session: Session, k: number, budget = session.request.budget): QueryMatch[] {
		refillFilter(session.request.filter);
		const { store, request, returned } = session;
		const matches = store.query({ ...request, topK: k, depth: k, exclude: returned, budget });
		for (const match of matches) session.returned.add(match.id);
		return matches;
	}

	private session(uuid: unknown): Session {
		if (typeof uuid !== 'string')
			throw new EngineError('invalid', 'uuid must be the string resumable-query returned');
		this.expire();
		const session = this.sessions.get(uuid);
		if (!session)
			throw new EngineError(
				'not-found',
				`no resumable query ${JSON.stringify(uuid)}: it was ended, idle longer than its maxIdle, or the server restarted`,
			);
		return session;
	}

	private expire(): void {
		const now = this.now();
		for (const [uuid, session] of this.sessions)
			if (now - session.lastUsed > session.maxIdleMs) this.sessions.delete(uuid);
	}
}
