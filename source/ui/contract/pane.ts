/**
 * The pane module contract. A pane is one folder with one module that declares everything
 * about itself; the registry lists the modules, and the shell (tabs, key line, `?` help), the
 * poll plan and the runtime read them instead of naming panes.
 *
 * A pane module may import the kit, the key layer, the data layer and this contract; never
 * another pane, the shell or the registry (the lint checks it).
 */
import type { ComponentType } from 'react';
import type { MqClient } from '../../api/client.js';
import type { Api, PollRequest } from '../data/endpoints.js';
import type { PollScheduler } from '../data/poll-scheduler.js';
import type { PollState, PollStore } from '../data/poll-store.js';
import type { ReducerStore } from '../data/store.js';
import type { TrackedMessages, TrackedState } from '../data/tracked-messages.js';
import type { Command } from '../keys/commands.js';
import type { Binding, Scope, ScopeInfo } from '../keys/key-table.js';
import type { TuiConnection, TuiReceiver } from './connection.js';
import type { ShellAction, ShellState } from './shell-state.js';

/** What a pane's state starts from. */
export interface PaneStart {
	connection: TuiConnection;
	/** Where mqtop's callback receiver listens, if one runs. */
	receiverUrl: string | undefined;
}

/**
 * What a pane is asked to show when another pane opens it (a jump from a log line to its
 * message, its dead letter, its callbacks): by convention `messageId`. A pane reads what it
 * knows and ignores the rest.
 */
export type PaneRequest = Readonly<Record<string, string>>;

/** What a poll plan is computed from: pure data, so the plan is a pure function. */
export interface PollView<S> {
	shell: ShellState;
	state: S;
	polls: PollState;
	tracked: TrackedState;
	now: number;
}

/** What a controller runs on: the typed client, the stores, and whether edits are allowed. */
export interface PaneContext<S, A> {
	client: MqClient;
	/** The pane's own state. */
	store: ReducerStore<S, A>;
	shell: ReducerStore<ShellState, ShellAction>;
	polls: PollStore;
	scheduler: PollScheduler;
	/** The message ids the Messages pane follows; any pane may add to it. */
	tracked: TrackedMessages;
	readOnly: boolean;
	connection: TuiConnection;
	receiver: TuiReceiver | undefined;
	/** Poll the visible pane's endpoints now. */
	refresh(): void;
	/** What the pane polls may have changed (beyond its state): plan again. */
	replan(): void;
	/**
	 * Shows another pane, asking it to show `request` (its module's `open`); false when there
	 * is no such pane. Panes never import each other: this is how one leads to another.
	 */
	show(pane: string, request?: PaneRequest): boolean;
}

/**
 * What a pane does outside React. Its keys are its commands: each of the pane's bindings with
 * its handler and when it is enabled (keys/commands.ts); the shell dispatches a key to them, the
 * view only draws.
 */
export interface Controller {
	readonly commands?: readonly Command[];
	dispose?(): void;
}

export interface PaneViewProps {
	width: number;
	height: number;
}

export interface PaneModule<S = unknown, A = unknown, C extends Controller = Controller> {
	/** Unique, lower case: `messages`. */
	id: string;
	/** In the tab bar and the help overlay: `Messages`. */
	title: string;
	/** In a tab bar too narrow for the titles: `Msgs`. */
	shortTitle: string;
	/** Other names the `:` command line accepts for it (the id and the title always work). */
	aliases?: readonly string[];
	/** Reached with a number key (in registry order) and shown as a tab; otherwise by name only. The registry's tabs have one. */
	numberKey: boolean;
	/** One line on what it shows, for the `:` command line and the help overlay. */
	summary: string;
	/**
	 * The APIs it cannot show anything without. Where the connection lacks the settings of one,
	 * the shell shows which settings the pane needs and how to give them, instead of its view.
	 */
	requires?: readonly Api[];

	/** Its state: where it starts, a pure reducer, and what leaving the pane closes. */
	initial(start: PaneStart): S;
	reduce(state: S, action: A): S;
	leave?(state: S): S;
	/** What it shows when another pane opens it with a request (see PaneRequest); pure. */
	open?(state: S, request: PaneRequest): S;

	/** Its actions through the typed client, its keys' handlers, and what it does with what is polled. */
	controller?(context: PaneContext<S, A>): C;

	/** What it polls while it is on screen: a pure function from the UI state to requests. */
	polls?(view: PollView<S>): PollRequest[];
	/** The endpoints its status line reports, when not only those it polls now. */
	statusEndpoints?(view: PollView<S>): readonly PollRequest['endpoint'][];
	/**
	 * What it shows that is not polled but streams in: `receiver`, the callback receiver's
	 * requests. The status line then says how many came and when the last did.
	 */
	streams?: 'receiver';

	/** Its key bindings, named commands in its own scope and in the scopes of views inside it. */
	bindings: readonly Binding[];
	/** Views inside it with keys of their own (`<id>.<view>`), for the help overlay. */
	scopes?: Readonly<Record<Scope, ScopeInfo>>;
	/** The scope that has the keys now when it is not the pane's own: a form, a question, a view. */
	focus?(state: S): Scope | undefined;
	/** It shows the detail of one row: the key line shows its keys' detail hints (Binding.detail). */
	showsDetail?(state: S): boolean;

	/** The view; it reads its state and controller with usePane(). */
	View: ComponentType<PaneViewProps>;
}

/**
 * A pane's state as pure functions: where it starts, its reducer, and what the shell asks of it
 * (what leaving closes, what another pane's request opens, which view has the keys, whether a
 * row's detail is shown). A pane's state module may export it whole.
 */
export interface PaneModel<S, A> {
	/** Where it starts: the state, or (a state is never a function) one made from the connection. */
	initial: S | ((start: PaneStart) => S);
	reduce(state: S, action: A): S;
	leave?(state: S): S;
	open?(state: S, request: PaneRequest): S;
	focus?(state: S): Scope | undefined;
	showsDetail?(state: S): boolean;
}

/** Every name a pane answers to (the `:` command line takes each), and the tab bar and help show. */
export type PaneNames = Pick<PaneModule, 'id' | 'title' | 'shortTitle' | 'aliases'>;

/**
 * What a pane's index.ts declares: its names, its model, its controller's class, what it
 * polls, its keys and its view. Whether it has a number key is the registry's choice (its tabs).
 */
export interface PaneDeclaration<S, A, C extends Controller>
	extends Omit<PaneModule<S, A, C>, 'numberKey' | 'controller' | keyof PaneNames | keyof PaneModel<S, A>> {
	names: PaneNames;
	model: PaneModel<S, A>;
	/** Made when the pane's state is, with the pane's context; disposed with it. */
	Controller?: new (
		context: PaneContext<S, A>,
	) => C;
}

/** A pane module from its declaration, with its types inferred: `export const messagesPane = definePane({...})`. */
export function definePane<S, A, C extends Controller = Controller>(
	declaration: PaneDeclaration<S, A, C>,
): PaneModule<S, A, C> {
	const { names, model, Controller: Made, ...rest } = declaration;
	const { initial } = model;
	return {
		...rest,
		...names,
		...model,
		numberKey: false,
		initial: typeof initial === 'function' ? (initial as (start: PaneStart) => S) : () => initial,
		...(Made ? { controller: (context: PaneContext<S, A>) => new Made(context) } : {}),
	};
}

/** The pane with a number key: the registry gives one to each of its tabs. */
export function withNumberKey<P extends AnyPane>(pane: P): P {
	return { ...pane, numberKey: true };
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds modules of every state type
export type AnyPane = PaneModule<any, any, any>;
