/**
 * `mqtop` with no command: the full-screen monitor. With nothing configured it uses the local
 * server that runs for the data directory (`mqtop serve`); when none runs, it runs the local
 * service itself on a worker thread, on the default port and keeping its state in the same
 * data directory, so commands in other terminals use it meanwhile. `--demo` (and
 * `--ephemeral`) run a throwaway in-memory service instead. A callback receiver on another
 * worker checks signatures with the service's keys; then the TUI on them.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MqClient } from '../api/client.js';
import { parseDuration } from '../api/duration.js';
import { ConfigError } from '../config/file.js';
import type { Resolved } from '../config/resolve.js';
import type { Demo } from '../demo/demo.js';
import { StateInUseError } from '../local/persistence/journal.js';
import type { LocalServiceData, LocalServiceHandle } from '../local/service.js';
import type { ReceiverHandle } from '../receiver/receiver.js';
import { generateSigningKey } from '../signing/keys.js';
import type { TuiConnection } from '../ui/contract/connection.js';
import { UsageError } from './args.js';
import { exitCodes } from './command.js';
import {
	localSettings,
	localStartOptions,
	missingSettings,
	remoteSettings,
	runningServerSettings,
} from './connect.js';
import { type CommandSpec, defineCommand } from './define.js';
import {
	defaultLocalPort,
	findLocalServer,
	type LocalServerInfo,
	removeServerFile,
	writeServerFile,
} from './local-server.js';
import { ttyRefusal } from './tty.js';

// The TUI's scheduler backs off on its own; the client must not retry on top of it.
const noRetry = { retry: { retries: 0, baseDelayMs: 100, maxDelayMs: 100 } };

interface Backend {
	client: MqClient;
	embedded?: { accountId: string; vectorIndexId: string; searchIndexId: string };
	localServer?: TuiConnection['localServer'];
	keys?: { current: string; next: string | undefined };
	demo?: (receiverUrl: string) => Promise<Demo>;
	close(): Promise<void>;
}

/** The local service on a worker thread: on the default port unless another program has it. */
async function startWorkerService(
	options: LocalServiceData,
	fixedPort: boolean,
): Promise<LocalServiceHandle> {
	const { startLocalServiceInWorker } = await import('../local/worker.js');
	if (!fixedPort) return startLocalServiceInWorker({ ...options, port: 0 });
	try {
		return await startLocalServiceInWorker({ ...options, port: defaultLocalPort });
	} catch (error) {
		if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
		// Another program has the port: the monitor still runs, on a free one.
		return startLocalServiceInWorker({ ...options, port: 0 });
	}
}

/**
 * The local service run by the monitor: kept in `dataDir` (and announced there, so commands
 * use it) unless it is a throwaway one (`dataDir` undefined: --demo, --ephemeral).
 */
async function embeddedBackend(
	resolved: Resolved,
	dataDir: string | undefined,
	withDemo: boolean,
): Promise<Backend> {
	const options = localStartOptions(resolved);
	const keptKeys = dataDir === undefined;
	let service: LocalServiceHandle;
	try {
		service = await startWorkerService(
			{
				...options,
				// A throwaway service gets its keys here, so the receiver checks with the same pair.
				...(keptKeys
					? {
							currentSigningKey: options.currentSigningKey ?? generateSigningKey(),
							nextSigningKey: options.nextSigningKey ?? generateSigningKey(),
						}
					: { dataDir }),
			},
			dataDir !== undefined,
		);
	} catch (error) {
		if (error instanceof StateInUseError)
			throw new ConfigError(
				`the data directory ${dataDir} is in use by another mqtop that does not answer; stop it, or run ` +
					'the monitor with --data-dir <another directory> or --ephemeral',
			);
		throw error;
	}
	const settings = localSettings(service, resolved.dialect);
	const client = new MqClient(settings, noRetry);
	let announced: LocalServerInfo | undefined;
	if (dataDir !== undefined) {
		announced = { ...service, pid: process.pid, dialect: resolved.dialect, keepsState: true };
		await writeServerFile(dataDir, announced).catch(() => {});
	}
	return {
		client,
		embedded: {
			accountId: service.accountId,
			vectorIndexId: service.vectorIndexId,
			searchIndexId: service.searchIndexId,
		},
		keys: { current: service.currentSigningKey, next: service.nextSigningKey },
		...(dataDir !== undefined ? { localServer: { kind: 'own' as const, dataDir } } : {}),
		...(withDemo
			? {
					demo: async (receiverUrl: string) => {
						const { startDemo } = await import('../demo/demo.js');
						// The demo talks to the service with retries, like any application would.
						return startDemo({ client: new MqClient(settings), service, receiverUrl });
					},
				}
			: {}),
		close: async () => {
			await service.close();
			if (announced && dataDir !== undefined) await removeServerFile(dataDir, announced.pid);
		},
	};
}

