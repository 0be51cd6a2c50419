/**
 * The Workflows pane's work outside React: a cancel asked for is shown as its exact request,
 * and only that request is sent once confirmed (never in read-only mode), through the kit's
 * request flow.
 */

import { cancelRunRequest } from '../../../api/workflows-api.js';
import { RequestController } from '../../kit/request-flow/request-controller.js';
import type { PendingRequest, Perform } from '../../kit/request-flow/request-flow-state.js';
import { askToSend, refusedReadOnly } from '../../kit/request-flow/request-flow-state.js';
import type { WorkflowsAction, WorkflowsState } from './workflows-state.js';

export class WorkflowsController extends RequestController<WorkflowsState, WorkflowsAction> {
	/** Shows the cancel of a run in progress as the request it sends. */
	askCancel(runId: string, running: boolean): void {
		if (refusedReadOnly(this.sender, 'cancelling runs')) return;
		if (!running) {
			this.dispatch({
				type: 'request/notice',
				notice: { tone: 'error', text: `${runId} has ended: only a run in progress can be cancelled` },
			});
			return;
		}
		askToSend(this.sender, 'cancelling runs', {
			title: `cancel workflow run ${runId}: nothing of it runs any more`,
			request: cancelRunRequest(runId),
			done: `cancelled ${runId}`,
		});
	}

	/** Sends the request that was confirmed, exactly as shown, then polls again; a refusal is one line. */
	protected override readonly perform: Perform<PendingRequest> = async (pending) => {
		await this.ctx.client.send(pending.request);
		return pending.done ?? pending.title;
	};
}
