/**
 * ReceivedEvent as `mqtop listen` prints it: one JSON record per event (--json), or one line
 * per event for a person, stripe-listen style. Pure: the caller decides where output goes.
 */

import { formatClockMillis, formatIsoMillis } from '../format/time.js';
import { describePreview } from '../text/body-preview.js';
import { sanitize } from '../text/sanitize.js';
import { type Paint, type StyleName, statusStyle } from '../text/style.js';
import type { EventKind, ForwardSummary, ReceivedEvent, ShownBody } from './event.js';

/**
 * One `listen --json` line. Every key is always present (null when it does not apply) so
 * scripts can rely on the shape.
 */
export interface EventRecord {
	seq: number;
	/** ISO 8601. */
	receivedAt: string;
	method: string;
	path: string;
	kind: EventKind;
	verified: boolean;
	/** Why the request was rejected; null when verified. */
	reason: string | null;
	failure: string | null;
	signingKey: 'current' | 'next' | null;
	/** The named key pair that verified it; null for the main pair (or when not verified). */
	keyPair: string | null;
	/** A replay: the number of the request that carried the same signature (`jti`) first; else null. */
	replayOf: number | null;
	/** `<prefix>Message-Id` of this request. */
	messageId: string | null;
	/** For callbacks the source message's retries (body), else this request's (`<prefix>Retried`). */
	retried: number | null;
	maxRetries: number | null;
	exhausted: boolean | null;
	/** Callbacks: the status the destination answered. */
	status: number | null;
	sourceMessageId: string | null;
	dlqId: string | null;
	/** Callbacks: the source message's destination. */
	url: string | null;
	topicName: string | null;
	endpointName: string | null;
	/** Callbacks: the destination's response body; otherwise the request body. */
	body: ShownBody | null;
	sourceBody: ShownBody | null;
	responseHeader: Record<string, string[]> | null;
	sourceHeader: Record<string, string> | null;
	problem: string | null;
	/** What the receiver answered. */
	responseStatus: number;
	/** Forwarded to the app: its URL, its status (null when it could not be reached), the time, why not. */
	forward: { url: string; status: number | null; ms: number; error: string | null } | null;
	headers: Record<string, string>;
	claims: Record<string, unknown> | null;
}

export function toEventRecord(event: ReceivedEvent): EventRecord {
	const cb = event.callback;
	return {
		seq: event.seq,
		receivedAt: formatIsoMillis(event.receivedAt),
		method: event.method,
		path: event.path,
		kind: event.kind,
		verified: event.verified,
		reason: event.reason ?? null,
		failure: event.failure ?? null,
		signingKey: event.signingKey ?? null,
		keyPair: event.keyPair ?? null,
		replayOf: event.replayOf ?? null,
		messageId: event.delivery.messageId ?? null,
		retried: cb ? cb.retried : (event.delivery.retried ?? null),
		maxRetries: cb?.maxRetries ?? null,
		exhausted: cb?.exhausted ?? null,
		status: cb?.status ?? null,
		sourceMessageId: cb?.sourceMessageId ?? null,
		dlqId: cb?.dlqId ?? null,
		url: cb?.url ?? null,
		topicName: cb?.topicName ?? event.delivery.topicName ?? null,
		endpointName: cb?.endpointName ?? event.delivery.endpointName ?? null,
		body: cb ? cb.body : (event.body ?? null),
		sourceBody: cb?.sourceBody ?? null,
		responseHeader: cb?.header ?? null,
		sourceHeader: cb?.sourceHeader ?? null,
		problem: event.problem ?? null,
		responseStatus: event.response.status,
		forward: event.forward
			? {
					url: event.forward.url,
					status: event.forward.status ?? null,
					ms: event.forward.ms,
					error: event.forward.error ?? null,
				}
			: null,
		headers: event.headers,
		claims: event.claims ?? null,
	};
}

/** A colour and weight, in terms both a terminal painter and Ink can apply. */
export interface PartStyle {
	color?: 'green' | 'red' | 'yellow' | 'cyan' | 'magenta' | 'blue';
	bold?: boolean;
	dim?: boolean;
}

/** One piece of an event's line: our own text or sanitised network text, and how it looks. */
export interface LinePart {
	text: string;
	style?: PartStyle;
	/**
	 * Read from a request whose signature did not verify: anyone could have sent it, so what it
	 * says (status, ids, retries, URL, body) proves nothing. Such parts follow untrustedMark.
	 */
	untrusted?: true;
}

/** Opens a sentence about an unverified request (`⚠ untrusted: anyone could have sent this`). */
export const untrustedMark = '⚠ untrusted:';

/**
 * Tags what an unverified request claims, in its line (`mqtop listen`, the Callbacks pane): a tag
 * like `✓ current`, no colon left dangling before the parts that follow two spaces on.
 */
export const untrustedTag = '⚠ untrusted';

/** Request numbers take this many characters in `mqtop listen`'s lines, so columns stay put up to #99999. */
const requestNumberWidth = 6;

const kindStyle: Record<EventKind, PartStyle> = {
	callback: { color: 'cyan' },
	'failure-callback': { color: 'magenta' },
	delivery: { color: 'blue' },
	malformed: { color: 'yellow' },
	oversize: { color: 'red' },
};

const kindWidth = Math.max(...Object.keys(kindStyle).map((k) => k.length));

/** The colour of an HTTP status, as a part style. */
function statusPart(status: number): PartStyle {
	return { color: statusStyle(status) };
}

