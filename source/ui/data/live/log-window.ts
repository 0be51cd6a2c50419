/**
 * Counting the delivery logs between two polls. Each poll reads the entries from the newest
 * time seen before (the service's `fromDate` is inclusive), so the entries at exactly that
 * time are remembered to be skipped once. Every attempt of a message ends in one entry:
 * DELIVERED, RETRY (it failed and will be tried again) or FAILED (it went to the dead letter
 * queue); CREATED is a message accepted. Pure.
 */

/** Where the counting stands: not yet known, an empty log, or the newest entry counted. */
export type LogCursor =
	| { kind: 'unknown' }
	| { kind: 'empty' }
	| { kind: 'at'; time: number; keys: readonly string[] };

/** A log entry as the rates and rules read it. */
export interface SlimLog {
	time: number;
	messageId: string;
	state: string;
	url: string | undefined;
	status: number | undefined;
}

/** The entry as rates read it; none for one without a time (it cannot be placed). */
export function slimLog(entry: {
	messageId: string;
	time?: unknown;
	state?: unknown;
	url?: unknown;
	responseStatus?: unknown;
}): SlimLog[] {
	if (typeof entry.time !== 'number' || !Number.isFinite(entry.time)) return [];
	return [
		{
			time: entry.time,
			messageId: entry.messageId,
			state: typeof entry.state === 'string' ? entry.state : '',
			url: typeof entry.url === 'string' ? entry.url : undefined,
			status: typeof entry.responseStatus === 'number' ? entry.responseStatus : undefined,
		},
	];
}

const keyOf = (log: SlimLog) => `${log.messageId} ${log.state} ${log.time}`;

/** Failed attempts of one destination between two polls, with the last status it answered. */
export interface EndpointErrorCount {
	url: string;
	count: number;
	status: number | undefined;
}

export interface LogCounts {
	delivered: number;
	retried: number;
	failed: number;
	created: number;
	errors: EndpointErrorCount[];
}

export interface LogTally {
	/** undefined on the poll that only found where the log stands. */
	counts: LogCounts | undefined;
	/** Counted from fewer entries than there were (scaled up to the time they span). */
	estimated: boolean;
	next: LogCursor;
}

/** The cursor after `logs`: their newest time and the entries at it. */
function cursorAfter(before: LogCursor, logs: readonly SlimLog[]): LogCursor {
	let newest = before.kind === 'at' ? before.time : Number.NEGATIVE_INFINITY;
	for (const log of logs) if (log.time > newest) newest = log.time;
	if (!Number.isFinite(newest)) return before.kind === 'unknown' ? { kind: 'empty' } : before;
	const keys = logs.filter((log) => log.time === newest).map(keyOf);
	const kept = before.kind === 'at' && before.time === newest ? before.keys : [];
	return { kind: 'at', time: newest, keys: [...new Set([...kept, ...keys])] };
}

function isNew(cursor: LogCursor, log: SlimLog): boolean {
	if (cursor.kind !== 'at') return true;
	return log.time > cursor.time || (log.time === cursor.time && !cursor.keys.includes(keyOf(log)));
}

function count(logs: readonly SlimLog[], scale: number): LogCounts {
	const counts: LogCounts = { delivered: 0, retried: 0, failed: 0, created: 0, errors: [] };
	const errors = new Map<string, EndpointErrorCount>();
	// Newest first or not, the last status of a destination is the one of its newest entry.
	const ordered = [...logs].sort((a, b) => a.time - b.time);
	for (const log of ordered) {
		if (log.state === 'DELIVERED') counts.delivered += scale;
		else if (log.state === 'CREATED') counts.created += scale;
		else if (log.state === 'RETRY' || log.state === 'FAILED') {
			if (log.state === 'RETRY') counts.retried += scale;
			else counts.failed += scale;
			const url = log.url ?? '(no url)';
			const before = errors.get(url);
			errors.set(url, {
				url,
				count: (before?.count ?? 0) + scale,
				status: log.status ?? before?.status,
			});
		} else if (log.state === 'ERROR' && log.url && log.status !== undefined) {
			// The failed attempt's answer; its RETRY or FAILED entry counts it.
			const before = errors.get(log.url);
			errors.set(log.url, { url: log.url, count: before?.count ?? 0, status: log.status });
		}
	}
	counts.errors = [...errors.values()].filter((e) => e.count > 0);
	return counts;
}

/**
 * What one poll's entries add to the counts. `complete` false: the poll read fewer entries
 * than were new, so the counts are scaled to the time from the cursor to the newest entry.
 */
export function tallyLogs(cursor: LogCursor, logs: readonly SlimLog[], complete: boolean): LogTally {
	if (cursor.kind === 'unknown')
		return { counts: undefined, estimated: false, next: cursorAfter(cursor, logs) };
	const fresh = logs.filter((log) => isNew(cursor, log));
	let scale = 1;
	if (!complete && cursor.kind === 'at' && fresh.length > 1) {
		const times = fresh.map((log) => log.time);
		const newest = Math.max(...times);
		const span = newest - Math.min(...times);
		if (span > 0) scale = Math.min(100, Math.max(1, (newest - cursor.time) / span));
	}
	return { counts: count(fresh, scale), estimated: !complete, next: cursorAfter(cursor, fresh) };
}

/** What happened before the first poll, in steps: the history a chart and the rules start with. */
export interface LogBucket {
	/** When the step ends. */
	end: number;
	counts: LogCounts;
}

/**
 * The entries of the first poll counted in steps of `stepMs` ending at `to`, from `from` (or,
 * when the poll could not read back that far, from its oldest entry). One pass over the entries.
 */
export function bucketLogs(
	logs: readonly SlimLog[],
	range: { from: number; to: number; complete: boolean },
	stepMs: number,
): LogBucket[] {
	let oldest = Number.POSITIVE_INFINITY;
	for (const log of logs) if (log.time < oldest) oldest = log.time;
	const from = range.complete || !Number.isFinite(oldest) ? range.from : Math.max(range.from, oldest);
	const steps = Math.max(0, Math.floor((range.to - from) / stepMs));
	// Step i (0 the oldest) holds the entries in (end - stepMs, end], end = to - (steps - 1 - i) * stepMs.
	const inside: SlimLog[][] = Array.from({ length: steps }, () => []);
	for (const log of logs) {
		if (log.time > range.to || log.time < from || steps === 0) continue;
		// The oldest step takes what is left before it (the oldest entry of a history cut short).
		inside[Math.max(0, steps - 1 - Math.floor((range.to - log.time) / stepMs))]!.push(log);
	}
	return inside.map((step, i) => ({ end: range.to - (steps - 1 - i) * stepMs, counts: count(step, 1) }));
}