/** The local server that `mqtop serve` (or another monitor) runs: used as it is, never stopped. */
function runningBackend(resolved: Resolved, server: LocalServerInfo): Backend {
	return {
		client: new MqClient(runningServerSettings(resolved, server), noRetry),
		embedded: {
			accountId: server.accountId,
			vectorIndexId: server.vectorIndexId,
			searchIndexId: server.searchIndexId,
		},
		keys: { current: server.currentSigningKey, next: server.nextSigningKey },
		localServer: { kind: 'running' },
		close: async () => {},
	};
}

function remoteBackend(resolved: Resolved, configPath: string): Backend {
	const problems = (['management', 'queue'] as const).map((api) =>
		missingSettings(resolved, api, configPath),
	);
	if (problems.every((p) => p !== undefined)) throw new ConfigError(problems[0]!);
	const v = resolved.values;
	const client = new MqClient(remoteSettings(resolved), noRetry);
	return {
		client,
		...(v.currentSigningKey ? { keys: { current: v.currentSigningKey, next: v.nextSigningKey } } : {}),
		close: async () => {},
	};
}

/** The bundled TUI when the build made one (it starts in half the time), else its modules. */
async function loadTui(): Promise<typeof import('../ui/run.js')> {
	const bundle = new URL('../ui/run.bundle.js', import.meta.url);
	if (existsSync(fileURLToPath(bundle))) return (await import(bundle.href)) as typeof import('../ui/run.js');
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
	flags: {
		demo: { type: 'boolean', description: 'run demo traffic against a throwaway in-memory local service' },
		ephemeral: { type: 'boolean', description: 'run a throwaway in-memory local service (keeps nothing)' },
		refresh: {
			type: 'string',
			value: '<duration>',
			description: 'poll interval of the visible pane (default 2s)',
		},
		'read-only': { type: 'boolean', description: 'disable every edit in every pane' },
		'receiver-port': {
			type: 'string',
			value: '<port>',
			description: 'port of the callback receiver (default: a free one)',
		},
	},
	async run({ args, io, resolved, config, dataDir }) {
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
		const portText = args.string('receiver-port');
		const receiverPort = portText === undefined ? 0 : Number(portText);
		if (!Number.isInteger(receiverPort) || receiverPort < 0 || receiverPort > 65_535) {
			throw new UsageError(`--receiver-port ${portText} is not a port number`);
		}

		const throwaway = demo || args.boolean('ephemeral');
		if (args.boolean('ephemeral') && !resolved.local) {
			throw new UsageError(
				'--ephemeral runs a throwaway local service; leave out --profile and the connection flags',
			);
		}

		await import('../ui/production.js');
		const server = resolved.local && !throwaway ? await findLocalServer(dataDir) : undefined;
		const backend = server
			? runningBackend(resolved, server)
			: resolved.local
				? await embeddedBackend(resolved, throwaway ? undefined : dataDir, demo)
				: remoteBackend(resolved, config.path);
		let receiver: ReceiverHandle | undefined;
		let running: Demo | undefined;
		try {
			if (backend.keys) {
				const { startReceiverInWorker } = await import('../receiver/worker.js');
				receiver = await startReceiverInWorker({
					currentSigningKey: backend.keys.current,
					nextSigningKey: backend.keys.next,
					dialect: resolved.dialect,
					port: receiverPort,
				});
			}
			if (backend.demo && receiver) running = await backend.demo(receiver.url);
			const { startTui } = await loadTui();
			const tui = startTui({
				client: backend.client,
				connection: {
					embedded: Boolean(backend.embedded),
					...backend.embedded,
					localServer: backend.localServer,
					demo,
					receiverUrl: receiver?.url,
				},
				receiver:
					receiver && backend.keys
						? {
								url: receiver.url,
								store: receiver.store,
								currentSigningKey: backend.keys.current,
								nextSigningKey: backend.keys.next,
							}
						: undefined,
				refreshMs,
				readOnly: args.boolean('read-only'),
			});
			await tui.exited;
			return exitCodes.ok;
		} finally {
			await running?.stop();
			await receiver?.close();
			await backend.close();
		}
	},
};

export const monitorCommand = defineCommand(monitorSpec);
