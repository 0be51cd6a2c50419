/**
 * What the monitor shows, and runs if need be: a deployment (a profile), the local server that
 * `mqtop serve` runs for the data directory, or, when none runs, the local service on a
 * worker thread of its own (on the default port, keeping its state in the data directory and
 * announcing itself there so commands use it meanwhile), or a throwaway in-memory one
 * (`--demo`, `--ephemeral`).
 */

import { MqClient } from '../api/client.js';
import type { Dialect } from '../api/dialect.js';
import { ConfigError } from '../config/file.js';
import type { Resolved } from '../config/resolve.js';
import type { SettingKey } from '../config/settings.js';
import type { Demo } from '../demo/demo.js';
import { StateError, StateInUseError } from '../local/persistence/state-errors.js';
import type { LocalServiceData, LocalServiceHandle } from '../local/service.js';
import { localIndex } from '../local/service-indexes.js';
import type { ServiceEvents } from '../local/service-thread.js';
import type { NamedKeyPair, ReadKeys } from '../receiver/index.js';
import { generateSigningKey } from '../signing/keys.js';
import type { TuiConnection, TuiRegion } from '../ui/contract/connection.js';
import {
	localSettings,
	localStartOptions,
	missingKeys,
	missingSettings,
	remoteSettings,
	runningServerSettings,
} from './connect.js';
import { stateHint } from './failure.js';
import {
	currentToken,
	defaultLocalPort,
	findLocalServer,
	type LocalServerInfo,
	removeServerFile,
	serverFileKeeper,
	writeServerFile,
} from './local-server.js';
import { regionNamed } from './regions.js';

// The TUI's scheduler backs off on its own; the client must not retry on top of it.
const noRetry = { retry: { retries: 0, baseDelayMs: 100, maxDelayMs: 100 } };

export interface Backend {
	client: MqClient;
	/** The dialect the service speaks: the running server's, or the one its data directory kept. */
	dialect: Dialect;
	/** The settings each API lacks: the TUI says so on the panes that need it, and never asks it. */
	unconfigured?: { management: SettingKey[]; messaging: SettingKey[] };
	embedded?: { accountId: string; vectorIndexId: string; searchIndexId: string };
	localServer?: TuiConnection['localServer'];
	keys?: { current: string; next: string | undefined };
	/** Reads the keys again: the local service's rotate (POST /v2/keys/rotate). */
	readKeys?: ReadKeys;
	demo?: (receiverUrl: string) => Promise<Demo>;
	/** The regions of a running server of several, the one the panes show marked (docs/protocol/regions.md). */
	regions?: TuiRegion[];
	/** The name of the region whose keys are `keys`, and the other regions' keys, named. */
	regionKeys?: { shown: string; others: NamedKeyPair[] };
	close(): Promise<void>;
}

/** The signing keys as the service reads them now (GET /v2/keys), for a receiver to verify with. */
export function signingKeysOf(client: MqClient): ReadKeys {
	return async () => {
		const { data } = await client.keys.read();
		return { current: data.current, next: data.next };
	};
}

/** What a backend on a local server (its own or a running one) takes from the server's description. */
function localParts(
	server: Pick<LocalServerInfo, 'accountId' | 'indexes' | 'currentSigningKey' | 'nextSigningKey'>,
	client: MqClient,
): Pick<Backend, 'embedded' | 'keys' | 'readKeys'> {
	return {
		embedded: {
			accountId: server.accountId,
			vectorIndexId: localIndex(server, 'dense').id,
			searchIndexId: localIndex(server, 'search').id,
		},
		keys: { current: server.currentSigningKey, next: server.nextSigningKey },
		readKeys: signingKeysOf(client),
	};
}

/** The local service on a worker thread: on the default port unless another program has it. */
async function startWorkerService(
	options: LocalServiceData,
	port: number,
	events: ServiceEvents,
): Promise<LocalServiceHandle> {
	const { startLocalServiceInWorker } = await import('../local/service-thread.js');
	if (port === 0) return startLocalServiceInWorker({ ...options, port: 0 }, events);
	try {
		return await startLocalServiceInWorker({ ...options, port }, events);
	} catch (error) {
		if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
		// Another program has the port: the monitor still runs, on a free one.
		return startLocalServiceInWorker({ ...options, port: 0 }, events);
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
	port: number,
): Promise<Backend> {
	const options = localStartOptions(resolved);
	const keptKeys = dataDir === undefined;
	let service: LocalServiceHandle;
	// The account's token as it is now: a rotation through the management API changes it.
	let token: string | undefined;
	let tokenChanged = () => {};
	const events: ServiceEvents = {
		onTokenChange: (rotated) => {
			token = rotated;
			tokenChanged();
		},
	};
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
			dataDir === undefined ? 0 : port,
			events,
		);
	} catch (error) {
		if (error instanceof StateInUseError)
			throw new ConfigError(
				`the data directory ${dataDir} is in use by another mqtop that does not answer; stop it, or run ` +
					'the monitor with --data-dir <another directory> or --ephemeral',
			);
		if (error instanceof StateError) {
			const hint = stateHint(error);
			throw new ConfigError(hint ? `${error.message}; ${hint}` : error.message);
		}
		throw error;
	}
	token ??= service.token;
	const settings = localSettings(service, service.dialect);
	const refreshToken = async () => token;
	const client = new MqClient(settings, { ...noRetry, refreshToken });
	let announced: LocalServerInfo | undefined;
	if (dataDir !== undefined) {
		announced = { ...service, token, pid: process.pid, keepsState: true };
		await writeServerFile(dataDir, announced).catch(() => {});
		const described = announced;
		const keeper = serverFileKeeper(
			dataDir,
			() => ({ ...described, token: token ?? described.token }),
			() => {},
		);
		tokenChanged = () => keeper.changed();
	}
	return {
		client,
		dialect: service.dialect,
		...localParts(service, client),
		...(dataDir !== undefined ? { localServer: { kind: 'own' as const, dataDir } } : {}),
		...(withDemo
			? {
					demo: async (receiverUrl: string) => {
						const { startDemo } = await import('../demo/demo.js');
						// The demo talks to the service with retries, like any application would.
						return startDemo({ client: new MqClient(settings, { refreshToken }), service, receiverUrl });
					},
				}
			: {}),
		close: async () => {
			await service.close();
			if (announced && dataDir !== undefined) await removeServerFile(dataDir, announced.pid);
		},
	};
}

