/**
 * The Messages pane: rows, columns and the detail of one message. Pure, over what is known; a
 * message is read liberally, so any field but its id may be missing ("—" in its detail), and
 * the fields mqtop does not know are listed at the end of the detail.
 */
import { DlqRecord, Message } from '../../../api/schemas.js';
import { orMissing, text } from '../../../format/missing.js';
import { formatClock, formatClockMillis, formatSpan } from '../../../format/time.js';
import { sanitize } from '../../../text/sanitize.js';
import { type Queue, queuesEndpoint } from '../../data/endpoints.js';
import type { EndpointEntry, PollState } from '../../data/poll-store.js';
import { entryOf, keyedEntry } from '../../data/poll-store.js';
import type { MessageOrigin, TrackedMessage } from '../../data/tracked-messages.js';
import { lastResponseLines } from '../../kit/delivery/record.js';
import {
	bodyLines,
	type DetailLine,
	headerLines,
	messageBodyPreview,
	pair,
	title,
	unknownFieldsSection,
} from '../../kit/detail-view/lines.js';
import { fitUrl } from '../../kit/table/cut.js';
import type { Column } from '../../kit/table/table-view.js';
import type { Tone } from '../../theme/theme.js';
import {
	type DeadLetterReading,
	type MessageReading,
	messageDlqEndpoint,
	messageEndpoint,
} from './endpoints.js';
import { attemptLines, deadLetterNote, loggedMessageLines } from './known-message.js';
import {
	deriveMessageState,
	type MessageFacts,
	type MessageState,
	type MessageStateKind,
} from './message-state.js';

export interface MessageRow {
	id: string;
	tracked: TrackedMessage;
	/** The message as last read from the service. */
	message: MessageReading | undefined;
	/** Its dead letter, when the service no longer returns it and the dead letter queue holds it. */
	deadLetter: DeadLetterReading | undefined;
	state: MessageState;
	/** Why the last read failed, when it failed for another reason than 404. */
	problem: string | undefined;
}

/**
 * What is known of a message: what mqtop followed of it, its last reading, the queues as last
 * listed (a message waits while its queue is paused) and its dead letter, if one was found.
 */
export function messageFacts(
	tracked: TrackedMessage,
	entry: EndpointEntry<MessageReading> | undefined,
	queues?: readonly Queue[] | undefined,
	deadLetter?: DeadLetterReading | undefined,
): MessageFacts {
	const queueName = entry?.data?.queueName;
	const paused = queueName !== undefined && queues?.some((q) => q.name === queueName && q.paused === true);
	return {
		...(paused ? { pausedQueue: queueName } : {}),
		message: entry?.data,
		notFound: entry?.failure?.status === 404,
		events: tracked.events,
		callback: tracked.callback,
		dlqId: tracked.dlqId ?? deadLetter?.dlqId,
		deadLettered: deadLetter !== undefined,
		cancelledHere: tracked.cancelledAt !== undefined,
	};
}

export function messageRow(tracked: TrackedMessage, polls: PollState, now: number): MessageRow {
	const entry = keyedEntry(polls, messageEndpoint, tracked.id);
	const failure = entry?.failure;
	const queues = entryOf(polls, queuesEndpoint)?.data;
	const deadLetter = keyedEntry(polls, messageDlqEndpoint, tracked.id)?.data?.record;
	return {
		id: tracked.id,
		tracked,
		message: entry?.data,
		deadLetter,
		state: deriveMessageState(messageFacts(tracked, entry, queues, deadLetter), now),
		problem: failure && failure.status !== 404 ? failure.message : undefined,
	};
}

export const stateLabels: Record<MessageStateKind, string> = {
	unknown: 'reading…',
	reported: 'reported',
	waiting: 'waiting',
	delivering: 'in delivery',
	retrying: 'retrying',
	cancelling: 'cancelling',
	delivered: 'delivered',
	failed: 'failed',
	cancelled: 'cancelled',
	'not-found': 'not found',
};

export const stateTones: Record<MessageStateKind, Tone> = {
	unknown: 'muted',
	reported: 'special',
	waiting: 'accent',
	delivering: 'info',
	retrying: 'warn',
	cancelling: 'special',
	delivered: 'ok',
	failed: 'error',
	cancelled: 'muted',
	'not-found': 'muted',
};

/** The state as a person reads it: a state nobody listed as the service named it, sanitised. */
export function stateLabel(state: MessageState): string {
	return state.kind === 'reported' && state.reported !== undefined
		? sanitize(state.reported)
		: stateLabels[state.kind];
}

const originLabels: Record<MessageOrigin, string> = {
	publish: 'published here',
	trigger: 'triggered here',
	callback: 'a callback',
	delivery: 'a delivery',
	events: 'delivery logs',
	typed: 'typed',
};

