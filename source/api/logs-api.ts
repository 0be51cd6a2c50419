/**
 * Delivery logs (docs/protocol/logs.md#paths): `GET /v2/logs`, or on a connection that
 * answers 404 or 405 there, the older `GET /v2/events` with the same query. Which one works
 * is remembered for the life of the client.
 */
import { ApiError } from './errors.js';
import { type LogFilter, withQuery } from './filters.js';
import type { Liberal, Reading } from './liberal.js';
import { type LogEntry, LogsPage, prepareLogsPage } from './messaging-schemas.js';
import { type PageQuery, pageQuery } from './paging.js';
import { type EventState, EventsPage } from './schemas.js';
import { type Messaging, read } from './transport.js';

/** The largest page the deployed service's reference allows. */
export const logsPageLimit = 100;

/** Entries per page: at most 100. */
export type LogsQuery = PageQuery<LogFilter>;

/** A log entry as read: its `messageId`, and whatever else the service sent. */
export type LogLine = Liberal<typeof LogEntry>;
export type LogPage = Liberal<typeof LogsPage>;

export type EventsQuery = { count?: number; cursor?: string; messageId?: string; state?: EventState };

type LogsPath = '/v2/logs' | '/v2/events';

export class LogsApi {
	private path: LogsPath = '/v2/logs';

	constructor(private readonly messaging: Messaging) {}

	/** The path in use: `/v2/events` once `/v2/logs` was found missing. */
	get endpoint(): LogsPath {
		return this.path;
	}

	/** A page of log entries, newest first; `cursor` continues below it. */
	async list(query: LogsQuery = {}, signal?: AbortSignal): Promise<Reading<LogPage>> {
		const params = pageQuery(query, logsPageLimit);
		const fetchPage = (path: LogsPath) =>
			read(this.messaging, 'list logs', withQuery(path, params), LogsPage, signal, prepareLogsPage);
		if (this.path === '/v2/events') return fetchPage('/v2/events');
		try {
			return await fetchPage('/v2/logs');
		} catch (error) {
			if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 405)) throw error;
			const page = await fetchPage('/v2/events');
			this.path = '/v2/events';
			return page;
		}
	}

	/** The older events listing (`GET /v2/events`), as its own query spells it. */
	events(query: EventsQuery = {}, signal?: AbortSignal) {
		const params = new URLSearchParams();
		for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
		const qs = params.size > 0 ? `?${params}` : '';
		return read(this.messaging, 'list events', `/v2/events${qs}`, EventsPage, signal);
	}
}
