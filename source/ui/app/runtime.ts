/**
 * Everything the TUI runs on, outside React: the UI state store, the poll store, the one
 * scheduler and the typed client. The UI state decides which endpoints are polled; the
 * components only read snapshots and dispatch actions.
 */
import type { MqClient } from '../../api/client.js';
import type { EventStore } from '../../receiver/store.js';
import { FocusStore } from '../contract/focus.js';
import type { PaneId } from '../contract/panes.js';
import { initialUiState, type UiAction, type UiState, uiReducer } from '../contract/shell-state.js';
import type { BackoffPolicy } from '../data/backoff.js';
import { MessageFeed } from '../data/message-feed.js';
import { pollRequests, toJob } from '../data/plan.js';
import { PollStore } from '../data/poll-store.js';
import { PollScheduler } from '../data/scheduler.js';
import { ReducerStore } from '../data/store.js';
import { TrackedMessages } from '../data/tracked-messages.js';
import { GroupsController } from '../panes/groups/controller.js';
import { PublishController } from '../panes/publish/controller.js';

/** Which service the monitor is connected to, beyond the client's URLs and credentials. */
export interface TuiConnection {
	/** The embedded local service rather than a deployment. */
	embedded: boolean;
	/** Demo traffic runs against the embedded service. */
	demo?: boolean | undefined;
	/** Where the callback receiver listens, when one runs. */
	receiverUrl?: string | undefined;
	/** The account the Overview shows first; the first listed account when absent. */
	accountId?: string | undefined;
	vectorIndexId?: string | undefined;
	searchIndexId?: string | undefined;
}

/** The callback receiver the monitor shows: where it listens, what it saw, the keys it checks. */
export interface TuiReceiver {
	url: string;
	store: EventStore;
	currentSigningKey: string;
	nextSigningKey?: string | undefined;
}

export interface RuntimeOptions {
	client: MqClient;
	connection: TuiConnection;
	receiver?: TuiReceiver | undefined;
	/** Poll interval of the visible pane's endpoints; default 2000 ms. */
	refreshMs?: number;
	/** Every edit is disabled (the later panes honour it). */
	readOnly?: boolean;
	/** Backoff of failing endpoints; default from the refresh interval up to 30 s. */
	backoff?: BackoffPolicy;
	/** Collect poll results this long before a render; default 50 ms. */
	coalesceMs?: number;
	/** The pane shown first; default overview. */
	pane?: PaneId;
}

export interface Runtime {
	readonly client: MqClient;
	readonly connection: TuiConnection;
	readonly readOnly: boolean;
	readonly refreshMs: number;
	readonly ui: ReducerStore<UiState, UiAction>;
	readonly polls: PollStore;
	readonly scheduler: PollScheduler;
	readonly receiver: TuiReceiver | undefined;
	/** The message ids the Messages pane follows. */
	readonly tracked: TrackedMessages;
	/** Which view inside each pane has the keys (a form, a confirmation), for the key line and help. */
	readonly focus: FocusStore;
	/** The Groups pane's edits. */
	readonly groups: GroupsController;
	/** The Publish pane's sends. */
	readonly publish: PublishController;
	/** Which of them are polled, and cancelling one. */
	readonly messages: MessageFeed;
	dispose(): void;
}

export const defaultRefreshMs = 2000;

export function createRuntime(options: RuntimeOptions): Runtime {
	const refreshMs = options.refreshMs ?? defaultRefreshMs;
	const ui = new ReducerStore(
		uiReducer,
		initialUiState({
			pane: options.pane,
			accountId: options.connection.accountId,
			vectorIndexId: options.connection.vectorIndexId,
			searchIndexId: options.connection.searchIndexId,
		}),
	);
	const polls = new PollStore(options.coalesceMs ?? 50);
	const scheduler = new PollScheduler(polls, {
		intervalMs: refreshMs,
		backoff: options.backoff ?? { baseMs: refreshMs, maxMs: 30_000 },
	});

	const tracked = new TrackedMessages();
	const sync = () => {
		const state = ui.getSnapshot();
		scheduler.setPaused(state.frozen);
		const context = messages.planContext(polls.getSnapshot());
		scheduler.setJobs(pollRequests(state, context).map((request) => toJob(request, options.client)));
	};
	const messages = new MessageFeed({
		client: options.client,
		tracked,
		polls,
		ui,
		readOnly: options.readOnly ?? false,
		receiver: options.receiver,
		changed: () => sync(),
		refresh: () => scheduler.refresh(),
	});
	// The Overview needs an account: without one configured, the first listed is shown.
	const pickAccount = () => {
		if (ui.getSnapshot().accountId) return;
		const first = polls.getSnapshot().users?.data?.[0];
		if (first) ui.dispatch({ type: 'account/select', id: first.id });
	};
	const focus = new FocusStore();
	const readOnly = options.readOnly ?? false;
	const edits = {
		client: options.client,
		ui,
		polls,
		scheduler,
		focus,
		tracked,
		readOnly,
		receiverUrl: options.receiver?.url ?? options.connection.receiverUrl,
	};
	const groups = new GroupsController(edits);
	const publish = new PublishController(edits);
	const unsubscribeUi = ui.subscribe(sync);
	const unsubscribePolls = polls.subscribe(pickAccount);
	// What is polled on the Messages pane follows what is known about the messages shown.
	const unsubscribeMessages = [polls.subscribe(sync), tracked.subscribe(sync)];
	sync();

	return {
		client: options.client,
		connection: options.connection,
		readOnly,
		refreshMs,
		ui,
		polls,
		scheduler,
		receiver: options.receiver,
		tracked,
		focus,
		groups,
		publish,
		messages,
		dispose() {
			groups.close();
			publish.dispose();
			focus.close();
			messages.dispose();
			for (const stop of unsubscribeMessages) stop();
			tracked.close();
			unsubscribeUi();
			unsubscribePolls();
			scheduler.stop();
			polls.close();
			ui.close();
		},
	};
}
