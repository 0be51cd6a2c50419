/**
 * The Overview's keys: scroll the series and pick a day of the month's bars. They act on the
 * usage as the view drew it last (`drawn`); while no usage is drawn they do nothing and pass on.
 * Without an account configured, it shows the first one the service lists.
 */
import type { PaneContext } from '../../contract/pane.js';
import { usersEndpoint } from '../../data/endpoints.js';
import { entryOf } from '../../data/poll-store.js';
import { commands } from '../../keys/commands.js';
import { overviewBindings } from './bindings.js';
import type { OverviewAction, OverviewState } from './overview-state.js';

/** What the view drew: how far the series scroll, a page of them, and the days of the account shown. */
export interface OverviewFrame {
	scrollable: number;
	page: number;
	accountId: string;
	/** The day selected, and how many days the bars have. */
	selected: number;
	days: number;
}

export class OverviewController {
	private frame: OverviewFrame | undefined;

	private readonly stopPicking: () => void;

	constructor(private readonly ctx: PaneContext<OverviewState, OverviewAction>) {
		// The Overview needs an account: without one configured, the first listed is shown.
		const { shell, polls } = ctx;
		const pick = () => {
			if (shell.getSnapshot().accountId) return;
			const first = entryOf(polls.getSnapshot(), usersEndpoint)?.data?.[0];
			if (first) shell.dispatch({ type: 'account/select', id: first.id });
		};
		this.stopPicking = polls.subscribe(pick);
	}

	dispose(): void {
		this.stopPicking();
	}

	readonly commands = commands(
		overviewBindings,
		'overview',
		{
			'nav.up': () => this.scroll(-1),
			'nav.down': () => this.scroll(1),
			'nav.pageUp': () => this.scroll(-(this.frame?.page ?? 1)),
			'nav.pageDown': () => this.scroll(this.frame?.page ?? 1),
			'nav.left': () => this.day(-1),
			'nav.right': () => this.day(1),
		},
		() => this.frame !== undefined,
	);

	/** What the view drew of the usage; undefined while it shows none. */
	drawn(frame: OverviewFrame | undefined): void {
		this.frame = frame;
	}

	private scroll(delta: number): void {
		if (this.frame) this.ctx.store.dispatch({ type: 'scroll', delta, count: this.frame.scrollable + 1 });
	}

	private day(delta: number): void {
		if (!this.frame) return;
		const { accountId, selected, days } = this.frame;
		this.ctx.store.dispatch({ type: 'day/move', accountId, delta, from: selected, count: days });
	}
}
