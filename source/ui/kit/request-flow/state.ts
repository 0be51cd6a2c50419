/**
 * One change on the service, from the key that asks for it to its answer: the exact request
 * shown first with what it does and how much it touches, sent only when confirmed, then the
 * outcome as a notice. A pure reducer a pane keeps inside its own state (Schedules, Queues,
 * Flow control), and the sending, which is the same for every such pane.
 */
import type { ApiRequest } from '../../../api/transport.js';
import { type Notice, readOnlyNotice } from '../notice-line/view.js';

export interface PendingRequest {
	/** What it does and what it touches, e.g. `pause queue emails (12 messages wait in it)`. */
	title: string;
	request: ApiRequest;
	/** What the notice says once the service accepted it, e.g. `paused queue emails`. */
	done: string;
}

export interface RequestFlow {
	/** The request shown, waiting for a yes or a no. */
	confirm: PendingRequest | undefined;
	/** The request is out. */
	busy: boolean;
	/** What the last action did, or why it was refused. */
	notice: Notice | undefined;
}

export type RequestFlowAction =
	| { type: 'request/confirm'; pending: PendingRequest }
	| { type: 'request/cancel' }
	| { type: 'request/start' }
	| { type: 'request/done'; notice: Notice }
	| { type: 'request/failed'; message: string }
	| { type: 'request/notice'; notice: Notice | undefined };

export const idleRequestFlow: RequestFlow = { confirm: undefined, busy: false, notice: undefined };

export function isRequestFlowAction(action: { type: string }): action is RequestFlowAction {
	return action.type.startsWith('request/');
}

export function requestFlowReducer<S extends RequestFlow>(state: S, action: RequestFlowAction): S {
	switch (action.type) {
		case 'request/confirm':
			return { ...state, confirm: action.pending, notice: undefined };
		case 'request/cancel':
			return state.busy || !state.confirm ? state : { ...state, confirm: undefined };
		case 'request/start':
			return { ...state, busy: true };
		case 'request/done':
			return { ...state, busy: false, confirm: undefined, notice: action.notice };
		case 'request/failed':
			return { ...state, busy: false, confirm: undefined, notice: { tone: 'error', text: action.message } };
		case 'request/notice':
			return state.notice === action.notice ? state : { ...state, notice: action.notice };
	}
}

/** What sending needs from the pane: its state, the typed client's send, and a refresh after. */
export interface RequestSender {
	flow(): RequestFlow;
	dispatch(action: RequestFlowAction): void;
	readOnly: boolean;
	send(request: ApiRequest): Promise<unknown>;
	/** Describes a refusal or a failure as one line (the data layer's describeSendError). */
	describe(error: unknown): string;
	/** Poll again, so the list shows what the change did. */
	refresh(): void;
}

/** Shows `pending` for confirmation, unless read-only mode disables `what`. */
export function askToSend(sender: RequestSender, what: string, pending: PendingRequest): void {
	if (sender.readOnly) {
		sender.dispatch({ type: 'request/notice', notice: readOnlyNotice(what) });
		return;
	}
	sender.dispatch({ type: 'request/confirm', pending });
}

/** Sends the confirmed request exactly as it was shown; resolves to whether the service took it. */
export async function sendConfirmed(sender: RequestSender): Promise<boolean> {
	const { confirm, busy } = sender.flow();
	if (!confirm || busy) return false;
	if (sender.readOnly) {
		sender.dispatch({ type: 'request/cancel' });
		sender.dispatch({ type: 'request/notice', notice: readOnlyNotice('sending') });
		return false;
	}
	sender.dispatch({ type: 'request/start' });
	try {
		await sender.send(confirm.request);
	} catch (error) {
		sender.dispatch({ type: 'request/failed', message: sender.describe(error) });
		return false;
	}
	sender.dispatch({ type: 'request/done', notice: { tone: 'ok', text: `done: ${confirm.done}` } });
	sender.refresh();
	return true;
}

/** Leaving a pane closes its question (what it would change may be different on return) and its notice. */
export function leaveRequestFlow<S extends RequestFlow>(state: S): S {
	return { ...state, confirm: state.busy ? state.confirm : undefined, notice: undefined };
}