/** Body text for one line: at most `max` characters, sanitised. */
function bodySnippet(body: ShownBody | undefined, max: number): string | undefined {
	if (!body) return undefined;
	const text = sanitize(describePreview(body));
	if (!text) return undefined;
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The request's number as lines show it, and `--replay <n>` takes it. */
export function requestNumber(seq: number): string {
	return `#${seq}`;
}

/** What a replay's line says of it: the request that carried its signature first. */
export function replayNote(replayOf: number): string {
	return `replay of ${requestNumber(replayOf)}`;
}

/**
 * One event as the pieces of its line, stripe-listen style: time, the request's number, kind,
 * ✓ (and which key, and whether the signature was seen before) or the rejection reason, what it
 * says, what the receiver answered. Green is a 2xx or a verified signature, yellow an attempt
 * that will be retried or a replay, red a failure or a rejection. `mqtop listen` paints these
 * for a terminal.
 */
export function eventLineParts(event: ReceivedEvent): LinePart[] {
	const parts: LinePart[] = [
		{ text: formatClockMillis(event.receivedAt), style: { dim: true } },
		{ text: requestNumber(event.seq), style: { bold: true } },
		{ text: event.kind.padEnd(kindWidth), style: kindStyle[event.kind] },
		event.verified
			? {
					text: `✓ ${event.keyPair ? `${sanitize(event.keyPair)} ` : ''}${event.signingKey ?? ''}`.trimEnd(),
					style: { color: 'green' },
				}
			: { text: `✗ ${sanitize(event.reason ?? 'rejected')}`, style: { color: 'red' } },
	];
	if (event.replayOf !== undefined)
		parts.push({ text: replayNote(event.replayOf), style: { color: 'yellow', bold: true } });
	const said = claimParts(event);
	if (event.verified) parts.push(...said);
	else if (said.length > 0) {
		parts.push({ text: untrustedTag, style: { color: 'yellow', bold: true } });
		for (const part of said) parts.push({ ...part, untrusted: true });
	}
	parts.push(...answerParts(event.response.status, event.forward));
	return parts;
}

/** What the receiver answered: the status, or with forwarding the app's answer and its time. */
export function answerParts(status: number, forward: ForwardSummary | undefined): LinePart[] {
	if (!forward) return [{ text: `→ ${status}`, style: statusPart(status) }];
	const ms = `${Math.round(forward.ms)} ms`;
	if (forward.status === undefined)
		return [
			{
				text: `→ app ✗ ${sanitize(forward.error ?? 'unreachable')} (${status} to the service)`,
				style: { color: 'red' },
			},
			{ text: ms, style: { dim: true } },
		];
	return [
		{ text: `→ app ${forward.status}`, style: statusPart(forward.status) },
		{ text: ms, style: { dim: true } },
	];
}

/** What the request says of itself: the callback's fields, or the delivery's headers and body. */
function claimParts(event: ReceivedEvent): LinePart[] {
	const parts: LinePart[] = [];
	const cb = event.callback;
	if (cb) {
		const ok = cb.status >= 200 && cb.status < 300;
		parts.push({ text: `status ${cb.status}`, style: statusPart(cb.status) });
		const attempts = `retried ${cb.retried}/${cb.maxRetries}`;
		parts.push(
			cb.exhausted && !ok
				? { text: `${attempts} exhausted`, style: { color: 'red', bold: true } }
				: cb.exhausted
					? { text: `${attempts} last` }
					: ok
						? { text: attempts }
						: { text: `${attempts} will retry`, style: { color: 'yellow' } },
		);
		parts.push({ text: `src ${sanitize(cb.sourceMessageId)}` });
		if (cb.dlqId !== undefined) parts.push({ text: `dlq ${sanitize(cb.dlqId)}`, style: { color: 'red' } });
		parts.push({ text: `${sanitize(cb.method)} ${sanitize(cb.url)}` });
	} else {
		if (event.delivery.messageId) parts.push({ text: `msg ${sanitize(event.delivery.messageId)}` });
		if (event.delivery.retried !== undefined) parts.push({ text: `retried ${event.delivery.retried}` });
		parts.push({ text: `${sanitize(event.method)} ${sanitize(event.path)}` });
		if (event.problem) parts.push({ text: sanitize(event.problem), style: { color: 'yellow' } });
		else {
			const snippet = bodySnippet(event.body, 60);
			if (snippet) parts.push({ text: snippet, style: { dim: true } });
		}
	}
	return parts;
}

/** The styleText formats of a part's style. */
function formats(style: PartStyle): StyleName[] {
	const list: StyleName[] = [];
	if (style.bold) list.push('bold');
	if (style.dim) list.push('dim');
	if (style.color) list.push(style.color);
	return list;
}

/** Parts painted for a terminal (or plain, with a painter that does not colour), two spaces apart. */
export function paintParts(parts: readonly LinePart[], paint: Paint): string {
	return parts.map((part) => (part.style ? paint(formats(part.style), part.text) : part.text)).join('  ');
}

/**
 * One line per event, painted for a terminal (or plain, with a painter that does not colour); the
 * request's number padded, so that the columns after it do not shift at #10, #100, ...
 */
export function formatEventLine(event: ReceivedEvent, paint: Paint): string {
	const parts = eventLineParts(event);
	const [time, seq, ...rest] = parts;
	if (!time || !seq) return paintParts(parts, paint);
	return paintParts([time, { ...seq, text: seq.text.padEnd(requestNumberWidth) }, ...rest], paint);
}
