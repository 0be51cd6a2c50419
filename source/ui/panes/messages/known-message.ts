/**
 * What the detail of a message shows when the service no longer returns it (delivered, failed,
 * cancelled, or gone for its age): what its delivery logs and its dead letter hold, and each
 * attempt the logs tell of. Pure; every network string is sanitised here or by the kit.
 */
import { formatClockMillis } from '../../../format/time.js';
import { sanitize } from '../../../text/sanitize.js';
import type { DeliveryLog } from '../../data/endpoints.js';
import { headersAndBody, logBody, recordLines, statusTone } from '../../kit/delivery/record.js';
import { type DetailLine, title } from '../../kit/detail-view/lines.js';
import type { Tone } from '../../theme/theme.js';
import { logStateKind, type MessageStateKind } from './message-state.js';

/** One delivery attempt as the logs tell it: when it started and ended, and how. */
export interface Attempt {
	/** Unix ms of its `ACTIVE` entry, when logged. */
	startedAt?: number;
	/** Unix ms of the entry that ended it. */
	endedAt?: number;
	/** The state that ended it (`DELIVERED`, `ERROR`, `FAILED`); undefined while under way. */
	outcome?: string;
	status?: number;
	error?: string;
}

const starts = new Set(['ACTIVE', 'IN_PROGRESS']);
const ends = new Set(['DELIVERED', 'ERROR', 'FAILED']);

/**
 * The attempts in a message's delivery logs (newest first), oldest first: each starts at an
 * `ACTIVE` entry and ends at the next `DELIVERED` or `ERROR` (a `FAILED` with no `ERROR` before
 * it ends the attempt under way); an end with no start logged is an attempt of its own.
 */
export function attemptsOf(events: readonly DeliveryLog[]): Attempt[] {
	const attempts: Attempt[] = [];
	let open: Attempt | undefined;
	for (const event of [...events].reverse()) {
		const state = event.state ?? '';
		if (starts.has(state)) {
			open = { ...(event.time !== undefined ? { startedAt: event.time } : {}) };
			attempts.push(open);
			continue;
		}
		if (!ends.has(state)) continue;
		// A FAILED after the ERROR that ended the last attempt adds no attempt: retries ran out.
		if (state === 'FAILED' && !open) continue;
		const attempt = open ?? {};
		if (!open) attempts.push(attempt);
		attempt.outcome = state;
		if (event.time !== undefined) attempt.endedAt = event.time;
		if (event.responseStatus !== undefined) attempt.status = event.responseStatus;
		if (event.error) attempt.error = event.error;
		open = undefined;
	}
	return attempts;
}

const outcomeTones: Record<string, Tone> = { DELIVERED: 'ok', ERROR: 'error', FAILED: 'error' };

/** Each attempt on a line: its number, when it started, how it ended and how long it took. */
export function attemptLines(events: readonly DeliveryLog[]): DetailLine[] {
	const attempts = attemptsOf(events);
	const lines: DetailLine[] = [...title(`Attempts (${attempts.length}, oldest first)`)];
	if (attempts.length === 0) lines.push({ text: 'none logged', dim: true });
	attempts.forEach((attempt, i) => {
		const at = attempt.startedAt ?? attempt.endedAt;
		const took =
			attempt.startedAt !== undefined && attempt.endedAt !== undefined
				? `${Math.max(0, attempt.endedAt - attempt.startedAt)} ms`
				: '';
		const detail = [
			attempt.outcome === undefined ? 'under way' : sanitize(attempt.outcome),
			attempt.status !== undefined ? `status ${attempt.status}` : '',
			attempt.error ? sanitize(attempt.error) : '',
			took,
		]
			.filter(Boolean)
			.join(' · ');
		const tone =
			statusTone(attempt.status) ?? (attempt.outcome ? outcomeTones[attempt.outcome] : undefined) ?? 'info';
		lines.push({
			label: `#${String(i + 1).padEnd(3)} ${(at === undefined ? '—' : formatClockMillis(at)).padEnd(12)}  `,
			text: detail,
			tone,
		});
	});
	return lines;
}

/** The newest entry that has `field`: the logs of a message each say what it looked like then. */
function newestWith(
	events: readonly DeliveryLog[],
	has: (e: DeliveryLog) => boolean,
): DeliveryLog | undefined {
	return events.find(has);
}

/**
 * What the delivery logs say of a message the service no longer returns: its destination and
 * settings, its headers and its body, as the newest entry that logged them has them.
 */
export function loggedMessageLines(
	events: readonly DeliveryLog[],
	width: number,
	labelWidth: number,
): DetailLine[] {
	const record = newestWith(events, (e) => e.url !== undefined);
	if (!record) return [];
	const content = newestWith(events, (e) => e.header !== undefined || e.body !== undefined);
	return [
		{ text: 'From its delivery logs (the service no longer returns it):', dim: true },
		...recordLines(record, width, labelWidth).filter((line) => !line.label?.startsWith('message id')),
		...headersAndBody('Message', content?.header, logBody(content?.body), width, labelWidth),
	];
}

/** Said above what a dead letter holds of its message. */
export const deadLetterNote = 'From the dead letter queue (the service no longer returns it as a message):';

/** How the logs say the message ended (delivered, failed, cancelled), if they say so. */
export function loggedEnd(events: readonly DeliveryLog[]): MessageStateKind | undefined {
	for (const event of events) {
		const kind = logStateKind(event.state);
		if (kind === 'delivered' || kind === 'failed' || kind === 'cancelled') return kind;
	}
	return undefined;
}
