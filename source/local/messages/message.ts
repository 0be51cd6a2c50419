/**
 * A message as the local service holds it from acceptance until it is delivered, failed or
 * cancelled, and its Message resource (interface.md) as GET /v2/messages/{id} shows it.
 * Kept compact: 100,000 delayed messages must fit in well under 300 MB.
 */
import type { DeliveryOverrides, FlowControl } from '../../api/publish-options.js';
import type { RetryDelayExpr } from '../../api/retry-delay.js';
import type { Message } from '../../api/schemas.js';
import type { HeapItem } from '../scheduler/min-heap.js';

export type MessageKind = 'publish' | 'workflow' | 'callback' | 'failure-callback';

/** Where and how the callback (or failure callback) of a message is sent. */
export interface CallbackTarget {
	url: string;
	overrides: DeliveryOverrides | undefined;
	forwardHeaders: Record<string, string> | undefined;
}

export type MessageState = 'waiting' | 'active' | 'retry';

export interface StoredMessage extends HeapItem {
	id: string;
	kind: MessageKind;
	url: string;
	topicName: string | undefined;
	endpointName: string | undefined;
	method: string;
	/** Headers sent to the destination (forwarded ones, Content-Type, group defaults). */
	header: Record<string, string[]>;
	body: Buffer;
	maxRetries: number;
	/** Attempts that failed so far; the next attempt carries it as `<prefix>Retried`. */
	retried: number;
	notBefore: number;
	createdAt: number;
	timeoutMs: number;
	retryDelay: RetryDelayExpr | undefined;
	callback: CallbackTarget | undefined;
	failureCallback: CallbackTarget | undefined;
	callerIp: string;
	labels: string[] | undefined;
	flow: FlowControl | undefined;
	workflowRunId: string | undefined;
	/** Passes through the service of the request that made this message (messages/hops.ts). */
	hops: number;
	state: MessageState;
	/** Set by a cancel while an attempt is in flight; honoured when it ends. */
	cancelRequested: boolean;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** `body` when the bytes are UTF-8, else `bodyBase64` (interface.md, Message). */
export function bodyFields(body: Buffer): { body: string } | { bodyBase64: string } {
	try {
		return { body: strictUtf8.decode(body) };
	} catch {
		return { bodyBase64: body.toString('base64') };
	}
}

export function messageResource(m: StoredMessage): Message {
	const out: Message = {
		messageId: m.id,
		url: m.url,
		method: m.method,
		header: m.header,
		...bodyFields(m.body),
		maxRetries: m.maxRetries,
		notBefore: m.notBefore,
		createdAt: m.createdAt,
		callerIP: m.callerIp,
		retried: m.retried,
	};
	if (m.topicName !== undefined) out.topicName = m.topicName;
	if (m.endpointName !== undefined) out.endpointName = m.endpointName;
	if (m.callback) out.callback = m.callback.url;
	if (m.failureCallback) out.failureCallback = m.failureCallback.url;
	if (m.labels && m.labels.length > 0) {
		out.labels = m.labels;
		out.label = m.labels.join(',');
	}
	if (m.flow) {
		out.flowControlKey = m.flow.key;
		if (m.flow.rate !== undefined) out.rate = m.flow.rate;
		if (m.flow.parallelism !== undefined) out.parallelism = m.flow.parallelism;
		if (m.flow.periodMs !== undefined) out.period = Math.round(m.flow.periodMs / 1000);
	}
	return out;
}

/** The headers of a message as one string per name (the callback's `sourceHeader`). */
export function joinedHeaders(header: Record<string, string[]>): Record<string, string> {
	return Object.fromEntries(Object.entries(header).map(([name, values]) => [name, values.join(', ')]));
}
