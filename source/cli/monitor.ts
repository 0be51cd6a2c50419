/**
 * `mqtop` with no command: the full-screen monitor. With nothing configured it starts the
 * embedded local service and the callback receiver (each on a worker thread, sharing signing
 * keys), and with `--demo` the demo traffic; then the TUI on them.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MqClient } from '../api/client.js';
import { parseDuration } from '../api/duration.js';
import { ConfigError } from '../config/file.js';
import { defaultHealthSettings, type NotifyMode, notifyModes } from '../config/health.js';
import type { Resolved } from '../config/resolve.js';
import type { Demo } from '../demo/demo.js';
import type { ReceiverHandle } from '../receiver/receiver.js';
import { generateSigningKey } from '../signing/keys.js';
import { UsageError } from './args.js';
import { exitCodes } from './command.js';
import { localSettings, localStartOptions, missingSettings, remoteSettings } from './connect.js';
import { type CommandSpec, defineCommand } from './define.js';
import { listenFailure } from './failure.js';
import { ttyRefusal } from './tty.js';

// The TUI's scheduler backs off on its own; the client must not retry on top of it.
const noRetry = { retry: { retries: 0, baseDelayMs: 100, maxDelayMs: 100 } };

interface Backend {
	client: MqClient;
	embedded?: { accountId: string; vectorIndexId: string; searchIndexId: string };
	keys?: { current: string; next: string | undefined };
	demo?: (receiverUrl: string) => Promise<Demo>;
	close(): Promise<void>;
}

async function embeddedBackend(resolved: Resolved, withDemo: boolean): Promise<Backend> {
	const { startLocalServiceInWorker } = await import('../local/worker.js');
	const options = localStartOptions(resolved);
	const service = await startLocalServiceInWorker({
		...options,
		currentSigningKey: options.currentSigningKey ?? generateSigningKey(),
		nextSigningKey: options.nextSigningKey ?? generateSigningKey(),
	});
	const settings = localSettings(service, resolved.dialect);
	const client = new MqClient(settings, noRetry);
	return {
		client,
		embedded: {
			accountId: service.accountId,
			vectorIndexId: service.vectorIndexId,
			searchIndexId: service.searchIndexId,
		},
		keys: { current: service.currentSigningKey, next: service.nextSigningKey },
		...(withDemo
			? {
					demo: async (receiverUrl: string) => {
						const { startDemo } = await import('../demo/demo.js');
						// The demo talks to the service with retries, like any application would.
						return startDemo({ client: new MqClient(settings), service, receiverUrl });
					},
				}
			: {}),
		close: () => service.close(),
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
		'With no profile configured it runs on the embedded local service, with a callback receiver whose ' +
			'signing keys the service shares. --demo adds live traffic: destinations that answer, fail and ' +
			'time out, callbacks, the dead letter queue, workflow runs and vector and search queries.',
		'Press ? in any pane for its keys.',
	],
	arguments: { min: 0, max: 0 },
	flags: {
		demo: { type: 'boolean', description: 'run demo traffic against the embedded local service' },
		refresh: {
			type: 'string',
			value: '<duration>',
			description: 'poll interval of the visible pane (default 2s)',
		},
		'read-only': { type: 'boolean', description: 'disable every edit in every pane' },
		notify: {
			type: 'string',
			value: '<how>',
			description: `announce the health line turning red: ${notifyModes.join(', ')} (default: the config file's health.notify, else off)`,
		},
		'receiver-port': {
			type: 'string',
			value: '<port>',
			description: 'port of the callback receiver (default: a free one)',
		},
	},
	async run({ args, io, resolved, config }) {
		const notifyText = args.string('notify');
		if (notifyText !== undefined && !(notifyModes as readonly string[]).includes(notifyText))
			throw new UsageError(`--notify ${notifyText}: expected one of ${notifyModes.join(', ')}`);
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

		const fromFile = config.config.health;
		const health = {
			...(fromFile ?? defaultHealthSettings),
			...(notifyText ? { notify: notifyText as NotifyMode } : {}),
		};

		await import('../ui/production.js');
		const backend = resolved.local
			? await embeddedBackend(resolved, demo)
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
				}).catch((error: unknown) => {
					throw listenFailure(error, 'the callback receiver', '127.0.0.1', receiverPort);
				});
			}
			if (backend.demo && receiver) running = await backend.demo(receiver.url);
			const { startTui } = await loadTui();
			const tui = startTui({
				client: backend.client,
				connection: {
					embedded: Boolean(backend.embedded),
					...backend.embedded,
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
				health,
				healthSource: health.rulesFrom === 'file' ? `config file ${config.path}` : 'the defaults',
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
