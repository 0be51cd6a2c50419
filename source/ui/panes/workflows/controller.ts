/**
 * The Workflows pane's work outside React: a cancel asked for is shown as its exact request,
 * and only that request is sent once confirmed (never in read-only mode).
 */
import { cancelRunRequest } from '../../../api/workflows-api.js';
import { sanitize } from '../../../text/sanitize.js';
import type { Controller, PaneContext } from '../../contract/pane.js';
import { describeSendError } from '../../data/describe-error.js';
import { readOnlyNotice } from '../../kit/notice-line/view.js';
import type { WorkflowsAction, WorkflowsState } from './state.js';

export class WorkflowsController implements Controller {
	constructor(private readonly ctx: PaneContext<WorkflowsState, WorkflowsAction>) {}

	private dispatch(action: WorkflowsAction): void {
		this.ctx.store.dispatch(action);
	}

	/** Shows the cancel of a run in progress as the request it sends. */
	askCancel(runId: string, running: boolean): void {
		if (this.ctx.readOnly) {
			this.dispatch({ type: 'notice', notice: readOnlyNotice('cancelling runs') });
			return;
		}
		if (!running) {
			this.dispatch({
				type: 'notice',
				notice: {
					tone: 'error',
					text: `${sanitize(runId)} has ended: only a run in progress can be cancelled`,
				},
			});
			return;
		}
		this.dispatch({ type: 'confirm/open', runId, request: cancelRunRequest(runId) });
	}

	dispose(): void {}

	cancelConfirm(): void {
		this.dispatch({ type: 'confirm/close' });
	}

	/** Sends the request that was confirmed, exactly as shown, then polls again. */
	async send(): Promise<void> {
		const { confirm, busy } = this.ctx.store.getSnapshot();
		if (!confirm || busy) return;
		if (this.ctx.readOnly) {
			this.dispatch({ type: 'confirm/close' });
			this.dispatch({ type: 'notice', notice: readOnlyNotice('cancelling runs') });
			return;
		}
		const id = sanitize(confirm.runId);
		this.dispatch({ type: 'send/start' });
		try {
			await this.ctx.client.send(confirm.request);
			this.dispatch({ type: 'send/done', notice: { tone: 'ok', text: `cancelled ${id}` } });
		} catch (error) {
			const text = `cancel of ${id} failed: ${describeSendError(error)}`;
			this.dispatch({ type: 'send/done', notice: { tone: 'error', text } });
		}
		this.ctx.refresh();
	}
}
