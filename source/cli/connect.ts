/**
 * Turns a resolved connection into a running MqClient. For the profile "local" that means
 * the local server that runs for the data directory (`mqtop serve`, or the monitor's own);
 * when none runs, the command stops with a hint rather than talk to a throwaway service.
 */
import type { ClientOptions } from '../api/client.js';
import { MqClient } from '../api/client.js';
import type { ConnectionSettings } from '../api/connection.js';
import type { Dialect } from '../api/dialect.js';
import { ConfigError } from '../config/file.js';
import { atLocalServer, formatSource, type Resolved } from '../config/resolve.js';
import { envName, flagName, type SettingKey } from '../config/settings.js';
import { localIndex } from '../local/service-indexes.js';
import { currentToken, type LocalServerInfo } from './local-server.js';

/** Which API a command talks to, and so which settings it needs. */
export type Api = 'queue' | 'management';

const needed: Record<Api, SettingKey[]> = {
	queue: ['queueUrl', 'token'],
	management: ['managementUrl', 'email', 'apiKey'],
};

/**
 * What the embedded local service is told: the dialect's names and any credentials given
 * explicitly. A name not given is the one its data directory kept (else the default).
 */
export interface LocalStartOptions {
	dialect: Partial<Dialect>;
	token?: string;
	email?: string;
	apiKey?: string;
	currentSigningKey?: string;
	nextSigningKey?: string;
}
/** Finds the local server that runs for a data directory, if one does. */
export type LocalFinder = (dataDir: string) => Promise<LocalServerInfo | undefined>;

/** No local server runs, and nothing else is configured: exit 3, saying how to get one. */
export class NoLocalServerError extends Error {
	override name = 'NoLocalServerError';
	readonly hint: string;
	constructor(dataDir: string) {
		super(`no local server is running for ${dataDir}, and no profile is configured`);
		this.hint =
			'start one in another terminal with `mqtop serve` (or run the monitor, `mqtop`), or point a profile ' +
			'at a deployment (mqtop config --help)';
	}
}

const localCredentialKeys = ['token', 'email', 'apiKey', 'currentSigningKey', 'nextSigningKey'] as const;

/** The dialect's names given explicitly (a flag, a variable, a profile, a preset); not the defaults. */
export function givenDialect(resolved: Resolved): Partial<Dialect> {
	const given: Partial<Dialect> = {};
	for (const key of Object.keys(resolved.dialect) as (keyof Dialect)[])
		if (resolved.sources[key].kind !== 'default') given[key] = resolved.dialect[key];
	return given;
}

/** The start options of the local service for a resolved "local" connection. */
export function localStartOptions(resolved: Resolved): LocalStartOptions {
	const options: LocalStartOptions = { dialect: givenDialect(resolved) };
	for (const key of localCredentialKeys) {
		const value = resolved.values[key];
		if (value !== undefined) options[key] = value;
	}
	return options;
}

export interface Connection {
	client: MqClient;
	/** Ids of the account and indexes of the local server, when it is the one in use. */
	local?: { accountId: string; vectorIndexId: string; searchIndexId: string };
	close(): Promise<void>;
}

/** The settings `api` needs that were not given (none on the embedded local service). */
export function missingKeys(resolved: Resolved, api: Api): SettingKey[] {
	if (resolved.local) return [];
	return needed[api].filter((key) => resolved.values[key] === undefined);
}

/** Why the settings do not suffice for `api`, naming every way to set what is missing. */
export function missingSettings(resolved: Resolved, api: Api, configPath: string): string | undefined {
	const missing = missingKeys(resolved, api);
	if (missing.length === 0) return undefined;
	const name = api === 'queue' ? 'messaging' : 'management';
	return (
		`not configured for the ${name} API: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set; ` +
		`set ${missing.map((key) => `--${flagName(key)}`).join(' ')}, or ${missing.map(envName).join(' ')}, ` +
		`or choose a profile of ${configPath} with --profile`
	);
}

/** Names the credentials `api` uses and where they came from, for a refusal (401). */
export function describeCredentials(resolved: Resolved, api: Api): string {
	const keys = api === 'queue' ? (['token'] as const) : (['email', 'apiKey'] as const);
	const parts = keys.map((key) => `${key} (from ${formatSource(resolved.sources[key])})`);
	return `the ${api === 'queue' ? 'messaging' : 'management'} API credentials: ${parts.join(' and ')}`;
}

/** The client settings that reach a running local service. */
export function localSettings(
	handle: Pick<LocalServerInfo, 'queueUrl' | 'token' | 'managementUrl' | 'email' | 'apiKey'>,
	dialect: Dialect,
): ConnectionSettings {
	const { queueUrl, token, managementUrl, email, apiKey } = handle;
	return { queueUrl, token, managementUrl, email, apiKey, dialect };
}

/** The settings that reach a running local server (atLocalServer says which win). */
export function runningServerSettings(resolved: Resolved, server: LocalServerInfo): ConnectionSettings {
	return remoteSettings(atLocalServer(resolved, server));
}

/** The client settings of a resolved connection (what is missing left empty). */
export function remoteSettings(resolved: Resolved): ConnectionSettings {
	const v = resolved.values;
	return {
		queueUrl: v.queueUrl ?? '',
		token: v.token ?? '',
		managementUrl: v.managementUrl ?? '',
		email: v.email ?? '',
		apiKey: v.apiKey ?? '',
		dialect: resolved.dialect,
	};
}

export async function openConnection(
	resolved: Resolved,
	api: Api,
	options: {
		configPath: string;
		dataDir: string;
		findLocal: LocalFinder;
		/** Told which local server is used (a person may want to know). */
		note?: (text: string) => void;
		client?: ClientOptions;
	},
): Promise<Connection> {
	if (resolved.local) {
		const server = await options.findLocal(options.dataDir);
		if (!server) throw new NoLocalServerError(options.dataDir);
		options.note?.(`using the local server at ${server.queueUrl} (state in ${options.dataDir})`);
		return {
			// A command that runs on (listen, --follow) goes on after a token rotation: server.json has the new one.
			client: new MqClient(runningServerSettings(resolved, server), {
				...options.client,
				refreshToken: () => currentToken(options.dataDir, server.queueUrl),
			}),
			local: {
				accountId: server.accountId,
				vectorIndexId: localIndex(server, 'dense').id,
				searchIndexId: localIndex(server, 'search').id,
			},
			close: async () => {},
		};
	}
	const problem = missingSettings(resolved, api, options.configPath);
	if (problem) throw new ConfigError(problem);
	return { client: new MqClient(remoteSettings(resolved), options.client), close: async () => {} };
}
