/**
 * Secrets read from files or standard input (`--token-file`, `--api-key-file`, ...): a secret
 * given as a flag is visible to every user of the machine in `ps`, and stays in the shell's
 * history; one in a file or piped in is neither.
 */
import { open } from 'node:fs/promises';
import path from 'node:path';
import { flagName, type SettingKey, secretKeys, settingKeys } from '../config/settings.js';
import { type FlagSpecs, type ParsedArgs, UsageError } from './args.js';
import type { Io } from './io.js';

/** The secret settings, in the order of the settings. */
export const secretSettingKeys: readonly SettingKey[] = settingKeys.filter((key) => secretKeys.has(key));

export function secretFileFlag(key: SettingKey): string {
	return `${flagName(key)}-file`;
}

export const secretFileFlags: FlagSpecs = Object.fromEntries(
	secretSettingKeys.map((key) => [
		secretFileFlag(key),
		{ type: 'string', value: '<path>', description: `read ${key} from a file (- reads standard input)` },
	]),
);

/** A secret and where it came from, e.g. `--token-file /run/secrets/token`. */
export interface SecretFromFile {
	value: string;
	name: string;
}

/** No secret is this long; a bigger file is the wrong file (and /dev/zero never ends). */
const maxSecretBytes = 64 * 1024;

async function readCapped(stream: AsyncIterable<Buffer | string>, what: string): Promise<string> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of stream) {
		const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
		size += bytes.length;
		if (size > maxSecretBytes)
			throw new UsageError(`${what}: more than ${maxSecretBytes} bytes, not a secret`);
		chunks.push(bytes);
	}
	return Buffer.concat(chunks).toString('utf8');
}

async function readSecret(file: string, flag: string, io: Io): Promise<string> {
	if (file === '-') {
		if (io.stdin.isTTY)
			throw new UsageError(`--${flag} -: standard input is a terminal; pipe the secret in, or name a file`);
		return readCapped(io.stdin as AsyncIterable<Buffer>, `--${flag} -`);
	}
	try {
		const handle = await open(path.resolve(io.cwd, file), 'r');
		try {
			return await readCapped(handle.createReadStream(), `--${flag} ${file}`);
		} finally {
			await handle.close();
		}
	} catch (error) {
		if (error instanceof UsageError) throw error;
		const code = (error as NodeJS.ErrnoException).code;
		throw new UsageError(`--${flag}: cannot read ${file}: ${code ?? (error as Error).message}`);
	}
}

/**
 * Reads every secret file flag given. A setting given both as a flag and as a file is bad
 * usage, as is standard input named twice. Returns the secrets, and the flag that read standard
 * input, if one did.
 */
export async function readSecretFiles(
	args: ParsedArgs,
	io: Io,
): Promise<{ secrets: Partial<Record<SettingKey, SecretFromFile>>; stdinTakenBy: string | undefined }> {
	const secrets: Partial<Record<SettingKey, SecretFromFile>> = {};
	let stdinTakenBy: string | undefined;
	for (const key of secretSettingKeys) {
		const flag = secretFileFlag(key);
		const file = args.string(flag);
		if (file === undefined) continue;
		if (args.string(flagName(key)) !== undefined)
			throw new UsageError(`give --${flagName(key)} or --${flag}, not both`);
		if (file === '-') {
			if (stdinTakenBy)
				throw new UsageError(`--${flag} -: standard input is already read by ${stdinTakenBy}`);
			stdinTakenBy = `--${flag}`;
		}
		const value = (await readSecret(file, flag, io)).trim();
		if (value === '') throw new UsageError(`--${flag} ${file}: the file is empty`);
		secrets[key] = { value, name: `--${flag} ${file === '-' ? '(standard input)' : file}` };
	}
	return { secrets, stdinTakenBy };
}
