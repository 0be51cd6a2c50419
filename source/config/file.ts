/**
 * The config file: named connection profiles. Parsing is pure (text in, typed file or an error
 * naming the file and the field path out); reading adds the permission check, because the file
 * holds tokens and keys.
 */
import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import { describeZodError } from '../api/schemas.js';
import { HealthSection } from './health.js';
import { ReceiverSection } from './receiver-section.js';
import { type SettingKey, settingSchemas } from './settings.js';

/** The profile that means "the embedded local service". */
export const localProfile = 'local';

const profileName = z
	.string()
	.regex(/^[A-Za-z0-9._-]{1,64}$/, { message: 'a profile name uses letters, digits, ".", "_" and "-"' });

export const Profile = z.strictObject(
	Object.fromEntries(Object.entries(settingSchemas).map(([key, schema]) => [key, schema.optional()])) as {
		[K in SettingKey]: z.ZodOptional<(typeof settingSchemas)[K]>;
	},
);
export type Profile = z.infer<typeof Profile>;

export const ConfigFile = z
	.strictObject({
		defaultProfile: profileName.optional(),
		profiles: z.record(profileName, Profile).default({}),
		/** The rules of the monitor's health line, and how it announces red (health.ts). */
		health: HealthSection.optional(),
		/** The callback receiver: forwarding, the public URL, more key pairs. */
		receiver: ReceiverSection.optional(),
	})
	.superRefine((file, ctx) => {
		if (Object.hasOwn(file.profiles, localProfile)) {
			ctx.addIssue({
				code: 'custom',
				path: ['profiles', localProfile],
				message: `the name "${localProfile}" is reserved for the embedded local service`,
			});
		}
		const chosen = file.defaultProfile;
		if (chosen !== undefined && chosen !== localProfile && !Object.hasOwn(file.profiles, chosen)) {
			ctx.addIssue({
				code: 'custom',
				path: ['defaultProfile'],
				message: `no profile named ${JSON.stringify(chosen)} in "profiles"`,
			});
		}
	});
export type ConfigFile = z.infer<typeof ConfigFile>;

export const emptyConfig: ConfigFile = { profiles: {} };

/** A config problem the user fixes in the file, the environment or the flags (exit code 2). */
export class ConfigError extends Error {
	override name = 'ConfigError';
}

export function parseConfigFile(text: string, file: string): ConfigFile {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (error) {
		throw new ConfigError(`config file ${file} is not valid JSON: ${(error as Error).message}`);
	}
	const parsed = ConfigFile.safeParse(json);
	if (!parsed.success) throw new ConfigError(`config file ${file}: ${describeZodError(parsed.error)}`);
	return parsed.data;
}

/** A warning when anyone but the owner may read the file (POSIX modes only). */
export function permissionWarning(file: string, mode: number, platform: NodeJS.Platform): string | undefined {
	if (platform === 'win32' || (mode & 0o077) === 0) return undefined;
	const octal = (mode & 0o777).toString(8).padStart(3, '0');
	return `warning: ${file} holds secrets but is readable by group or others (mode ${octal}); run: chmod 600 ${file}`;
}

export interface LoadedConfig {
	path: string;
	/** False when there is no file: then there are no profiles, which is fine. */
	exists: boolean;
	config: ConfigFile;
	warnings: string[];
}

/**
 * Reads the config file. A missing file is no config at all, unless `mustExist` (the file was
 * named with --config, so a missing one is a mistake worth saying).
 */
export async function loadConfigFile(
	file: string,
	platform = process.platform,
	options: { mustExist?: boolean } = {},
): Promise<LoadedConfig> {
	let text: string;
	let mode: number;
	try {
		mode = (await stat(file)).mode;
		text = await readFile(file, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT' && options.mustExist)
			throw new ConfigError(`config file ${file} does not exist (named by --config)`);
		if (code === 'ENOENT') return { path: file, exists: false, config: emptyConfig, warnings: [] };
		throw new ConfigError(`cannot read config file ${file}: ${code ?? (error as Error).message}`);
	}
	const warning = permissionWarning(file, mode, platform);
	return {
		path: file,
		exists: true,
		config: parseConfigFile(text, file),
		warnings: warning ? [warning] : [],
	};
}
