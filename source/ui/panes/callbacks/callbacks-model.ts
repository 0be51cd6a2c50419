/**
 * The Callbacks pane: the receiver's events newest first, each as the line `mqtop listen`
 * prints, the filter over those lines, and the detail of one event. Pure, over ReceivedEvent.
 */

import { scrollStart } from '../../../format/layout.js';
import { formatClock, formatClockMillis } from '../../../format/time.js';
import {
	eventLineParts,
	type LinePart,
	type ReceivedEvent,
	type ReceiverSnapshot,
	requestNumber,
	untrustedMark,
} from '../../../receiver/index.js';
import { sanitize } from '../../../text/sanitize.js';
import type { RequestPreview } from '../../kit/confirm/request-preview.js';
import { bodyLines, type DetailLine, headerLines, pair, title } from '../../kit/detail-view/lines.js';
import type { RowFilter } from '../../kit/row-filter/row-filter.js';
import { orderRows, type RowOrder } from '../../kit/row-filter/row-order.js';
import { selectedIndex } from '../../kit/tail-list/selection.js';
import type { Tone } from '../../theme/theme.js';
import { orderColumns, shortKind } from './row.js';

/**
 * How soon fresh requests are drawn: at once after a quiet spell, then every 100 ms while they
 * trickle in, and every 500 ms under a flood (more than a screenful between two frames), which
 * no one reads line by line anyway and which must not crowd out the keys.
 */
export function callbacksRefreshMs(shown: ReceiverSnapshot, next: ReceiverSnapshot): number {
	return next.counters.total - shown.counters.total > 50 ? 500 : 100;
}

const partsCache = new WeakMap<ReceivedEvent, LinePart[]>();
const textCache = new WeakMap<ReceivedEvent, string>();

/** The parts of an event's line; worked out once per event (events are immutable). */
export function lineParts(event: ReceivedEvent): LinePart[] {
	let parts = partsCache.get(event);
	if (!parts) {
		parts = eventLineParts(event);
		partsCache.set(event, parts);
	}
	return parts;
}

/**
 * An event's line as plain text, and its kind as a narrow row shows it (`fail-cb`): what the
 * filter matches, so that what a row shows finds it.
 */
export function lineText(event: ReceivedEvent): string {
	let text = textCache.get(event);
	if (text === undefined) {
		text = `${lineParts(event)
			.map((p) => p.text)
			.join('  ')}  ${shortKind(event.kind)}`;
		textCache.set(event, text);
	}
	return text;
}

const verdicts = new WeakMap<RowFilter, WeakMap<ReceivedEvent, boolean>>();

/** Whether the filter keeps an event; worked out once per event and filter (events are immutable). */
function keeps(filter: RowFilter, event: ReceivedEvent, from: From): boolean {
	let seen = verdicts.get(filter);
	if (!seen) {
		seen = new WeakMap();
		verdicts.set(filter, seen);
	}
	let kept = seen.get(event);
	if (kept === undefined) {
		// A row of mqtop listen's says so: `listen` finds them.
		kept = filter.matches(from ? `${lineText(event)}  ${from}` : lineText(event));
		seen.set(event, kept);
	}
	return kept;
}

/** The receiver a row came from: mqtop listen's (its history, followed), or the monitor's own. */
export type From = 'listen' | undefined;

/** A row's key: its request's number, with an L for mqtop listen's (the two number apart). */
export function rowKey(seq: number, from: From): string {
	return from ? `L${seq}` : String(seq);
}

/** The pane's rows, newest first: every row's key, and a row's event when it is drawn. */
export interface EventRows {
	keys: readonly string[];
	/** The event of the row at `index`. */
	at(index: number): ReceivedEvent | undefined;
	/** The receiver the row at `index` came from. */
	fromAt(index: number): From;
}

/** Rows of one snapshot, newest first, worked out only when drawn: `from` the receiver of them all. */
function snapshotRows(snapshot: ReceiverSnapshot, from: From): EventRows {
	const last = snapshot.size - 1;
	const keys = new Array<string>(snapshot.size);
	for (let i = 0; i <= last; i++) keys[i] = rowKey(snapshot.seqAt(last - i), from);
	return {
		keys,
		at: (index) => (index >= 0 && index <= last ? snapshot.eventAt(last - index) : undefined),
		fromAt: () => from,
	};
}

/**
 * The rows the filter keeps, newest first: the monitor's receiver's, and those of the mqtop
 * listen it follows (if any), merged by the time they were received. With no filter, rows are
 * the snapshots' requests as they are, and only those drawn are worked out: under a flood the
 * pane reads a new snapshot twice a second and shows a screenful of its thousand requests. A
 * filter matches every request's line; an order sorts every request by one of the grid's columns.
 */