/** Until the next attempt: `in 25s` while waiting, `retry 3s` while retrying, `paused` in a paused queue. */
export function countdown(state: MessageState, now: number): string {
	if (state.pausedQueue !== undefined) return 'paused';
	if (state.nextAttemptAt === undefined || state.final) return '';
	const span = formatSpan(state.nextAttemptAt - now);
	if (state.kind === 'waiting') return `in ${span}`;
	if (state.kind === 'retrying') return state.nextAttemptAt > now ? `retry ${span}` : 'retry now';
	return '';
}

export function retriesText(state: MessageState): string {
	if (state.maxRetries === undefined) return state.retried === undefined ? '' : String(state.retried);
	return `${state.retried ?? 0}/${state.maxRetries}`;
}

/** Where it goes: the URL Group and endpoint, or nothing for a URL publish. */
function groupText(row: MessageRow): string {
	const topic = row.message?.topicName ?? row.tracked.events?.find((e) => e.topicName)?.topicName;
	const endpoint = row.message?.endpointName ?? row.tracked.events?.find((e) => e.endpointName)?.endpointName;
	if (!topic) return '';
	return sanitize(endpoint ? `${topic}/${endpoint}` : topic);
}

/** Where it goes: as read from the service, else from its events or the callback the receiver saw. */
function urlText(row: MessageRow): string {
	return sanitize(row.message?.url ?? row.tracked.events?.[0]?.url ?? row.tracked.callback?.url ?? '');
}

function methodText(row: MessageRow): string {
	return sanitize(row.message?.method ?? row.tracked.callback?.method ?? '');
}

export function labelsOf(message: MessageReading | undefined): string[] {
	if (!message) return [];
	return message.labels ?? (message.label ? [message.label] : []);
}

/** Flow-control settings, e.g. `tenant-7 rate 10/1m par 2`. */
export function flowText(message: MessageReading | undefined): string {
	if (!message?.flowControlKey) return '';
	const parts = [sanitize(message.flowControlKey)];
	if (message.rate !== undefined)
		parts.push(
			`rate ${message.rate}${message.period !== undefined ? `/${formatSpan(message.period * 1000)}` : ''}`,
		);
	else if (message.period !== undefined) parts.push(`period ${formatSpan(message.period * 1000)}`);
	if (message.parallelism !== undefined) parts.push(`par ${message.parallelism}`);
	return parts.join(' ');
}

/**
 * The columns of the list. Ids are what a person copies and compares, so they keep their width
 * while the terminal allows it; a destination gives way first, scheme and host before its path;
 * columns with nothing in them are left out (see Table).
 */
export function messageColumns(now: number): Column<MessageRow>[] {
	return [
		{
			header: 'state',
			cell: (r) => stateLabel(r.state),
			tone: (r) => stateTones[r.state.kind],
			minWidth: 11,
		},
		{ header: 'message id', cell: (r) => sanitize(r.id), minWidth: 30, maxWidth: 34 },
		{
			header: 'next',
			cell: (r) => countdown(r.state, now),
			value: (r) => (r.state.final ? undefined : r.state.nextAttemptAt),
			minWidth: 8,
		},
		{
			header: 'retries',
			cell: (r) => retriesText(r.state),
			value: (r) => r.state.retried,
			align: 'right',
			minWidth: 7,
		},
		{ header: 'destination', cell: urlText, minWidth: 16, maxWidth: 60, cut: fitUrl },
		{ header: 'group/endpoint', shortHeader: 'group', cell: groupText, minWidth: 8, maxWidth: 30 },
		{ header: 'method', cell: methodText, minWidth: 6 },
		{ header: 'labels', cell: (r) => sanitize(labelsOf(r.message).join(',')), minWidth: 6, maxWidth: 24 },
		{
			header: 'flow control',
			shortHeader: 'flow',
			cell: (r) => flowText(r.message),
			minWidth: 8,
			maxWidth: 32,
		},
		{ header: 'dlq', cell: (r) => sanitize(r.state.dlqId ?? ''), tone: () => 'error', minWidth: 6 },
		{ header: 'seen via', cell: (r) => originLabels[r.tracked.origin], minWidth: 6 },
	];
}

export type MessageIdCheck = { ok: true; id: string } | { ok: false; problem: string };

/** Longest id accepted: deployments use ids of a few dozen characters. */
export const maxMessageIdLength = 128;

/**
 * Whether typed text can be a message id. The id goes into a URL path: it must be one
 * printable segment, so a pasted URL, a space or a slash is refused before anything is sent.
 */
