import { describe, expect, it } from 'vitest';
import type { DeliveryEvent, EventState, Message } from '../../../../source/api/schemas.js';
import { deriveMessageState, type MessageFacts } from '../../../../source/ui/panes/messages/message-state.js';
import { stateLabel } from '../../../../source/ui/panes/messages/messages-model.js';

const now = 1_767_225_600_000;
const message = (overrides: Partial<Message> = {}): Message => ({
	messageId: 'msg_1',
	url: 'http://127.0.0.1:9/x',
	method: 'POST',
	maxRetries: 3,
	notBefore: now - 1000,
	createdAt: now - 1000,
	...overrides,
});
/** Events newest first, as the listing gives them. */
const events = (...states: EventState[]): DeliveryEvent[] =>
	states.map((state, i) => ({ time: now - i, messageId: 'msg_1', state, url: 'http://127.0.0.1:9/x' }));
const kind = (facts: MessageFacts) => deriveMessageState(facts, now).kind;

describe('deriveMessageState', () => {
	it('knows nothing before the first read, and not-found when the service never had it', () => {
		expect(deriveMessageState({}, now)).toMatchObject({ kind: 'unknown', final: false });
		expect(deriveMessageState({ notFound: true }, now)).toMatchObject({ kind: 'not-found', final: true });
	});

	it('waits until notBefore, with the countdown target, then is in delivery', () => {
		const later = message({ notBefore: now + 30_000 });
		expect(deriveMessageState({ message: later }, now)).toMatchObject({
			kind: 'waiting',
			final: false,
			nextAttemptAt: now + 30_000,
			maxRetries: 3,
		});
		expect(kind({ message: message() })).toBe('delivering');
		expect(kind({ message: message(), events: events('ACTIVE', 'CREATED') })).toBe('delivering');
	});

	it('waits while its queue is paused, due or not; an attempt under way is in delivery still', () => {
		const queued = message({ queueName: 'emails' });
		expect(
			deriveMessageState({ message: queued, events: events('CREATED'), pausedQueue: 'emails' }, now),
		).toMatchObject({
			kind: 'waiting',
			because: 'queue emails is paused',
			pausedQueue: 'emails',
		});
		expect(kind({ message: queued })).toBe('delivering');
		expect(kind({ message: queued, events: events('ACTIVE', 'CREATED'), pausedQueue: 'emails' })).toBe(
			'delivering',
		);
	});

	it('is retrying after a failed attempt, with the next attempt from the RETRY event and the retries used', () => {
		const state = deriveMessageState(
			{
				message: message({ retried: 1 }),
				events: [
					{ ...events('RETRY')[0]!, nextDeliveryTime: now + 500 },
					...events('ERROR', 'ACTIVE', 'CREATED'),
				],
			},
			now,
		);
		expect(state).toMatchObject({ kind: 'retrying', retried: 1, maxRetries: 3, nextAttemptAt: now + 500 });
		expect(kind({ message: message({ retried: 2 }) })).toBe('retrying');
		expect(kind({ callback: { status: 500, retried: 0, maxRetries: 3 } })).toBe('retrying');
	});

	it('is delivered on the DELIVERED event, a 2xx callback, or when it is gone after being seen', () => {
		expect(kind({ message: message(), events: events('DELIVERED', 'ACTIVE') })).toBe('delivered');
		expect(kind({ callback: { status: 204, retried: 1, maxRetries: 3 } })).toBe('delivered');
		const gone = deriveMessageState({ message: message(), notFound: true }, now);
		expect(gone).toMatchObject({ kind: 'delivered', final: true, because: 'gone after being seen' });
		expect(kind({ events: events('ACTIVE', 'CREATED'), notFound: true })).toBe('delivered');
	});

	it('is failed on the FAILED event, a failure callback (with its dlqId), or an exhausted last attempt then gone', () => {
		expect(kind({ message: message(), events: events('FAILED', 'ERROR') })).toBe('failed');
		expect(deriveMessageState({ message: message(), dlqId: '1767225600000-3' }, now)).toMatchObject({
			kind: 'failed',
			final: true,
			dlqId: '1767225600000-3',
		});
		const exhausted = { status: 500, retried: 3, maxRetries: 3 };
		expect(kind({ message: message({ retried: 3 }), callback: exhausted, notFound: true })).toBe('failed');
		// Not gone yet: the failure is still being recorded.
		expect(kind({ message: message({ retried: 3 }), callback: exhausted })).toBe('retrying');
	});

	it('is cancelling once a cancel is accepted, and cancelled when gone or on the CANCELLED event', () => {
		const waiting = message({ notBefore: now + 60_000 });
		expect(kind({ message: waiting, cancelledHere: true })).toBe('cancelling');
		expect(kind({ message: waiting, events: events('CANCEL_REQUESTED', 'CREATED') })).toBe('cancelling');
		expect(kind({ message: waiting, cancelledHere: true, notFound: true })).toBe('cancelled');
		expect(kind({ message: waiting, events: events('CANCELLED', 'CANCEL_REQUESTED') })).toBe('cancelled');
	});

	it('lets the newest terminal event win over older facts', () => {
		// A cancel requested during an attempt that then succeeded: delivered after all.
		expect(
			kind({ message: message(), cancelledHere: true, events: events('DELIVERED', 'CANCEL_REQUESTED') }),
		).toBe('delivered');
		expect(kind({ callback: { status: 500, retried: 0, maxRetries: 0 }, events: events('FAILED') })).toBe(
			'failed',
		);
	});

	it('reads the states a deployment sends: IN_PROGRESS is in delivery, CANCELED cancelled', () => {
		expect(kind({ message: message(), events: events('IN_PROGRESS', 'CREATED') })).toBe('delivering');
		expect(deriveMessageState({ events: events('IN_PROGRESS') }, now)).toMatchObject({
			kind: 'delivering',
			because: 'event IN_PROGRESS',
			final: false,
		});
		expect(
			deriveMessageState({ message: message(), events: events('CANCELED', 'CREATED') }, now),
		).toMatchObject({
			kind: 'cancelled',
			final: true,
			because: 'event CANCELED',
		});
	});

	it('shows a state nobody listed as it came, and keeps polling the message', () => {
		const odd = events('CREATED').map((e) => ({ ...e, state: 'PAUSED_FOR_REVIEW' }));
		const state = deriveMessageState({ message: message(), events: [...odd, ...events('CREATED')] }, now);
		expect(state).toMatchObject({ kind: 'reported', reported: 'PAUSED_FOR_REVIEW', final: false });
		expect(stateLabel(state)).toBe('PAUSED_FOR_REVIEW');
		// Shown sanitised: a state is text from the network.
		const hostile = deriveMessageState({ events: [{ ...odd[0]!, state: 'X\x1b[2J' }] }, now);
		expect(stateLabel(hostile)).toBe('X\\x1b[2J');
		// A terminal state further down still ends it; a log without a state says only that it exists.
		expect(kind({ events: [...odd, ...events('DELIVERED')] })).toBe('delivered');
		expect(kind({ events: [{ messageId: 'msg_1' }] })).toBe('waiting');
	});

	it('counts the most retries any fact shows', () => {
		const state = deriveMessageState(
			{
				message: message({ retried: 1 }),
				callback: { status: 500, retried: 2, maxRetries: 3 },
				events: events('RETRY', 'ERROR'),
			},
			now,
		);
		expect(state.retried).toBe(2);
		expect(deriveMessageState({ notFound: true }, now).retried).toBeUndefined();
	});
});
