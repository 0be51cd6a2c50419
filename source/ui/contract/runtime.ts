/** What the panes and the shell run on, as the views see it through useRuntime(). */
import type { MqClient } from '../../api/client.js';
import type { Faults } from '../data/faults.js';
import type { HealthStore } from '../data/health/store.js';
import type { LiveTracker } from '../data/live/tracker.js';
import type { PollScheduler } from '../data/poll-scheduler.js';
import type { PollStore } from '../data/poll-store.js';
import type { ReducerStore } from '../data/store.js';
import type { TrackedMessages } from '../data/tracked-messages.js';
import type { TuiConnection, TuiReceiver } from './connection.js';
import type { AnyPane, Controller, PaneModule, PaneRequest } from './pane.js';
import type { ShellAction, ShellState } from './shell-state.js';

/** A pane module at run time: its state store and its controller. */
export interface PaneInstance<S = unknown, A = unknown, C extends Controller = Controller> {
	module: PaneModule<S, A, C>;
	store: ReducerStore<S, A>;
	controller: C | undefined;
}

export interface Runtime {
	readonly client: MqClient;
	readonly connection: TuiConnection;
	readonly readOnly: boolean;
	readonly refreshMs: number;
	/** The shell's state: pane, period, freeze, help, reveal, account. */
	readonly ui: ReducerStore<ShellState, ShellAction>;
	readonly polls: PollStore;
	readonly scheduler: PollScheduler;
	readonly receiver: TuiReceiver | undefined;
	/** The message ids the Messages pane follows. */
	readonly tracked: TrackedMessages;
	/** The live rates and what the health rules read, polled whatever pane is on screen. */
	readonly live: LiveTracker;
	/** The health line: each rule measured, and its colour. */
	readonly health: HealthStore;
	/** mqtop's own bugs (a store listener that threw with nobody to hear it, a receiver's), shown in the status line. */
	readonly faults: Faults;
	/** The panes, in registry order. */
	readonly panes: readonly AnyPane[];
	/** The running instance of a pane. */
	pane<S = unknown, A = unknown, C extends Controller = Controller>(id: string): PaneInstance<S, A, C>;
	/** Shows a pane, asking it to show `request` first; false when there is no such pane. */
	show(pane: string, request?: PaneRequest): boolean;
	dispose(): void;
}
