/**
 * What the controller of every pane that changes something on the service does outside React:
 * it dispatches to the pane's store until it is disposed, asks its question only where edits
 * are allowed, and answers it (the ConfirmAnswer the question is drawn with): a no cancels, a
 * yes sends exactly what was shown. Its `sender` is what the request flow's functions
 * (askToSend, refusedReadOnly, sendConfirmed) run on: a pane's controller calls them with it. A pane's controller extends it with its own actions, and
 * with `perform` where a confirmed request goes out its own way.
 */
import type { ApiRequest } from '../../../api/transport.js';
import type { ReducerStore } from '../../data/store.js';
import {
	type PendingRequest,
	type Perform,
	paneSender,
	type RequestFlow,
	type RequestFlowAction,
	type RequestSender,
	sendConfirmed,
} from './request-flow-state.js';
import type { ConfirmAnswer } from './request-flow-view.js';

/** What the controller runs on: a pane's context has all of it. */
export interface RequestContext<S, A> {
	store: ReducerStore<S, A>;
	readOnly: boolean;
	client: { send(request: ApiRequest): Promise<unknown> };
	refresh(): void;
}

export class RequestController<S extends RequestFlow<P>, A, P extends PendingRequest = PendingRequest>
	implements ConfirmAnswer
{
	protected readonly sender: RequestSender<P>;
	/** How a confirmed request goes out (see Perform); none: the request shown, once, and its `done`. */
	protected readonly perform: Perform<P> | undefined;
	private closed = false;

	constructor(protected readonly ctx: RequestContext<S, A>) {
		this.sender = paneSender<P>(ctx, (action) => this.dispatch(action));
	}

	get state(): S {
		return this.ctx.store.getSnapshot();
	}

	/** The pane's own actions and the request flow's; none once the controller is disposed. */
	protected dispatch(action: A | RequestFlowAction<P>): void {
		if (!this.closed) this.ctx.store.dispatch(action as A);
	}

	/** Says `text` on the pane's notice line, in the tone of information. */
	protected info(text: string): void {
		this.dispatch({ type: 'request/notice', notice: { tone: 'info', text } });
	}

	cancelConfirm(): void {
		this.dispatch({ type: 'request/cancel' });
	}

	/** Sends the confirmed request, exactly as shown (or as `perform` does it), then polls again. */
	async send(): Promise<void> {
		await sendConfirmed(this.sender, this.perform);
	}

	dispose(): void {
		this.closed = true;
	}
}