export function eventRows(
	snapshot: ReceiverSnapshot,
	filter: RowFilter | undefined,
	followed?: ReceiverSnapshot,
	order?: RowOrder,
): EventRows {
	if (!filter && !order && !followed?.size) return snapshotRows(snapshot, undefined);
	if (!filter && !order) return mergedRows(snapshot, followed!);
	let rows: { event: ReceivedEvent; from: From }[] = [];
	const own = snapshot.events;
	const theirs = followed?.events ?? [];
	// Newest first from both, by the time received.
	for (let i = own.length - 1, j = theirs.length - 1; i >= 0 || j >= 0; ) {
		const mine = j < 0 || (i >= 0 && own[i]!.receivedAt >= theirs[j]!.receivedAt);
		const event = mine ? own[i--]! : theirs[j--]!;
		const from: From = mine ? undefined : 'listen';
		if (!filter || keeps(filter, event, from)) rows.push({ event, from });
	}
	if (order) rows = orderRows(rows, orderColumns, order) as typeof rows;
	return {
		keys: rows.map((row) => rowKey(row.event.seq, row.from)),
		at: (index) => rows[index]?.event,
		fromAt: (index) => rows[index]?.from,
	};
}

/** Both snapshots' rows newest first, by the time received, none worked out. */
function mergedRows(own: ReceiverSnapshot, theirs: ReceiverSnapshot): EventRows {
	const keys: string[] = [];
	// Where each row is: an index of `own`, or -1 - an index of `theirs`.
	const where: number[] = [];
	for (let i = own.size - 1, j = theirs.size - 1; i >= 0 || j >= 0; ) {
		if (j < 0 || (i >= 0 && own.timeAt(i) >= theirs.timeAt(j))) {
			keys.push(rowKey(own.seqAt(i), undefined));
			where.push(i--);
		} else {
			keys.push(rowKey(theirs.seqAt(j), 'listen'));
			where.push(-1 - j--);
		}
	}
	return {
		keys,
		at: (index) => {
			const at = where[index];
			if (at === undefined) return undefined;
			return at >= 0 ? own.eventAt(at) : theirs.eventAt(-1 - at);
		},
		fromAt: (index) => ((where[index] ?? 0) < 0 ? 'listen' : undefined),
	};
}

/** The rows on screen: the selected one's index, the first one drawn, their events and receivers. */
export interface RowWindow {
	index: number;
	start: number;
	shown: { event: ReceivedEvent; from: From }[];
}

export function rowWindow(rows: EventRows, selected: string | undefined, height: number): RowWindow {
	const index = selectedIndex(rows.keys, selected);
	const start = scrollStart(index, rows.keys.length, height);
	const shown: { event: ReceivedEvent; from: From }[] = [];
	const end = Math.min(rows.keys.length, start + height);
	for (let i = start; i < end; i++) {
		const event = rows.at(i);
		if (event) shown.push({ event, from: rows.fromAt(i) });
	}
	return { index, start, shown };
}

/** The row with key `key` (see rowKey), if the rows hold it. */
export function rowOf(
	rows: EventRows,
	key: string | undefined,
): { event: ReceivedEvent; from: From } | undefined {
	const index = key === undefined ? -1 : rows.keys.indexOf(key);
	const event = index < 0 ? undefined : rows.at(index);
	return event && { event, from: rows.fromAt(index) };
}

const labelWidth = 20;

function claimValue(name: string, value: unknown): string {
	if (typeof value === 'number' && ['iat', 'nbf', 'exp'].includes(name) && Number.isFinite(value))
		return `${value} (${formatClock(value * 1000)})`;
	if (typeof value === 'string') return sanitize(value);
	return sanitize(JSON.stringify(value) ?? String(value));
}

