/**
 * The Failed runs pane's work outside React: the filter form and the pages (the kit's filtered
 * list), and the edits of the selected failed run (resume from the failed step, restart,
 * delete, its failure callback again), each shown as its exact request first and sent only once
 * confirmed (never in read-only mode), through the kit's request flow.
 */
import { type FilterErrors, parseTimeBound } from '../../../api/filter-settings.js';
import { SettingError } from '../../../api/publish-settings.js';
import {
	deleteWorkflowDlqRequest,
	type FailedRun,
	type FailedRunPage,
	isRevivalRequest,
	retryFailureCallbackRequest,
	reviveRequest,
	type WorkflowDlqFilter,
} from '../../../api/workflow-dlq-api.js';
import { sanitize } from '../../../text/sanitize.js';
import type { PaneContext } from '../../contract/pane.js';
import { type Command, commands } from '../../keys/commands.js';
import { FilteredList } from '../../kit/filtered-list/controller.js';
import type { FilterTexts } from '../../kit/filtered-list/filtered-list-state.js';
import { RequestController } from '../../kit/request-flow/request-controller.js';
import {
	askToSend,
	type PendingRequest,
	type Perform,
	refusedReadOnly,
} from '../../kit/request-flow/request-flow-state.js';
import { workflowDlqBindings } from './bindings.js';
import { workflowDlqPageEndpoint } from './endpoints.js';
import type { WorkflowDlqAction, WorkflowDlqState } from './workflow-dlq-state.js';

export type WorkflowDlqEdit = 'resume' | 'restart' | 'delete' | 'callback';

/** The form's fields: the workflow URL (the form's `url`), a label and the time bounds. */
const fields = ['url', 'label', 'from', 'to'] as const;

/** What was typed in the form, checked as the command checks its flags. */
export function workflowDlqFilterOf(texts: FilterTexts, now: number) {
	const filter: WorkflowDlqFilter = {};
	const errors: FilterErrors = {};
	const one = (name: keyof FilterTexts) => texts[name]?.trim() || undefined;
	const url = one('url');
	if (url) filter.workflowUrl = url;
	const label = one('label');
	if (label) filter.label = label;
	for (const bound of ['from', 'to'] as const) {
		const given = one(bound);
		if (!given) continue;
		try {
			filter[bound === 'from' ? 'fromDate' : 'toDate'] = parseTimeBound(given, now);
		} catch (error) {
			if (!(error instanceof SettingError)) throw error;
			errors[bound] = error.message;
		}
	}
	return { filter, errors };
}

export class WorkflowDlqController extends RequestController<WorkflowDlqState, WorkflowDlqAction> {
	readonly list: FilteredList<WorkflowDlqFilter, FailedRunPage, FailedRun>;
	readonly commands: readonly Command[];

	constructor(protected override readonly ctx: PaneContext<WorkflowDlqState, WorkflowDlqAction>) {
		super(ctx);
		this.list = new FilteredList(ctx, {
			endpoint: workflowDlqPageEndpoint,
			fields,
			check: workflowDlqFilterOf,
			rowsOf: (page) => page.messages,
			keysOf: (letters) => letters.map((l) => l.dlqId),
			what: 'failed runs',
			one: 'failed run',
		});
		// Its keys, while no filter form or question has them.
		this.commands = commands(
			workflowDlqBindings,
			'failedRuns',
			{
				...this.list.commands,
				'nav.back': () => this.dispatch({ type: 'back' }),
				'failedRuns.resume': () => this.ask('resume'),
				'failedRuns.restart': () => this.ask('restart'),
				'failedRuns.delete': () => this.ask('delete'),
				'failedRuns.callback': () => this.ask('callback'),
				'failedRuns.runs': () => this.showRuns(),
			},
			() => !this.state.form && !this.state.confirm,
		);
	}

	selected(): FailedRun | undefined {
		return this.list.selected();
	}

	/** Shows the edit of the selected failed run as the request it sends; nothing is sent yet. */
	ask(edit: WorkflowDlqEdit): void {
		const what = { resume: 'resuming', restart: 'restarting', delete: 'deleting', callback: 'calling' }[edit];
		if (refusedReadOnly(this.sender, `${what} failed runs`) || this.state.busy) return;
		const letter = this.selected();
		if (!letter) {
			this.info('no failed run is selected');
			return;
		}
		const id = sanitize(letter.dlqId);
		const run = letter.workflowRunId ? ` (run ${sanitize(letter.workflowRunId)})` : '';
		const { client } = this.ctx;
		const pending: PendingRequest =
			edit === 'resume' || edit === 'restart'
				? {
						title:
							edit === 'resume'
								? `resume ${id}${run} from the step that failed, as a new run`
								: `restart ${id}${run} from the start, as a new run`,
						request: reviveRequest(client, edit, letter.dlqId),
						done: `${edit === 'resume' ? 'resumed' : 'restarted'} ${id}`,
					}
				: edit === 'delete'
					? {
							title: `delete the dead letter ${id}${run}: it cannot be resumed after`,
							request: deleteWorkflowDlqRequest(letter.dlqId),
							done: `deleted ${id}`,
						}
					: {
							title: `call the failure callback of ${id}${run} again`,
							request: retryFailureCallbackRequest(letter.dlqId),
							done: `called the failure callback of ${id} again`,
						};
		askToSend(this.sender, `${what} failed runs`, pending);
	}

	/** Sends the confirmed request exactly as shown; a resume or restart names its new run. */
	protected override readonly perform: Perform<PendingRequest> = async (pending) => {
		const done = pending.done ?? pending.title;
		if (!isRevivalRequest(pending.request)) {
			await this.ctx.client.send(pending.request);
			return done;
		}
		const { data } = await this.ctx.client.workflowDlq.sendRevival(pending.request);
		return `${done}: new run ${sanitize(data.workflowRunId)} (in Workflows)`;
	};

	/** The Workflows view. */
	showRuns(): void {
		this.ctx.show('workflows', {});
	}
}