/**
 * The server as the panes show it: the region asked for (its queue, account and keys; the
 * indexes stay the default region's), else the default.
 */
function inRegion(server: LocalServerInfo, region: string | undefined): LocalServerInfo {
	if (region === undefined) return server;
	const names = server.regions?.map((r) => r.region) ?? [];
	// `us-east-1`, `US-EAST-1` (the header) and `US_EAST_1` (the variables) name the same region.
	const named = regionNamed(region, names);
	const chosen = server.regions?.find((r) => r.region === named);
	if (!chosen)
		throw new ConfigError(
			names.length === 0
				? `--region ${region}: the local server runs one region (start it with mqtop serve --regions)`
				: `--region ${region}: the local server runs the regions ${names.join(', ')}`,
		);
	const { region: _name, ...details } = chosen;
	return { ...server, ...details };
}

/** Each region of the server, for the Overview's line of regions; undefined for a server of one. */
function regionsOf(
	resolved: Resolved,
	server: LocalServerInfo,
	shown: LocalServerInfo,
): TuiRegion[] | undefined {
	return server.regions?.map((region) => {
		const { region: name, ...details } = region;
		const at = { ...server, ...details };
		return {
			region: name,
			settings: runningServerSettings(resolved, at),
			accountId: at.accountId,
			shown: at.queueUrl === shown.queueUrl,
		};
	});
}

/**
 * The local server that `mqtop serve` (or another monitor) runs: used as it is, never stopped.
 * Refused with 401 (its token was rotated), the client takes the token server.json has then.
 */
function runningBackend(
	resolved: Resolved,
	running: LocalServerInfo,
	region: string | undefined,
	dataDir: string,
): Backend {
	const server = inRegion(running, region);
	const settings = runningServerSettings(resolved, server);
	const client = new MqClient(settings, {
		...noRetry,
		refreshToken: () => currentToken(dataDir, server.queueUrl),
	});
	const regions = regionsOf(resolved, running, server);
	const shown = running.regions?.find((r) => r.queueUrl === server.queueUrl);
	return {
		...(regions ? { regions } : {}),
		...(shown
			? {
					regionKeys: {
						shown: shown.region,
						others: (running.regions ?? [])
							.filter((r) => r !== shown)
							.map((r) => ({
								name: r.region,
								currentSigningKey: r.currentSigningKey,
								nextSigningKey: r.nextSigningKey,
							})),
					},
				}
			: {}),
		client,
		dialect: settings.dialect,
		...localParts(server, client),
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
		dialect: resolved.dialect,
		unconfigured: {
			management: missingKeys(resolved, 'management'),
			messaging: missingKeys(resolved, 'queue'),
		},
		...(v.currentSigningKey ? { keys: { current: v.currentSigningKey, next: v.nextSigningKey } } : {}),
		close: async () => {},
	};
}

export interface BackendChoice {
	dataDir: string;
	configPath: string;
	/** A throwaway in-memory service: `--demo` or `--ephemeral`. */
	throwaway: boolean;
	demo: boolean;
	/** Port of the local service the monitor runs itself; default 8080 (a free one if taken). */
	port?: number;
	/** The region the panes show, of a running server of several (`--region`). */
	region?: string | undefined;
}

export async function chooseBackend(resolved: Resolved, choice: BackendChoice): Promise<Backend> {
	if (!resolved.local) return remoteBackend(resolved, choice.configPath);
	const server = choice.throwaway ? undefined : await findLocalServer(choice.dataDir);
	if (server) return runningBackend(resolved, server, choice.region, choice.dataDir);
	if (choice.region !== undefined)
		throw new ConfigError(
			`--region ${choice.region}: no local server of several regions runs (mqtop serve --regions)`,
		);
	return embeddedBackend(
		resolved,
		choice.throwaway ? undefined : choice.dataDir,
		choice.demo,
		choice.port ?? defaultLocalPort,
	);
}
