/**
 * Resumable queries: a query that hands out its results batch by batch. Each batch is the best
 * `k` records not handed out yet, ranked again against the namespace as it is then (a hybrid
 * query fuses the best `k` of each part not handed out yet, as the deployed service does).
 * A query ends when asked, or once idle for its maxIdle (default an hour); at most
 * maxActive are open at a time. They live in memory: a restart ends them.
 */
import { randomUUID } from 'node:crypto';
import { EngineError } from '../common/engine-error.js';
import { checkCount } from '../common/records.js';
import type { QueryMatch, QueryRequest, VectorStore } from './store.js';

export const defaultMaxIdleSeconds = 3600;
/** A week: longer idle times are refused. */
export const maxIdleSeconds = 7 * 24 * 3600;
export const maxActiveQueries = 1000;

interface Session {
	store: VectorStore;
	request: Omit<QueryRequest, 'topK'>;
	returned: Set<string>;
	maxIdleMs: number;
	lastUsed: number;
}

export class ResumableQueries {
	private readonly sessions = new Map<string, Session>();

	constructor(private readonly now: () => number) {}

	get active(): number {
		return this.sessions.size;
	}

	start(store: VectorStore, request: QueryRequest, maxIdle: unknown): { uuid: string; scores: QueryMatch[] } {
		const idle = maxIdle === undefined || maxIdle === null ? defaultMaxIdleSeconds : maxIdle;
		if (typeof idle !== 'number' || !Number.isFinite(idle) || idle <= 0 || idle > maxIdleSeconds)
			throw new EngineError(
				'invalid',
				`maxIdle must be a number of seconds from 1 to ${maxIdleSeconds}, got ${JSON.stringify(maxIdle)}`,
			);
		this.expire();
		if (this.sessions.size >= maxActiveQueries)
			throw new EngineError(
				'invalid',
				`${maxActiveQueries} resumable queries are open; end some with resumable-query-end before starting another`,
			);
		const { topK, ...rest } = request;
		const session: Session = {
			store,
			request: rest,
			returned: new Set(),
			maxIdleMs: idle * 1000,
			lastUsed: this.now(),
		};
		const scores = this.batch(session, topK);
		const uuid = randomUUID();
		this.sessions.set(uuid, session);
		return { uuid, scores };
	}

	next(uuid: unknown, additionalK: unknown): QueryMatch[] {
		const session = this.session(uuid);
		const k = checkCount(additionalK, 'additionalK');
		session.lastUsed = this.now();
		return this.batch(session, k);
	}

	end(uuid: unknown): void {
		this.session(uuid);
		this.sessions.delete(uuid as string);
	}

	/** Ends the queries of a namespace that is gone. */
	drop(store: VectorStore): void {
		for (const [uuid, session] of this.sessions) if (session.store === store) this.sessions.delete(uuid);
	}

	private batch(session: Session, k: number): QueryMatch[] {
		const matches = session.store.query({ ...session.request, topK: k, depth: k, exclude: session.returned });
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
