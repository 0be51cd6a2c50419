/**
 * One change on the service, from the key that asks for it to its answer: the exact request
 * shown first with what it does and how much it touches, sent only when confirmed, then the
 * outcome as a notice. A pure reducer a pane keeps inside its own state (Schedules, Queues,
 * Flow control, Dead letters), alone or beside a list's, and the sending, which is the same for
 * every such pane.
 */
import type { ApiRequest } from '../../../api/transport.js';
import { describeSendError } from '../../data/describe-error.js';
import { type Notice, readOnlyNotice } from '../notice-line/notice-line-view.js';
import {
	initialTailList,
	type TailListAction,
	type TailListState,
	tailListReducer,
} from '../tail-list/tail-list-state.js';

export interface PendingRequest {
	/** What it does and what it touches, e.g. `pause queue emails (12 messages wait in it)`. */
	title: string;
	/** The request exactly as it is sent (the first of them, for an operation sent in rounds). */
	request: ApiRequest;
	/** What the notice says once the service accepted it, e.g. `paused queue emails`. */
	done?: string;
}

export interface RequestFlow<P extends PendingRequest = PendingRequest> {
	/** The request shown, waiting for a yes or a no. */
	confirm: P | undefined;
	/** The request is out, or what it touches is being counted. */
	busy: boolean;
	/** What the last action did, or why it was refused. */
	notice: Notice | undefined;
}

export type RequestFlowAction<P extends PendingRequest = PendingRequest> =
	| { type: 'request/confirm'; pending: P }
	| { type: 'request/cancel' }
	/** Busy: sending, or (with a notice saying so) counting what a request will touch. */
	| { type: 'request/start'; notice?: Notice }
	/** Answered; the notice is left out where the pane shows the outcome itself. */
	| { type: 'request/done'; notice: Notice | undefined }
	| { type: 'request/failed'; message: string }
	| { type: 'request/notice'; notice: Notice | undefined };

/** Nothing asked, nothing out: a flow of any kind of pending request. */
export const idleRequestFlow: RequestFlow<never> = { confirm: undefined, busy: false, notice: undefined };

export function isRequestFlowAction<P extends PendingRequest>(action: {
	type: string;
}): action is RequestFlowAction<P> {
	return action.type.startsWith('request/');
}

export function requestFlowReducer<P extends PendingRequest, S extends RequestFlow<P>>(
	state: S,
	action: RequestFlowAction<P>,
): S {
	switch (action.type) {
		case 'request/confirm':
			return { ...state, busy: false, confirm: action.pending, notice: undefined };
		case 'request/cancel':
			return state.busy || !state.confirm ? state : { ...state, confirm: undefined };
		case 'request/start':
			return { ...state, busy: true, notice: action.notice ?? state.notice };
		case 'request/done':
			return { ...state, busy: false, confirm: undefined, notice: action.notice };
		case 'request/failed':
			return { ...state, busy: false, confirm: undefined, notice: { tone: 'error', text: action.message } };
		case 'request/notice':
			return state.notice === action.notice ? state : { ...state, notice: action.notice };
	}
}

/**
 * A pane's reducer with the request flow in its state: the flow's actions go to the flow, and
 * then to `answered`, what they do to the pane's own part (a done edit closes its form, a
 * refusal stays over what was typed; `before` is the state the action came to); every other
 * action goes to `reducer`.
 */
export function withRequestFlow<
	P extends PendingRequest,
	S extends RequestFlow<P>,
	A extends { type: string },
>(
	reducer: (state: S, action: Exclude<A, RequestFlowAction<P>>) => S,
	answered: (next: S, action: RequestFlowAction<P>, before: S) => S = (next) => next,
): (state: S, action: A | RequestFlowAction<P>) => S {
	return (state, action) =>
		isRequestFlowAction<P>(action)
			? answered(requestFlowReducer(state, action), action, state)
			: reducer(state, action as Exclude<A, RequestFlowAction<P>>);
}

/**
 * A list whose rows are changed through the request flow (Queues, Schedules, Flow control,
 * Workflows, Messages): the tail list's selection and detail beside the question and notice,
 * one state a pane extends with its own, with one reducer that gives each action to its part.
 */
export interface RequestListState<P extends PendingRequest = PendingRequest>
	extends TailListState,
		RequestFlow<P> {}

export type RequestListAction<P extends PendingRequest = PendingRequest> =
	| TailListAction
	| RequestFlowAction<P>;

