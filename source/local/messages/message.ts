/**
 * A message as the local service holds it from acceptance until it is delivered, failed or
 * cancelled, and its message resource (docs/protocol/messages.md#message-resource) as
 * GET /v2/messages/{id} shows it. Kept compact: 100,000 delayed messages must fit in well under
 * 300 MB.
 */
import type { DeliveryOverrides, FlowControl, PublishOptions } from '../../api/publish-options.js';
import type { RetryDelayExpr } from '../../api/retry-delay.js';
import type { Message } from '../../api/schemas.js';
import type { DeliveryTarget } from '../delivery/target.js';
import type { HeapItem } from '../scheduler/min-heap.js';
import { isBodyRedacted, redactedValue, shownHeaders } from './redaction.js';

export type MessageKind = 'publish' | 'workflow' | 'callback' | 'failure-callback';

/** Where and how the callback (or failure callback) of a message is sent. */
export interface CallbackTarget {
	url: string;
	overrides: DeliveryOverrides | undefined;
	forwardHeaders: Record<string, string> | undefined;
}

export type MessageState = 'waiting' | 'active' | 'retry';

/**
 * How a message of a workflow run takes part in it: `step` calls the route with the run so
 * far, `call` is a `context.call`'s request to another URL, `callback` brings its answer back
 * to the route, `failure` calls the failure function or failure URL of a failed run.
 */
export type WorkflowPart = 'step' | 'call' | 'callback' | 'failure';

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
	workflowPart: WorkflowPart | undefined;
	/** The queue it was enqueued to; it waits for a slot there once due. */
	queueName: string | undefined;
	/** The schedule whose firing published it. */
	scheduleId: string | undefined;
	/** The options it was published with (shared by the messages of one publish): a retry reuses them. */
	options: PublishOptions;
	/** Passes through the service of the request that made this message (messages/hops.ts). */
	hops: number;
	state: MessageState;
	/** Holds one of its queue's slots, from its first attempt until it is delivered, failed or cancelled. */
	holdsQueueSlot: boolean;
	/** Set by a cancel while an attempt is in flight; honoured when it ends. */
	cancelRequested: boolean;
	/** Where its attempts go, worked out from `url` at its first attempt (delivery/target.ts); not kept. */
	target: DeliveryTarget | undefined;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** `body` when the bytes are UTF-8, else `bodyBase64` (docs/protocol/conventions.md#bodies). */
export function bodyFields(body: Buffer): { body: string } | { bodyBase64: string } {
	try {
		return { body: strictUtf8.decode(body) };
	} catch {
		return { bodyBase64: body.toString('base64') };
	}
}

/** The body as the service shows it: redacted when the publish asked for that. */
export function shownBody(m: StoredMessage): { body: string } | { bodyBase64: string } {
	return isBodyRedacted(m.options.redact) ? { body: redactedValue(m.body) } : bodyFields(m.body);
}

/** `label` is the first label, `labels` all of them, as the SDK reads them; nothing when there are none. */
export function labelFields(labels: readonly string[] | undefined): { label?: string; labels?: string[] } {
	return labels && labels.length > 0 ? { label: labels[0]!, labels: [...labels] } : {};
}

/** The flow-control fields of a message or schedule; `period` in seconds. */
export function flowFields(flow: FlowControl | undefined): Record<string, string | number> {
	if (!flow) return {};
	const out: Record<string, string | number> = { flowControlKey: flow.key };
	if (flow.rate !== undefined) out.rate = flow.rate;
	if (flow.parallelism !== undefined) out.parallelism = flow.parallelism;
	if (flow.periodMs !== undefined) out.period = Math.round(flow.periodMs / 1000);
	return out;
}

export function messageResource(m: StoredMessage): Message {
	const out: Message = {
		messageId: m.id,
		url: m.url,
		method: m.method,
		header: shownHeaders(m.header, m.options.redact),
		...shownBody(m),
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
	if (m.queueName !== undefined) out.queueName = m.queueName;
	if (m.scheduleId !== undefined) out.scheduleId = m.scheduleId;
	if (m.options.retryDelay !== undefined) out.retryDelayExpression = m.options.retryDelay;
	return { ...out, ...labelFields(m.labels), ...flowFields(m.flow) };
}

/** The headers of a message as one string per name (the callback's `sourceHeader`). */
export function joinedHeaders(header: Record<string, string[]>): Record<string, string> {
	return Object.fromEntries(Object.entries(header).map(([name, values]) => [name, values.join(', ')]));
}
