/**
 * The Workflows pane's work outside React: a cancel asked for is shown as its exact request,
 * and only that request is sent once confirmed (never in read-only mode), through the kit's
 * request flow.
 */

import { cancelRunRequest } from '../../../api/workflows-api.js';
import type { PaneContext } from '../../contract/pane.js';
import { type CommandHandler, commands } from '../../keys/commands.js';
import { RequestController } from '../../kit/request-flow/request-controller.js';
import type { PendingRequest, Perform } from '../../kit/request-flow/request-flow-state.js';
import { askToSend, refusedReadOnly } from '../../kit/request-flow/request-flow-state.js';
import { rowCommands } from '../../kit/row-filter/commands.js';
import { tailNavigationOf } from '../../kit/tail-list/navigation.js';
import { selectedIndex } from '../../kit/tail-list/selection.js';
import { workflowsBindings } from './bindings.js';
import { isRunning, type RunRow } from './workflows-model.js';
import type { WorkflowsAction, WorkflowsState } from './workflows-state.js';

/** What the view drew: the runs in order, the list's height, the open run's steps and the detail's scroll positions. */
export interface WorkflowsFrame {
	rows: readonly RunRow[];
	listHeight: number;
	scrolls: number;
	stepCount: number;
	/** The run open in the detail, if any. */
	openId: string | undefined;
	columns: readonly { header: string }[];
}

type Move = 'nav.up' | 'nav.down' | 'nav.pageUp' | 'nav.pageDown' | 'nav.first';

export class WorkflowsController extends RequestController<WorkflowsState, WorkflowsAction> {
	constructor(protected override readonly ctx: PaneContext<WorkflowsState, WorkflowsAction>) {
		super(ctx);
	}

	private frame: WorkflowsFrame = {
		rows: [],
		listHeight: 1,
		scrolls: 1,
		stepCount: 0,
		openId: undefined,
		columns: [],
	};

	private readonly navigation = tailNavigationOf(() => ({
		list: () => this.state,
		dispatch: (action) => this.dispatch(action),
		keys: this.ids(),
		listHeight: this.frame.listHeight,
		scrolls: this.frame.scrolls,
	}));

	/**
	 * On the open run's time line the keys move among its steps and Enter opens one; in a step's
	 * detail they scroll it; else they move through the list. Read when the key arrives.
	 */
	private onTimeline(): boolean {
		return this.state.detail && !this.state.stepOpen;
	}

	private move(command: Move, delta: (frame: WorkflowsFrame) => number): CommandHandler {
		return (event, size) =>
			this.onTimeline()
				? this.dispatch({ type: 'step/move', delta: delta(this.frame), count: this.frame.stepCount })
				: this.navigation[command](event, size);
	}

	/** Its keys, while no question has them. */
	readonly commands = commands(
		workflowsBindings,
		'workflows',
		{
			'nav.up': this.move('nav.up', () => -1),
			'nav.down': this.move('nav.down', () => 1),
			'nav.pageUp': this.move('nav.pageUp', (f) => -f.listHeight),
			'nav.pageDown': this.move('nav.pageDown', (f) => f.listHeight),
			'nav.first': this.move('nav.first', (f) => -f.stepCount),
			'nav.open': (event, size) => {
				if (this.onTimeline()) this.dispatch({ type: 'step/open' });
				else if (!this.state.stepOpen) this.navigation['nav.open'](event, size);
			},
			'nav.back': () => this.dispatch({ type: 'back' }),
			...rowCommands({
				dispatch: (action) => this.dispatch(action),
				columns: () => this.frame.columns,
				keep: () => this.dispatch({ type: 'select', key: this.selectedId() }),
			}),
			'workflow.cancel': () => {
				// The run selected now: keys read together may have moved it since the last frame.
				const id = this.state.detail ? this.frame.openId : this.selectedId();
				const row = this.frame.rows.find((r) => r.id === id);
				if (!row || !id) return;
				this.dispatch({ type: 'select', key: id });
				this.askCancel(id, isRunning(row));
			},
			'workflow.deadLetters': () => this.showDeadLetters(),
		},
		() => !this.state.confirm,
	);

	drawn(frame: WorkflowsFrame): void {
		this.frame = frame;
	}

	private ids(): string[] {
		return this.frame.rows.map((row) => row.id);
	}

	private selectedId(): string | undefined {
		const ids = this.ids();
		return ids[selectedIndex(ids, this.state.selected)];
	}

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

	/** The failed runs (the workflow DLQ), where a run is resumed or restarted. */
	showDeadLetters(): void {
		this.ctx.show('failedRuns', {});
	}

	/** Sends the request that was confirmed, exactly as shown, then polls again; a refusal is one line. */
	protected override readonly perform: Perform<PendingRequest> = async (pending) => {
		await this.ctx.client.send(pending.request);
		return pending.done ?? pending.title;
	};
}
