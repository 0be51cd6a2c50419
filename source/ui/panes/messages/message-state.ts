/**
 * The state of a followed message, derived from everything mqtop knows about it: the message
 * as last read from the service, a 404 (after it was seen, or before), the service's delivery
 * logs, the callbacks the receiver saw, the dlqId of a failure callback or of the dead letter
 * queue's listing, and a cancel made here. Pure: the Messages pane, its poll plan and the tests all call this one function.
 *
 * Log states are read as they came (docs/protocol/logs.md#states): the documented ones, the SDK's
 * spellings (`CANCELED`) and `IN_PROGRESS`, each mapped to what it means for the message; a state
 * nobody listed is shown as it is, and never taken for the end.
 */
import type { DeliveryLog } from '../../data/endpoints.js';
import type { CallbackFact } from '../../data/tracked-messages.js';
import type { MessageReading } from './endpoints.js';

export type { CallbackFact };

export interface MessageFacts {
	/** The message as last read from the service. */
	message?: MessageReading | undefined;
	/** The service answered 404 to the last read. */
	notFound?: boolean | undefined;
	/** Delivery logs of this message, newest first. */
	events?: readonly DeliveryLog[] | undefined;
	callback?: CallbackFact | undefined;
	/** From the failure callback, or the dead letter queue's listing: the message is a dead letter. */
	dlqId?: string | undefined;
	/** The dead letter queue listed the message (under dlqId). */
	deadLettered?: boolean | undefined;
	/** The service accepted a cancel made here. */
	cancelledHere?: boolean | undefined;
	/** The queue the message waits in, when the service lists it paused. */
	pausedQueue?: string | undefined;
}

export const messageStateKinds = [
	'unknown',
	/** The newest log names a state nobody listed: shown as it came (`MessageState.reported`). */
	'reported',
	'waiting',
	'delivering',
	'retrying',
	'cancelling',
	'delivered',
	'failed',
	'cancelled',
	'not-found',
] as const;
export type MessageStateKind = (typeof messageStateKinds)[number];

export interface MessageState {
	kind: MessageStateKind;
	/** Nothing will change it any more: the message is no longer polled. */
	final: boolean;
	/** Which fact decided, for the detail view, e.g. `event DELIVERED` or `gone after being seen`. */
	because: string;
	/** For `reported`: the state as the service named it (not sanitised). */
	reported?: string;
	/** Retries used so far, when known. */
	retried?: number;
	maxRetries?: number;
	dlqId?: string;
	/** Unix ms of the next attempt: notBefore while waiting, the retry time while retrying. */
	nextAttemptAt?: number;
	/** Waiting for this paused queue to be resumed (not sanitised). */
	pausedQueue?: string;
}

const finalKinds: ReadonlySet<MessageStateKind> = new Set(['delivered', 'failed', 'cancelled', 'not-found']);

export function isFinal(kind: MessageStateKind): boolean {
	return finalKinds.has(kind);
}

/** What each known log state says of its message. */
const logStates: Readonly<Record<string, MessageStateKind>> = {
	CREATED: 'waiting',
	ACTIVE: 'delivering',
	// The reference's filter value for ACTIVE, RETRY and ERROR; as a state, an attempt under way.
	IN_PROGRESS: 'delivering',
	RETRY: 'retrying',
	ERROR: 'retrying',
	DELIVERED: 'delivered',
	FAILED: 'failed',
	CANCEL_REQUESTED: 'cancelling',
	CANCELLED: 'cancelled',
	// The SDK's spelling.
	CANCELED: 'cancelled',
};

/** The kind a log state maps to: undefined for a state nobody listed (or none). */
export function logStateKind(state: string | undefined): MessageStateKind | undefined {
	return state !== undefined && Object.hasOwn(logStates, state) ? logStates[state] : undefined;
}

const isTerminal = (event: DeliveryLog) => {
	const kind = logStateKind(event.state);
	return kind !== undefined && isFinal(kind);
};

const is2xx = (status: number) => status >= 200 && status < 300;

export function deriveMessageState(facts: MessageFacts, now: number): MessageState {
	const { message, callback } = facts;
	const events = facts.events ?? [];
	const maxRetries = message?.maxRetries ?? callback?.maxRetries;
	const retried = retriesUsed(facts);
	const base = {
		...(retried !== undefined ? { retried } : {}),
		...(maxRetries !== undefined ? { maxRetries } : {}),
		...(facts.dlqId ? { dlqId: facts.dlqId } : {}),
	};
	const state = (kind: MessageStateKind, because: string, nextAttemptAt?: number): MessageState => ({
		kind,
		final: isFinal(kind),
		because,
		...base,
		...(nextAttemptAt !== undefined ? { nextAttemptAt } : {}),
	});

	// What the service or a callback says happened in the end wins over everything else.
	const terminal = events.find(isTerminal);
	if (terminal) return state(logStateKind(terminal.state)!, `event ${terminal.state}`);
	if (facts.dlqId)
		return state('failed', facts.deadLettered ? 'in the dead letter queue' : 'failure callback');
	if (callback && is2xx(callback.status)) return state('delivered', `callback status ${callback.status}`);
	const exhausted = callback !== undefined && callback.retried >= callback.maxRetries;

	if (facts.notFound) {
		if (facts.cancelledHere) return state('cancelled', 'cancelled here, then gone');
		if (exhausted) return state('failed', 'last attempt failed, then gone');
		if (message || events.length > 0) return state('delivered', 'gone after being seen');
		return state('not-found', 'the service does not have it');
	}

	// The newest log that names a state; one without a state says only that the message exists.
	const latest = events.find((e) => e.state !== undefined);
	const latestKind = logStateKind(latest?.state);
	if (facts.cancelledHere || latestKind === 'cancelling')
		return state('cancelling', facts.cancelledHere ? 'cancelled here' : `event ${latest?.state}`);
	if (latest && latestKind === undefined)
		return { ...state('reported', `event ${latest.state}`), reported: latest.state! };
	if (latestKind === 'delivering') return state('delivering', `event ${latest!.state}`);
	if (latestKind === 'retrying') return state('retrying', `event ${latest!.state}`, latest!.nextDeliveryTime);
	if ((message?.retried ?? 0) > 0) return state('retrying', 'retries used');
	if (callback) return state('retrying', `callback status ${callback.status}`);
	if (message) {
		const notBefore = message.notBefore;
		if (notBefore !== undefined && notBefore > now) return state('waiting', 'not before', notBefore);
		// Due, but its queue is paused: nothing is delivered until it is resumed (the logs say CREATED).
		if (facts.pausedQueue !== undefined)
			return {
				...state('waiting', `queue ${facts.pausedQueue} is paused`),
				pausedQueue: facts.pausedQueue,
			};
		return state('delivering', 'due');
	}
	if (latest) return state('waiting', `event ${latest.state}`);
	if (events.length > 0) return state('waiting', 'logged');
	return state('unknown', 'nothing read yet');
}

/** The most retries any fact shows: the message itself, the callbacks, the RETRY events. */
function retriesUsed(facts: MessageFacts): number | undefined {
	const counts = [
		facts.message?.retried,
		facts.callback?.retried,
		facts.events ? facts.events.filter((e) => e.state === 'RETRY').length || undefined : undefined,
	].filter((n): n is number => n !== undefined);
	return counts.length > 0 ? Math.max(...counts) : undefined;
}
