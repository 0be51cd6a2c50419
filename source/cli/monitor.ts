/**
 * `mqtop` with no command: the full-screen monitor. With nothing configured it uses the local
 * server that runs for the data directory (`mqtop serve`); when none runs, it runs the local
 * service itself on a worker thread, on the default port and keeping its state in the same
 * data directory, so commands in other terminals use it meanwhile. `--demo` (and
 * `--ephemeral`) run a throwaway in-memory service instead. A callback receiver on another
 * worker checks signatures with the service's keys; then the TUI on them.
 */

import { parseDuration } from '../api/duration.js';
import { ConfigError, localProfile } from '../config/file.js';
import type { NotifyMode } from '../config/health.js';
import { type ReceiverSettings, resolveReceiverSettings } from '../config/receiver.js';
import type { Demo } from '../demo/demo.js';
import type { HistoryFollower, ReceiverHandle, ReceiverThread, ReplayEdits } from '../receiver/index.js';
import { Faults } from '../ui/data/faults.js';
import { UsageError } from './args.js';
import { type Command, exitCodes } from './command.js';
import { type CommandContext, type CommandSpec, defineCommand } from './define.js';
import { listenFailure } from './failure.js';
import { defaultLocalPort } from './local-server.js';
import { chooseBackend } from './monitor-backend.js';
import { monitorFlags } from './monitor-flags.js';
import { monitorHealth } from './monitor-health.js';
import { followListen, loadReceiver, ownReceiverOptions } from './monitor-receivers.js';
import { chooseReceiverPort, keepReceiverPort } from './receiver-port.js';
import { ttyRefusal } from './tty.js';

function portFlag(text: string | undefined, name: string, fallback: number): number {
	if (text === undefined) return fallback;
	const port = Number(text);
	if (!/^\d+$/.test(text) || port > 65_535) throw new UsageError(`--${name} ${text} is not a port number`);
	return port;
}

/**
 * The TUI's modules (Ink, React, the panes). In the monitor's bundle they are evaluated only
 * when this is called, so the monitor starts its workers first and evaluates the TUI while
 * they start.
 */
export function loadTui(): Promise<typeof import('../ui/run.js')> {
	return import('../ui/run.js');
}

export const monitorSpec: CommandSpec = {
	name: '',
	summary: 'the full-screen monitor',
	usage: '',
	description: [
		'With no profile configured it uses the local server that `mqtop serve` runs for the data directory; ' +
			`when none runs, it runs one itself (on port ${defaultLocalPort}, keeping its state in the data ` +
			'directory, used by commands in other terminals while the monitor runs). A callback receiver checks ' +
			"signatures with the server's keys.",
		'--demo runs a throwaway in-memory service with live traffic: destinations that answer, fail and time ' +
			'out, callbacks, the dead letter queue, workflow runs and vector and search queries. --ephemeral runs ' +
			'a throwaway service without the traffic.',
		'Press ? in any pane for its keys.',
	],
	arguments: { min: 0, max: 0 },
	flags: monitorFlags,
	run: (context) => runMonitor(context, {}),
};

/** What main.ts started before it loaded the monitor, for the monitor to use. */
export interface EarlyStart {
	/** The receiver's thread, coming up while the monitor loads (receiver/worker-thread.ts). */
	receiverThread?: ReceiverThread | undefined;
}

