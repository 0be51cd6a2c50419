/**
 * Everything the TUI runs on, outside React: the shell's state, each pane's state and
 * controller, the poll store, the one scheduler and the typed client. The visible pane's poll
 * plan decides what the scheduler polls; the components only read snapshots and dispatch.
 */
import type { MqClient } from '../../api/client.js';
import { defaultHealthSettings, type HealthSettings, longestWindow } from '../../config/health.js';
import { type TuiConnection, type TuiReceiver, unconfiguredApis } from '../contract/connection.js';
import type { AnyPane, Controller, PaneContext, PaneRequest, PollView } from '../contract/pane.js';
import type { PaneInstance, Runtime } from '../contract/runtime.js';
import { initialShellState, shellReducer } from '../contract/shell-state.js';
import type { BackoffPolicy } from '../data/backoff.js';
import { Faults } from '../data/faults.js';
import { type Env, notifyPlan } from '../data/health/notify.js';
import { HealthStore } from '../data/health/store.js';
import { livePolls } from '../data/live/plan.js';
import { LiveTracker } from '../data/live/tracker.js';
import { PollScheduler, toJobs } from '../data/poll-scheduler.js';
import { PollStore } from '../data/poll-store.js';
import { feedReceived } from '../data/receiver-feed.js';
import { ReducerStore } from '../data/store.js';
import { TrackedMessages } from '../data/tracked-messages.js';
import { panes as registry } from '../registry.js';
import { checkPanes } from './panes.js';

export type { Runtime, TuiConnection, TuiReceiver };

export interface RuntimeOptions {
	client: MqClient;
	connection: TuiConnection;
	receiver?: TuiReceiver | undefined;
	/**
	 * Where mqtop's own bugs go to the status line; default a new one. Given when something that
	 * starts before the runtime reports there too (the receiver's onError).
	 */
	faults?: Faults | undefined;
	/** Poll interval of the visible pane's endpoints; default 2000 ms. */
	refreshMs?: number;
	/** Every edit is disabled. */
	readOnly?: boolean;
	/** Backoff of failing endpoints; default from the refresh interval up to 30 s. */
	backoff?: BackoffPolicy;
	/** Collect poll results this long before a render; default 50 ms. */
	coalesceMs?: number;
	/** The pane shown first, by id; default the first of the registry. */
	pane?: string;
	/** The panes; default the registry's. */
	panes?: readonly AnyPane[];
	/** The rules of the health line and how turning red is announced; default the defaults, silent. */
	health?: HealthSettings;
	/** Where the rules come from, for the health overlay; default `the defaults`. */
	healthSource?: string;
	/** The environment the terminal is told by (NO_COLOR, TERM, TERM_PROGRAM, TMUX); default process.env. */
	env?: Env;
}

/** History the live charts keep at least, whatever the health rules' windows. */
const chartHistoryMs = 20 * 60_000;
/** How far back the first poll of the delivery logs reads at least: the charts and rules start with it. */
const backfillMs = 5 * 60_000;

export const defaultRefreshMs = 2000;

