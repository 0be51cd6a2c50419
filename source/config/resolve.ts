/**
 * Connection resolution: which profile, and for each setting its value and where it came from.
 * A pure function of the parsed config file, the environment and the flags, so precedence
 * (flag over environment over profile over default) is tested without touching the machine.
 */
import {
	type Dialect,
	type DialectPreset,
	defaultDialect,
	dialectPresets,
	presetOf,
} from '../api/dialect.js';
import { describeZodError } from '../api/schemas.js';
import { ConfigError, type ConfigFile, localProfile } from './file.js';
import { envName, flagName, type SettingKey, settingKeys, settingSchemas } from './settings.js';

export type Source =
	| { kind: 'flag'; name: string }
	| { kind: 'env'; name: string }
	| { kind: 'profile'; name: string }
	| { kind: 'file'; name: string }
	| { kind: 'default' }
	/** One of the five dialect names, given by the dialect preset of that name. */
	| { kind: 'preset'; name: string }
	/** Supplied by the local server that runs for the data directory (`mqtop serve`, the monitor). */
	| { kind: 'local' }
	| { kind: 'unset' };

export interface ResolveInputs {
	config: ConfigFile;
	/** Where the config came from, for messages. */
	configPath: string;
	env: Readonly<Record<string, string | undefined>>;
	/** Values of the connection flags, by setting (`queueUrl` is `--queue-url`), and `--profile`. */
	flags: Readonly<Partial<Record<SettingKey | 'profile', string | undefined>>>;
	/**
	 * Secrets read from files named by flags (`--token-file`), with the flag and file as their
	 * name; they rank as flags do.
	 */
	fileFlags?: Readonly<Partial<Record<SettingKey, { value: string; name: string }>>>;
}

export interface Resolved {
	profile: string;
	profileSource: Source;
	/**
	 * True when the local server of the data directory supplies the connection (the profile
	 * "local", no address given); `atLocalServer` fills in what it supplies once it is found.
	 */
	local: boolean;
	values: Partial<Record<SettingKey, string>>;
	sources: Record<SettingKey, Source>;
	dialect: Dialect;
	/** The dialect preset in use (its names may be overridden one by one), if one was chosen. */
	preset: DialectPreset | undefined;
}

const dialectKeys = [
	'headerPrefix',
	'tokenParam',
	'productSegment',
	'issuer',
	'partnerWord',
] as const satisfies (SettingKey & keyof Dialect)[];
const urlKeys = ['queueUrl', 'managementUrl'] as const satisfies SettingKey[];

export const profileEnv = 'MQTOP_PROFILE';

function present(value: string | undefined): value is string {
	return value !== undefined && value !== '';
}

function chooseProfile(inputs: ResolveInputs): { name: string; source: Source } {
	if (present(inputs.flags.profile))
		return { name: inputs.flags.profile, source: { kind: 'flag', name: '--profile' } };
	const fromEnv = inputs.env[profileEnv];
	if (present(fromEnv)) return { name: fromEnv, source: { kind: 'env', name: profileEnv } };
	if (inputs.config.defaultProfile !== undefined) {
		return { name: inputs.config.defaultProfile, source: { kind: 'file', name: 'defaultProfile' } };
	}
	return { name: localProfile, source: { kind: 'default' } };
}

function validated(key: SettingKey, value: string, where: string): string {
	const parsed = settingSchemas[key].safeParse(value);
	if (!parsed.success) throw new ConfigError(`${where}: ${describeZodError(parsed.error)}`);
	return parsed.data;
}

