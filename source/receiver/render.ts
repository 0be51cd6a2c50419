/**
 * ReceivedEvent as `mqtop listen` prints it: one JSON record per event (--json), or one line
 * per event for a person, stripe-listen style. Pure: the caller decides where output goes.
 */
import { type Paint, type StyleName, statusStyle } from '../cli/style.js';
import { describePreview } from '../text/body-preview.js';
import { sanitize } from '../text/sanitize.js';
import type { EventKind, ReceivedEvent, ShownBody } from './event.js';

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
	headers: Record<string, string>;
	claims: Record<string, unknown> | null;
}

export function toEventRecord(event: ReceivedEvent): EventRecord {
	const cb = event.callback;
	return {
		seq: event.seq,
		receivedAt: new Date(event.receivedAt).toISOString(),
		method: event.method,
		path: event.path,
		kind: event.kind,
		verified: event.verified,
		reason: event.reason ?? null,
		failure: event.failure ?? null,
		signingKey: event.signingKey ?? null,
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
		headers: event.headers,
		claims: event.claims ?? null,
	};
}

const kindStyle: Record<EventKind, StyleName> = {
	callback: 'cyan',
	'failure-callback': 'magenta',
	delivery: 'blue',
	malformed: 'yellow',
	oversize: 'red',
};

const kindWidth = Math.max(...Object.keys(kindStyle).map((k) => k.length));

function clock(ms: number): string {
	const d = new Date(ms);
	const two = (n: number) => String(n).padStart(2, '0');
	return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

/** Body text for one line: at most `max` characters, sanitised. */
function bodySnippet(body: ShownBody | undefined, max: number): string | undefined {
	if (!body) return undefined;
	const text = sanitize(describePreview(body));
	if (!text) return undefined;
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** One line per event: time, kind, ✓ or the rejection reason, what it says, what we answered. */
export function formatEventLine(event: ReceivedEvent, paint: Paint): string {
	const parts: string[] = [
		paint('dim', clock(event.receivedAt)),
		paint(kindStyle[event.kind], event.kind.padEnd(kindWidth)),
		event.verified
			? paint('green', `✓ ${event.signingKey ?? ''}`.trimEnd())
			: paint('red', `✗ ${sanitize(event.reason ?? 'rejected')}`),
	];
	const cb = event.callback;
	if (cb) {
		parts.push(paint(statusStyle(cb.status), `status ${cb.status}`));
		const attempts = `retried ${cb.retried}/${cb.maxRetries}`;
		parts.push(cb.exhausted ? paint(['bold', 'red'], `${attempts} exhausted`) : attempts);
		parts.push(`src ${sanitize(cb.sourceMessageId)}`);
		if (cb.dlqId !== undefined) parts.push(`dlq ${sanitize(cb.dlqId)}`);
		parts.push(`${sanitize(cb.method)} ${sanitize(cb.url)}`);
	} else {
		if (event.delivery.messageId) parts.push(`msg ${sanitize(event.delivery.messageId)}`);
		if (event.delivery.retried !== undefined) parts.push(`retried ${event.delivery.retried}`);
		parts.push(`${sanitize(event.method)} ${sanitize(event.path)}`);
		if (event.problem) parts.push(paint('yellow', sanitize(event.problem)));
		else {
			const snippet = bodySnippet(event.body, 60);
			if (snippet) parts.push(paint('dim', snippet));
		}
	}
	parts.push(paint(statusStyle(event.response.status), `→ ${event.response.status}`));
	return parts.join('  ');
}