export function checkMessageId(text: string): MessageIdCheck {
	const id = text.trim();
	if (id === '')
		return { ok: false, problem: 'type a message id (e.g. msg_…); enter with nothing typed does nothing' };
	if ([...id].length > maxMessageIdLength)
		return {
			ok: false,
			problem: `too long for a message id (${[...id].length} > ${maxMessageIdLength} characters)`,
		};
	if (/\s/.test(id)) return { ok: false, problem: 'a message id has no spaces' };
	if (/[^\x21-\x7e]/.test(id))
		return { ok: false, problem: 'a message id has only printable ASCII characters' };
	if (/[/?#%\\]/.test(id))
		return { ok: false, problem: 'a message id has no / ? # % or \\ (paste the id, not a URL)' };
	return { ok: true, id };
}

const labelWidth = 18;

/**
 * Every known fact of one message, for its detail view: as the service returns it, else as its
 * dead letter and its delivery logs have it.
 */
export function messageDetail(row: MessageRow, now: number, width: number): DetailLine[] {
	const { state, tracked, deadLetter } = row;
	// A dead letter is the message as it was when it failed, with what the destination answered.
	const message = row.message ?? deadLetter;
	const events = tracked.events ?? [];
	const kv = (label: string, value: string, tone?: Tone) => pair(label, value, width, labelWidth, tone);
	const lines: DetailLine[] = [
		...kv('state', `${stateLabel(state)} (${sanitize(state.because)})`, stateTones[state.kind]),
	];
	const next = countdown(state, now);
	if (state.pausedQueue !== undefined)
		lines.push(...kv('next attempt', `when queue ${sanitize(state.pausedQueue)} is resumed`));
	else if (next) lines.push(...kv('next attempt', `${next} (${formatClock(state.nextAttemptAt!)})`));
	if (state.dlqId) lines.push(...kv('dead letter id', sanitize(state.dlqId), 'error'));
	if (row.problem) lines.push(...kv('last read failed', row.problem, 'error'));
	lines.push(
		...kv('followed since', `${formatClock(tracked.since)}, found via ${originLabels[tracked.origin]}`),
	);
	if (tracked.cancelledAt !== undefined)
		lines.push(...kv('cancelled here', formatClock(tracked.cancelledAt)));
	if (!row.message && deadLetter) lines.push({ text: deadLetterNote, dim: true });
	if (message) {
		lines.push(...kv('destination', text(message.url)), ...kv('method', text(message.method)));
		if (message.topicName) lines.push(...kv('URL Group', sanitize(message.topicName)));
		if (message.endpointName) lines.push(...kv('endpoint', sanitize(message.endpointName)));
		lines.push(
			...kv('created', orMissing(message.createdAt, formatClockMillis)),
			...kv('not before', orMissing(message.notBefore, formatClockMillis)),
			...kv('retries', `${retriesText(state) || '—'} (used/allowed)`),
		);
		if (message.callback) lines.push(...kv('callback', sanitize(message.callback)));
		if (message.failureCallback) lines.push(...kv('failure callback', sanitize(message.failureCallback)));
		const labels = labelsOf(message);
		if (labels.length > 0) lines.push(...kv('labels', sanitize(labels.join(', '))));
		if (message.flowControlKey) lines.push(...kv('flow control', flowText(message)));
		const callerIp = message.callerIP ?? message.callerIp;
		if (callerIp) lines.push(...kv('caller IP', sanitize(callerIp)));
		if (message.scheduleId) lines.push(...kv('schedule', sanitize(message.scheduleId)));
		if (message.queueName) lines.push(...kv('queue', sanitize(message.queueName)));
	} else {
		if (state.maxRetries !== undefined) lines.push(...kv('retries', `${retriesText(state)} (used/allowed)`));
		const logged = loggedMessageLines(events, width, labelWidth);
		lines.push(
			...(logged.length > 0
				? logged
				: [
						{
							text: 'The service has not returned this message to mqtop, and no delivery log names it.',
							dim: true,
						},
					]),
		);
	}
	if (!row.message && deadLetter) lines.push(...lastResponseLines(deadLetter, width, labelWidth));
	if (tracked.callback) {
		const cb = tracked.callback;
		lines.push(
			...kv(
				'last callback',
				`status ${cb.status}, attempt retried ${cb.retried}/${cb.maxRetries}${cb.retried >= cb.maxRetries ? ' (last)' : ''}`,
				cb.status >= 200 && cb.status < 300 ? 'ok' : 'warn',
			),
		);
	}
	lines.push(...attemptLines(events));
	lines.push(...title(`Delivery logs (${events.length}, newest first)`));
	if (events.length === 0) lines.push({ text: 'none seen', dim: true });
	for (const e of events) {
		const detail = [
			e.responseStatus !== undefined ? `status ${e.responseStatus}` : '',
			e.error ? sanitize(e.error) : '',
			e.nextDeliveryTime ? `next ${formatClock(e.nextDeliveryTime)}` : '',
		]
			.filter(Boolean)
			.join(' · ');
		const when = orMissing(e.time, formatClockMillis).padEnd(12);
		lines.push({ label: `${when}  `, text: `${text(e.state).padEnd(17)}${detail}` });
	}
	if (message) {
		lines.push(...title('Headers'), ...headerLines(message.header ?? {}, width, labelWidth));
		lines.push(...title('Body'), ...bodyLines(messageBodyPreview(message.body, message.bodyBase64), width));
		lines.push(...unknownFieldsSection(row.message ? Message : DlqRecord, message, width, labelWidth));
	}
	return lines;
}