/** Everything about one received request: the decoded callback, bodies, signature, headers. */
export function callbackDetail(event: ReceivedEvent, width: number): DetailLine[] {
	const kv = (label: string, value: string, tone?: Tone) => pair(label, value, width, labelWidth, tone);
	const cb = event.callback;
	const lines: DetailLine[] = [
		...kv('received', formatClockMillis(event.receivedAt)),
		...kv('request', `${sanitize(event.method)} ${sanitize(event.path)}`),
		...kv('kind', event.kind, event.kind === 'failure-callback' ? 'special' : undefined),
		...(event.verified
			? kv('signature', `✓ verified with the ${event.signingKey ?? 'current'} signing key`, 'ok')
			: kv(
					'signature',
					`✗ ${sanitize(event.reason ?? 'rejected')} (${event.failure ?? 'rejected'})`,
					'error',
				)),
		...(event.replayOf === undefined
			? []
			: kv(
					'replay',
					`of request ${requestNumber(event.replayOf)}: the same signature (jti) was verified there first`,
					'warn',
				)),
		...kv('answered', String(event.response.status), event.response.status < 300 ? 'ok' : 'error'),
		...kv('body size', `${event.bodyBytes} bytes`),
	];
	if (event.problem) lines.push(...kv('problem', sanitize(event.problem), 'warn'));
	// Anyone could have sent an unverified request: say so before everything it claims.
	if (!event.verified)
		lines.push({
			text: `${untrustedMark} anyone could have sent this; what follows proves nothing`,
			tone: 'warn',
		});
	const d = event.delivery;
	if (d.messageId) lines.push(...kv('message id', sanitize(d.messageId)));
	if (d.retried !== undefined) lines.push(...kv('retried header', String(d.retried)));
	if (d.topicName) lines.push(...kv('URL Group', sanitize(d.topicName)));
	if (d.endpointName) lines.push(...kv('endpoint', sanitize(d.endpointName)));
	if (d.callerIp) lines.push(...kv('caller IP', sanitize(d.callerIp)));

	if (cb) {
		const ok = cb.status >= 200 && cb.status < 300;
		lines.push(
			...title(event.kind === 'failure-callback' ? 'Failure callback (decoded)' : 'Callback (decoded)'),
		);
		lines.push(
			...kv('destination said', `status ${cb.status}`, ok ? 'ok' : cb.exhausted ? 'error' : 'warn'),
			...kv(
				'attempt',
				`retried ${cb.retried} of ${cb.maxRetries}${cb.exhausted ? (ok ? ' (the last)' : ' (exhausted)') : ''}`,
			),
			...kv('source message', sanitize(cb.sourceMessageId)),
			...kv('destination', `${sanitize(cb.method)} ${sanitize(cb.url)}`),
		);
		if (cb.dlqId) lines.push(...kv('dead letter id', sanitize(cb.dlqId), 'error'));
		if (cb.topicName) lines.push(...kv('URL Group', sanitize(cb.topicName)));
		if (cb.endpointName) lines.push(...kv('endpoint', sanitize(cb.endpointName)));
		if (cb.createdAt !== undefined) lines.push(...kv('created', formatClockMillis(cb.createdAt)));
		if (cb.notBefore !== undefined) lines.push(...kv('not before', formatClockMillis(cb.notBefore)));
		if (cb.callerIP) lines.push(...kv('publisher IP', sanitize(cb.callerIP)));
		if (cb.scheduleId) lines.push(...kv('schedule', sanitize(cb.scheduleId)));
		lines.push(...title("Destination's response body"), ...bodyLines(cb.body, width));
		lines.push(...title("Destination's response headers"), ...headerLines(cb.header, width, labelWidth));
		lines.push(...title('Source message headers'), ...headerLines(cb.sourceHeader, width, labelWidth));
		lines.push(
			...title('Source message body'),
			...(cb.sourceBody ? bodyLines(cb.sourceBody, width) : [{ text: '(not sent)', dim: true }]),
		);
	} else {
		lines.push(
			...title('Body'),
			...(event.body ? bodyLines(event.body, width) : [{ text: '(not read: over the limit)', dim: true }]),
		);
	}
	lines.push(...title(event.verified ? 'Signature claims' : 'Signature claims (not trusted)'));
	const claims = Object.entries(event.claims ?? {});
	if (claims.length === 0) lines.push({ text: 'none could be read', dim: true });
	for (const [name, value] of claims) lines.push(...kv(sanitize(name), claimValue(name, value)));
	lines.push(...title('Request headers'), ...headerLines(event.headers, width, labelWidth));
	return lines;
}

/** Request headers a replay does not send as they came: the receiver's own, and the old signature. */
const notReplayed = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);

/**
 * The replay of a request as it is shown before it is sent: its method and path (below the
 * forward URL), its headers with the signature said to be made afresh, and the body (the one
 * typed for it, else the one received). Pure.
 */
export function replayPreview(event: ReceivedEvent, signatureHeader: string, body?: string): RequestPreview {
	const signature = signatureHeader.toLowerCase();
	const headers: [string, string][] = [];
	for (const [name, value] of Object.entries(event.headers)) {
		if (notReplayed.has(name)) continue;
		headers.push([name, name === signature ? '(signed afresh with the current signing key)' : value]);
	}
	if (!Object.hasOwn(event.headers, signature))
		headers.push([signature, '(signed afresh with the current signing key)']);
	const shown = event.body;
	const received =
		shown === undefined
			? '(not kept: over the limit)'
			: shown.kind === 'text'
				? `${shown.text}${shown.truncated ? '\n(… shown cut here; sent whole)' : ''}`
				: `(${event.bodyBytes} bytes, not UTF-8: sent as received)`;
	return { method: event.method, path: event.path, headers, body: body ?? received };
}