export function resolveConnection(inputs: ResolveInputs): Resolved {
	const chosen = chooseProfile(inputs);
	const profile = chosen.name === localProfile ? undefined : inputs.config.profiles[chosen.name];
	if (chosen.name !== localProfile && profile === undefined) {
		const known = Object.keys(inputs.config.profiles);
		throw new ConfigError(
			`no profile named ${JSON.stringify(chosen.name)} (chosen by ${formatSource(chosen.source)}); ` +
				(known.length > 0
					? `${inputs.configPath} has: ${known.join(', ')}, and "${localProfile}" is the local server of the data directory`
					: `${inputs.configPath} defines no profiles; "${localProfile}" is the local server of the data directory`),
		);
	}
	const values: Partial<Record<SettingKey, string>> = {};
	const sources = {} as Record<SettingKey, Source>;
	for (const key of settingKeys) {
		const flag = inputs.flags[key];
		const env = inputs.env[envName(key)];
		const file = inputs.fileFlags?.[key];
		if (file) {
			values[key] = validated(key, file.value, file.name);
			sources[key] = { kind: 'flag', name: file.name };
		} else if (present(flag)) {
			values[key] = validated(key, flag, `--${flagName(key)}`);
			sources[key] = { kind: 'flag', name: `--${flagName(key)}` };
		} else if (present(env)) {
			values[key] = validated(key, env, envName(key));
			sources[key] = { kind: 'env', name: envName(key) };
		} else if (profile?.[key] !== undefined) {
			values[key] = profile[key];
			sources[key] = { kind: 'profile', name: chosen.name };
		} else {
			sources[key] = { kind: 'unset' };
		}
	}
	// The profile "local" connects to the local server unless an address was given explicitly,
	// which then wins like any flag or variable does. Credentials given explicitly win over the
	// server's own (atLocalServer); a local service started with them takes them as its own.
	const local = chosen.name === localProfile && urlKeys.every((key) => values[key] === undefined);
	if (local) {
		for (const key of settingKeys)
			if (sources[key].kind === 'unset' && key !== 'dialect') sources[key] = { kind: 'local' };
	}
	// A name given on its own, from any source, wins over the preset's, which wins over the default.
	const preset = values.dialect as DialectPreset | undefined;
	for (const key of dialectKeys) {
		if (values[key] !== undefined) continue;
		values[key] = (preset ? dialectPresets[preset] : defaultDialect)[key];
		sources[key] = preset ? { kind: 'preset', name: preset } : { kind: 'default' };
	}
	const dialect: Dialect = {
		headerPrefix: values.headerPrefix!,
		tokenParam: values.tokenParam!,
		productSegment: values.productSegment!,
		issuer: values.issuer!,
		partnerWord: values.partnerWord!,
	};
	return {
		profile: chosen.name,
		profileSource: chosen.source,
		local,
		values,
		sources,
		dialect,
		preset,
	};
}

const localServerKeys = [
	'queueUrl',
	'managementUrl',
	'token',
	'email',
	'apiKey',
	'currentSigningKey',
	'nextSigningKey',
] as const satisfies SettingKey[];

/** What the running local server supplies: its addresses, credentials and dialect. */
export type LocalServerSettings = Record<(typeof localServerKeys)[number], string> & { dialect: Dialect };

/**
 * The connection to the local server found running for the data directory: its addresses,
 * credentials and dialect, each from "local server", except what was given explicitly (a flag,
 * a variable), which wins as it does everywhere.
 */
export function atLocalServer(resolved: Resolved, server: LocalServerSettings): Resolved {
	const values = { ...resolved.values };
	const sources = { ...resolved.sources };
	for (const key of localServerKeys) {
		if (sources[key].kind !== 'local') continue;
		values[key] = server[key];
	}
	const dialectGiven =
		sources.dialect.kind !== 'unset' || dialectKeys.some((key) => sources[key].kind !== 'default');
	if (dialectGiven) return { ...resolved, values, sources };
	for (const key of dialectKeys) {
		values[key] = server.dialect[key];
		sources[key] = { kind: 'local' };
	}
	const preset = presetOf(server.dialect);
	if (preset) {
		values.dialect = preset;
		sources.dialect = { kind: 'local' };
	}
	return { ...resolved, values, sources, dialect: { ...server.dialect }, preset };
}

export function formatSource(source: Source): string {
	switch (source.kind) {
		case 'flag':
			return `flag ${source.name}`;
		case 'env':
			return `env ${source.name}`;
		case 'profile':
			return `profile ${source.name}`;
		case 'file':
			return `config file ${source.name}`;
		case 'default':
			return 'default';
		case 'preset':
			return `preset ${source.name}`;
		case 'local':
			return 'local server';
		case 'unset':
			return 'not set';
	}
}