export function createRuntime(options: RuntimeOptions): Runtime {
	const panes = options.panes ?? registry;
	checkPanes(panes);
	const refreshMs = options.refreshMs ?? defaultRefreshMs;
	const readOnly = options.readOnly ?? false;
	const first = panes[0];
	if (!first) throw new Error('no panes');
	const ui = new ReducerStore(
		shellReducer,
		initialShellState({
			pane: options.pane && panes.some((p) => p.id === options.pane) ? options.pane : first.id,
			accountId: options.connection.accountId,
		}),
	);
	const polls = new PollStore(options.coalesceMs ?? 50);
	const scheduler = new PollScheduler(polls, {
		intervalMs: refreshMs,
		backoff: options.backoff ?? { baseMs: refreshMs, maxMs: 30_000 },
	});
	const tracked = new TrackedMessages();
	const settings = options.health ?? defaultHealthSettings;
	const { rules } = settings;
	const window = longestWindow(rules);
	const live = new LiveTracker({
		keepMs: Math.max(chartHistoryMs, window),
		backMs: Math.max(backfillMs, window),
		stepMs: refreshMs,
	});
	const health = new HealthStore(
		{
			rules,
			source: options.healthSource ?? 'the defaults',
			notify: notifyPlan(settings.notify, options.env ?? process.env),
		},
		live,
	);
	const measures = new Set(rules.map((r) => r.metric));
	const start = {
		connection: options.connection,
		receiverUrl: options.receiver?.url ?? options.connection.receiverUrl,
	};

	const instances = new Map<string, PaneInstance<unknown, unknown>>();
	const view = (instance: PaneInstance<unknown, unknown>): PollView<unknown> => ({
		shell: ui.getSnapshot(),
		state: instance.store.getSnapshot(),
		polls: polls.getSnapshot(),
		tracked: tracked.getSnapshot(),
		now: Date.now(),
	});
	const current = () => instances.get(ui.getSnapshot().pane);
	// An API without its settings is never asked: its requests could only fail.
	const unconfigured = unconfiguredApis(options.connection);
	// The pane's own state takes the request before it is shown, so its first frame shows it.
	const show = (pane: string, request?: PaneRequest): boolean => {
		const instance = instances.get(pane);
		if (!instance) return false;
		const { open } = instance.module;
		if (request && open) instance.store.set(open(instance.store.getSnapshot(), request));
		ui.dispatch({ type: 'pane/show', pane });
		return true;
	};
	// What the visible pane polls follows its state, what is known (polls, tracked messages) and the shell.
	const plan = () => {
		const shell = ui.getSnapshot();
		scheduler.setPaused(shell.frozen);
		const instance = current();
		// The rates and the health line are polled whatever pane is visible; the pane's own last.
		const background = livePolls({
			accountId: shell.accountId,
			period: shell.period,
			state: live.getSnapshot(),
			metrics: measures,
			logs: live.logsParams,
		});
		// An API without its settings is never asked: its requests could only fail.
		const requests = [...background, ...(instance?.module.polls?.(view(instance)) ?? [])].filter(
			(request) => !unconfigured.has(request.endpoint.api),
		);
		scheduler.setJobs(toJobs(requests, options.client));
	};
	for (const module of panes) {
		const store = new ReducerStore(module.reduce, module.initial(start));
		const instance: PaneInstance<unknown, unknown> = { module, store, controller: undefined };
		instances.set(module.id, instance);
		const context: PaneContext<unknown, unknown> = {
			client: options.client,
			store,
			shell: ui,
			polls,
			scheduler,
			tracked,
			readOnly,
			connection: options.connection,
			receiver: options.receiver,
			refresh: () => scheduler.refresh(),
			replan: plan,
			show,
		};
		instance.controller = module.controller?.(context);
	}

	// A listener that throws in a coalesced notification has nobody to throw to: it is shown instead.
	const faults = options.faults ?? new Faults();
	for (const store of [ui, polls, tracked, live, health, ...[...instances.values()].map((i) => i.store)])
		store.onListenerError = faults.report;

	const stops: (() => void)[] = [];
	let shown = ui.getSnapshot().pane;
	stops.push(
		ui.subscribe(() => {
			const pane = ui.getSnapshot().pane;
			if (pane !== shown) {
				// Leaving a pane closes what was open in it (a detail, a field, a question).
				const left = instances.get(shown);
				if (left?.module.leave) left.store.set(left.module.leave(left.store.getSnapshot()));
				shown = pane;
			}
			plan();
		}),
		// The tracker takes in each answer before the plan is made again: it reads the tracker.
		polls.subscribe(() => live.observe(polls.getSnapshot())),
		polls.subscribe(plan),
		tracked.subscribe(plan),
		...[...instances.values()].map((instance) =>
			instance.store.subscribe(() => {
				if (instance === current()) plan();
			}),
		),
	);
	if (options.receiver) stops.push(feedReceived(options.receiver.store, tracked));
	plan();

	const runtime: Runtime = {
		client: options.client,
		connection: options.connection,
		readOnly,
		refreshMs,
		ui,
		polls,
		scheduler,
		receiver: options.receiver,
		tracked,
		live,
		health,
		faults,
		panes,
		show,
		pane<S, A, C extends Controller>(id: string) {
			const instance = instances.get(id);
			if (!instance) throw new Error(`no pane ${id}`);
			// The registry holds every pane's types; the caller names the one it asks for.
			return instance as unknown as PaneInstance<S, A, C>;
		},
		dispose() {
			for (const instance of instances.values()) {
				instance.controller?.dispose?.();
				instance.store.close();
			}
			for (const stop of stops) stop();
			tracked.close();
			health.close();
			live.close();
			scheduler.stop();
			polls.close();
			ui.close();
			faults.close();
		},
	};
	return runtime;
}
