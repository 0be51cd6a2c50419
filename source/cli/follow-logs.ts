/**
 * Follows the delivery logs: the newest page first, then every entry that appears after it,
 * each once, oldest first, until the signal stops it. Each poll asks the service only for
 * entries from the newest time already seen (the filter's own start, if later), page by page
 * until it reaches entries it has seen.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { MqClient } from '../api/client.js';
import type { LogFilter } from '../api/filters.js';
import type { FieldIssue } from '../api/liberal.js';
import { type LogLine, logsPageLimit } from '../api/logs-api.js';

export interface FollowOptions {
	client: MqClient;
	filter: LogFilter;
	intervalMs: number;
	signal: AbortSignal;
	emit(entry: LogLine): void;
	warn?(issues: readonly FieldIssue[]): void;
}

/** Pages one poll reads at most: a burst beyond this between two polls is skipped, not waited for. */
const maxPages = 10;

/** What has been emitted: the newest time, and the entries at exactly that time. */
interface Seen {
	newest: number;
	atNewest: Set<string>;
}

const keyOf = (entry: LogLine) => JSON.stringify(entry);

function isNew(seen: Seen, entry: LogLine): boolean {
	const time = entry.time ?? 0;
	return time > seen.newest || (time === seen.newest && !seen.atNewest.has(keyOf(entry)));
}

/** Marks entries emitted; `fresh` is oldest first. */
function remember(seen: Seen, fresh: readonly LogLine[]): Seen {
	let { newest, atNewest } = seen;
	for (const entry of fresh) {
		const time = entry.time ?? 0;
		if (time > newest) {
			newest = time;
			atNewest = new Set();
		}
		if (time === newest) atNewest.add(keyOf(entry));
	}
	return { newest, atNewest };
}

/** Resolves when the signal is aborted. */
export async function followLogs(options: FollowOptions): Promise<void> {
	const { client, signal } = options;
	let seen: Seen = { newest: -1, atNewest: new Set() };
	const poll = async () => {
		const fromDate =
			seen.newest < 0 ? options.filter.fromDate : Math.max(seen.newest, options.filter.fromDate ?? 0);
		const filter = fromDate === undefined ? options.filter : { ...options.filter, fromDate };
		const fresh: LogLine[] = [];
		let cursor: string | undefined;
		for (let page = 0; page < maxPages; page++) {
			const { data, issues } = await client.logs.list(
				{ filter, count: logsPageLimit, ...(cursor ? { cursor } : {}) },
				signal,
			);
			const found = data.logs.filter((entry) => isNew(seen, entry));
			if (found.length > 0) options.warn?.(issues);
			fresh.push(...found);
			cursor = data.cursor;
			// The first poll shows one page; later ones read on until they reach what was shown.
			if (seen.newest < 0 || found.length < data.logs.length || !cursor) break;
		}
		const oldestFirst = fresh.reverse();
		for (const entry of oldestFirst) options.emit(entry);
		seen = remember(seen, oldestFirst);
	};
	try {
		for (;;) {
			await poll();
			await sleep(options.intervalMs, undefined, { signal });
		}
	} catch (error) {
		if (signal.aborted) return;
		throw error;
	}
}
