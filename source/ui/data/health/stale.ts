/**
 * Whether the health line still rests on answers: it is worked out from the statistics and the
 * delivery logs that are polled whatever pane is shown. When every one of them failed its last
 * poll, the colour on screen is the one of the last answers, not of now: the header says so
 * (the server unreachable, or the status it answered) and since when. Pure, over the poll store.
 */
import { formatClock } from '../../../format/time.js';
import { usersEndpoint } from '../endpoints.js';
import { liveLogsEndpoint, mqStatsEndpoint } from '../live/endpoints.js';
import { entryOf, type PollState } from '../poll-store.js';

export interface HealthStale {
	/** What failed, in words: `server unreachable`, `HTTP 503`. */
	why: string;
	/** The last answer the health rests on, if any came. */
	since: number | undefined;
}

export function healthStale(polls: PollState): HealthStale | undefined {
	const entries = [
		entryOf(polls, mqStatsEndpoint),
		entryOf(polls, usersEndpoint),
		entryOf(polls, liveLogsEndpoint),
	]
		.filter((entry) => entry !== undefined)
		// A listing the service said it does not have is not polled again: it says nothing of now.
		.filter((entry) => entry.failure !== undefined || entry.updatedAt !== undefined);
	if (entries.length === 0 || entries.some((entry) => entry.failure === undefined)) return undefined;
	const status = entries.find((entry) => entry.failure?.status !== undefined)?.failure?.status;
	const answered = entries.map((entry) => entry.updatedAt).filter((at) => at !== undefined);
	return {
		why: status === undefined ? 'server unreachable' : `the service answers HTTP ${status}`,
		since: answered.length > 0 ? Math.max(...answered) : undefined,
	};
}

/** `server unreachable since 12:01:02`, as the header says it. */
export function staleText(stale: HealthStale): string {
	return `${stale.why}${stale.since === undefined ? '' : ` since ${formatClock(stale.since)}`}`;
}