/** Nothing selected, no detail, nothing asked. */
export const initialRequestList: RequestListState<never> = { ...initialTailList, ...idleRequestFlow };

export function requestListReducer<P extends PendingRequest, S extends RequestListState<P>>(
	state: S,
	action: RequestListAction<P>,
): S {
	return isRequestFlowAction<P>(action) ? requestFlowReducer(state, action) : tailListReducer(state, action);
}

/** What sending needs from the pane: its state, the typed client's send, and a refresh after. */
export interface RequestSender<P extends PendingRequest = PendingRequest> {
	flow(): RequestFlow<P>;
	dispatch(action: RequestFlowAction<P>): void;
	readOnly: boolean;
	send(request: ApiRequest): Promise<unknown>;
	/** Describes a refusal or a failure as one line (the data layer's describeSendError). */
	describe(error: unknown): string;
	/** Poll again, so the list shows what the change did. */
	refresh(): void;
}

/** What a pane whose state keeps a request flow gives its sender: a pane's context has all of it. */
export interface SenderContext<P extends PendingRequest> {
	store: { getSnapshot(): RequestFlow<P> };
	readOnly: boolean;
	client: { send(request: ApiRequest): Promise<unknown> };
	refresh(): void;
}

/**
 * The sender of a pane: its state's flow, the typed client's send, a refusal as the data layer
 * words it, and the pane's own dispatch (one that a disposed controller may guard).
 */
export function paneSender<P extends PendingRequest>(
	ctx: SenderContext<P>,
	dispatch: (action: RequestFlowAction<P>) => void,
): RequestSender<P> {
	return {
		flow: () => ctx.store.getSnapshot(),
		dispatch,
		readOnly: ctx.readOnly,
		send: (request) => ctx.client.send(request),
		describe: describeSendError,
		refresh: () => ctx.refresh(),
	};
}

/**
 * In read-only mode, says that `what` is off and answers true. Every edit of every pane asks
 * here (before a form opens, before a request is shown), and sendConfirmed once more.
 */
export function refusedReadOnly<P extends PendingRequest>(sender: RequestSender<P>, what: string): boolean {
	if (!sender.readOnly) return false;
	sender.dispatch({ type: 'request/notice', notice: readOnlyNotice(what) });
	return true;
}

/** Shows `pending` for confirmation, unless read-only mode disables `what`. */
export function askToSend<P extends PendingRequest>(
	sender: RequestSender<P>,
	what: string,
	pending: P,
): void {
	if (!refusedReadOnly(sender, what)) sender.dispatch({ type: 'request/confirm', pending });
}

/**
 * How a confirmed request goes out and what the notice then says. By default the request
 * shown, once, and its `done`; an operation sent in rounds (every dead letter a filter
 * matches) sends the shown request first and then the rounds the service's cursors ask for.
 * It resolves to the notice's text, or to undefined where the pane shows what came back.
 */
export type Perform<P extends PendingRequest> = (pending: P) => Promise<string | undefined>;

/** Sends the confirmed request exactly as it was shown, then polls again; resolves to whether the service took it. */
export async function sendConfirmed<P extends PendingRequest>(
	sender: RequestSender<P>,
	perform: Perform<P> = async (pending) => {
		await sender.send(pending.request);
		return `done: ${pending.done ?? pending.title}`;
	},
): Promise<boolean> {
	const { confirm, busy } = sender.flow();
	if (!confirm || busy) return false;
	if (refusedReadOnly(sender, 'sending')) {
		sender.dispatch({ type: 'request/cancel' });
		return false;
	}
	sender.dispatch({ type: 'request/start' });
	let text: string | undefined;
	try {
		text = await perform(confirm);
	} catch (error) {
		// The reason names what failed (`cancel message … failed: HTTP 404 …`): it is the whole line.
		sender.dispatch({ type: 'request/failed', message: sender.describe(error) });
		// What a bulk operation did before it failed shows in the list too.
		sender.refresh();
		return false;
	}
	sender.dispatch({ type: 'request/done', notice: text === undefined ? undefined : { tone: 'ok', text } });
	sender.refresh();
	return true;
}

/** Leaving a pane closes its question (what it would change may be different on return) and its notice. */
export function leaveRequestFlow<S extends RequestFlow<PendingRequest>>(state: S): S {
	return { ...state, confirm: state.busy ? state.confirm : undefined, notice: undefined };
}