async function runMonitor(
	{ args, io, resolved, config, dataDir }: CommandContext,
	early: EarlyStart,
): Promise<number> {
	const notifyText = args.string('notify');
	let settings: ReceiverSettings;
	try {
		settings = resolveReceiverSettings({
			section: config.config.receiver,
			env: io.env,
			flags: { forwardTo: args.string('forward-to') },
		});
	} catch (error) {
		if (error instanceof ConfigError) throw new UsageError(error.message);
		throw error;
	}
	const refusal = ttyRefusal({ stdinIsTTY: process.stdin.isTTY, stdoutIsTTY: process.stdout.isTTY });
	if (refusal) {
		io.stderr.write(`${refusal}\n`);
		return exitCodes.usage;
	}
	const refreshText = args.string('refresh') ?? '2s';
	const refreshMs = parseDuration(refreshText);
	if (refreshMs < 200) throw new UsageError(`--refresh ${refreshText} is too fast: use 200ms or more`);
	const demo = args.boolean('demo');
	if (demo && !resolved.local) {
		throw new UsageError(
			'--demo runs on the embedded local service; leave out --profile and the connection flags',
		);
	}
	const receiverPortText = args.string('receiver-port');
	const receiverPortGiven =
		receiverPortText === undefined ? undefined : portFlag(receiverPortText, 'receiver-port', 0);
	const port = portFlag(args.string('port'), 'port', defaultLocalPort);

	const throwaway = demo || args.boolean('ephemeral');
	if (args.boolean('ephemeral') && !resolved.local) {
		throw new UsageError(
			'--ephemeral runs a throwaway local service; leave out --profile and the connection flags',
		);
	}

	const health = monitorHealth({
		fromFile: config.config.health,
		demo,
		configPath: config.path,
		notify: notifyText as NotifyMode | undefined,
	});

	await import('../ui/production.js');
	const backend = await chooseBackend(resolved, {
		dataDir,
		configPath: config.path,
		throwaway,
		demo,
		port,
		region: args.string('region'),
	});
	let receiver: ReceiverHandle | undefined;
	let follower: HistoryFollower | undefined;
	// Made here rather than by the runtime: the receiver starts before it and reports there too.
	const faults = new Faults();
	let running: Demo | undefined;
	try {
		// The receiver's thread starts first (its worker is made before the first await); this one
		// evaluates the TUI meanwhile.
		const keys = backend.keys;
		// With no keys there are no callbacks to check: the thread started for them is not needed.
		if (!keys) void early.receiverThread?.worker.terminate();
		const portChoice = await chooseReceiverPort({
			flag: receiverPortGiven,
			dataDir: throwaway ? undefined : dataDir,
		});
		if (portChoice.note) faults.warn(portChoice.note);
		const receiverPort = portChoice.port;
		const receiverPart = await loadReceiver();
		const receiverStarting = keys
			? ownReceiverOptions({ ...backend, keys }, settings, {
					dataDir: throwaway ? undefined : dataDir,
					port: receiverPort,
					onError: faults.report,
					onHistoryError: faults.warn,
				})
					.then((options) => receiverPart.startReceiverInWorker(options, early.receiverThread))
					.catch((error: unknown) => {
						throw listenFailure(error, 'the callback receiver', '127.0.0.1', receiverPort);
					})
			: undefined;
		const tuiLoading = loadTui();
		// Should the receiver fail first, the TUI's load is not awaited: a failure of it is no news then.
		tuiLoading.catch(() => {});
		receiver = await receiverStarting;
		if (receiver && portChoice.keep)
			await keepReceiverPort(dataDir, Number(new URL(receiver.url).port)).catch((error: unknown) =>
				faults.warn(`the callback receiver's port is not kept for the next start: ${String(error)}`),
			);
		if (receiver && !throwaway) {
			// mqtop listen on the same data directory: its requests shown beside the receiver's own.
			follower = await followListen(backend, dataDir, { onError: faults.warn });
		}
		/** Sends request n of the history in `historyDir` to the app again, when there is an app. */
		const replayFrom = (historyDir: string) =>
			settings.forwardTo === undefined || throwaway
				? undefined
				: (seq: number, edits?: ReplayEdits) =>
						receiverPart.replayFromHistory(
							{
								historyDir,
								forwardTo: settings.forwardTo!,
								key: receiver?.signingKeys().current,
								dialect: backend.dialect,
							},
							seq,
							edits,
						);
		const { startTui } = await tuiLoading;
		const tui = startTui({
			client: backend.client,
			faults,
			connection: {
				embedded: Boolean(backend.embedded),
				...backend.embedded,
				localServer: backend.localServer,
				demo,
				receiverUrl: receiver?.url,
				unconfigured: backend.unconfigured,
				regions: backend.regions,
				settingsOrigin: {
					configPath: config.path,
					...(resolved.profile === localProfile ? {} : { profile: resolved.profile }),
				},
			},
			receiver:
				receiver && backend.keys
					? {
							url: receiver.url,
							store: receiver.store,
							// As the receiver verifies with them now: read again when the service rotates them.
							get currentSigningKey() {
								return receiver!.signingKeys().current;
							},
							get nextSigningKey() {
								return receiver!.signingKeys().next;
							},
							forwardTo: settings.forwardTo,
							replay: replayFrom(receiverPart.monitorHistoryDirectory(dataDir)),
							followed: follower && {
								store: follower.store,
								state: () => follower!.state,
								replay: replayFrom(receiverPart.historyDirectory(dataDir)),
							},
						}
					: undefined,
			refreshMs,
			readOnly: args.boolean('read-only'),
			health: health.settings,
			healthSource: health.source,
		});
		// The demo's traffic starts once the first frame is on screen: nothing in it needs the traffic.
		if (backend.demo && receiver) {
			try {
				running = await backend.demo(receiver.url);
			} catch (error) {
				tui.stop();
				await tui.exited;
				throw error;
			}
		}
		await tui.exited;
		return exitCodes.ok;
	} finally {
		await running?.stop();
		await follower?.stop();
		await receiver?.close();
		await backend.close();
	}
}

export const monitorCommand = defineCommand(monitorSpec);

/** The monitor, on what main.ts started early. */
export function monitorCommandWith(early: EarlyStart): Command {
	return defineCommand({ ...monitorSpec, run: (context) => runMonitor(context, early) });
}
