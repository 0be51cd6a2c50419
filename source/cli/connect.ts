/**
 * Turns a resolved connection into a running MqClient. For the profile "local" that means
 * starting the embedded local service in this process and stopping it when the command ends.
 */
import type { ClientOptions } from '../api/client.js';
import { MqClient } from '../api/client.js';
import type { ConnectionSettings } from '../api/connection.js';
import type { Dialect } from '../api/dialect.js';
import { ConfigError } from '../config/file.js';
import { formatSource, type Resolved } from '../config/resolve.js';
import { envName, flagName, type SettingKey } from '../config/settings.js';
import type { LocalServiceHandle as LocalHandle } from '../local/service.js';

/** Which API a command talks to, and so which settings it needs. */
export type Api = 'queue' | 'management';

const needed: Record<Api, SettingKey[]> = {
	queue: ['queueUrl', 'token'],
	management: ['managementUrl', 'email', 'apiKey'],
};

/** What the embedded local service hands back when it has started. */
export type LocalServiceHandle = Pick<
	LocalHandle,
	| 'queueUrl'
	| 'managementUrl'
	| 'token'
	| 'email'
	| 'apiKey'
	| 'currentSigningKey'
	| 'nextSigningKey'
	| 'accountId'
	| 'vectorIndexId'
	| 'searchIndexId'
	| 'close'
>;
/** What the embedded local service is told: the dialect, and any credentials given explicitly. */
export interface LocalStartOptions {
	dialect: Dialect;
	token?: string;
	email?: string;
	apiKey?: string;
	currentSigningKey?: string;
	nextSigningKey?: string;
}
export type LocalStarter = (options: LocalStartOptions) => Promise<LocalServiceHandle>;

const localCredentialKeys = ['token', 'email', 'apiKey', 'currentSigningKey', 'nextSigningKey'] as const;

/** The start options of the local service for a resolved "local" connection. */
export function localStartOptions(resolved: Resolved): LocalStartOptions {
	const options: LocalStartOptions = { dialect: resolved.dialect };
	for (const key of localCredentialKeys) {
		const value = resolved.values[key];
		if (value !== undefined) options[key] = value;
	}
	return options;
}

export interface Connection {
	client: MqClient;
	/** Ids of the account and indexes of the embedded local service, when it is the one in use. */
	local?: Pick<LocalServiceHandle, 'accountId' | 'vectorIndexId' | 'searchIndexId'>;
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
	handle: Pick<LocalServiceHandle, 'queueUrl' | 'token' | 'managementUrl' | 'email' | 'apiKey'>,
	dialect: Dialect,
): ConnectionSettings {
	const { queueUrl, token, managementUrl, email, apiKey } = handle;
	return { queueUrl, token, managementUrl, email, apiKey, dialect };
}

/** The settings of a remote service from resolved configuration (what is missing left empty). */
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
	options: { configPath: string; startLocal: LocalStarter; client?: ClientOptions },
): Promise<Connection> {
	if (resolved.local) {
		const handle = await options.startLocal(localStartOptions(resolved));
		return {
			client: new MqClient(localSettings(handle, resolved.dialect), options.client),
			local: {
				accountId: handle.accountId,
				vectorIndexId: handle.vectorIndexId,
				searchIndexId: handle.searchIndexId,
			},
			close: () => handle.close(),
		};
	}
	const problem = missingSettings(resolved, api, options.configPath);
	if (problem) throw new ConfigError(problem);
	return { client: new MqClient(remoteSettings(resolved), options.client), close: async () => {} };
}
