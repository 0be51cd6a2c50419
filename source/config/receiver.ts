/**
 * The receiver's settings (`mqtop listen` and the monitor's receiver): where to forward what
 * it receives, the public URL the service calls, and more key pairs (one per region, as the
 * deployed service signs per region during a migration). From the config file's `receiver`
 * section, overridden by MQTOP_* variables, overridden by flags. Pure, like resolve.ts.
 */
import { describeZodError } from '../api/schemas.js';
import { ConfigError } from './file.js';
import { KeyPair, type ReceiverSection } from './receiver-section.js';
import { settingSchemas } from './settings.js';

export { KeyPair, ReceiverSection } from './receiver-section.js';

export interface ReceiverSettings {
	forwardTo: string | undefined;
	forwardRejected: boolean;
	publicUrl: string | undefined;
	keyPairs: KeyPair[];
}

export interface ReceiverInputs {
	section: ReceiverSection | undefined;
	env: Readonly<Record<string, string | undefined>>;
	flags: {
		forwardTo?: string | undefined;
		forwardRejected?: boolean | undefined;
		url?: string | undefined;
		/** `--key-pair name=current[,next]`, repeatable. */
		keyPairs?: readonly string[] | undefined;
	};
}

export const forwardToEnv = 'MQTOP_FORWARD_TO';
export const publicUrlEnv = 'MQTOP_PUBLIC_URL';

function url(value: string, where: string): string {
	const parsed = settingSchemas.queueUrl.safeParse(value);
	if (!parsed.success)
		throw new ConfigError(`${where}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
	return parsed.data;
}

/** `us-east-1=sig_a,sig_b` as a key pair; ConfigError naming the flag otherwise. */
export function parseKeyPair(text: string): KeyPair {
	const at = text.indexOf('=');
	const [current, next, ...rest] = (at < 0 ? '' : text.slice(at + 1)).split(',').map((k) => k.trim());
	const parsed = KeyPair.safeParse({
		name: text.slice(0, Math.max(0, at)).trim(),
		currentSigningKey: current,
		...(next ? { nextSigningKey: next } : {}),
	});
	if (at < 0 || rest.length > 0 || !parsed.success)
		throw new ConfigError(
			`--key-pair ${JSON.stringify(text)}: expected <name>=<current key>[,<next key>], e.g. eu-central-1=sig_...,sig_...` +
				(parsed.success ? '' : ` (${describeZodError(parsed.error)})`),
		);
	return parsed.data;
}

export function resolveReceiverSettings(inputs: ReceiverInputs): ReceiverSettings {
	const { section, env, flags } = inputs;
	const forwardTo = flags.forwardTo ?? env[forwardToEnv]?.trim() ?? section?.forwardTo;
	const publicUrl = flags.url ?? env[publicUrlEnv]?.trim() ?? section?.publicUrl;
	const given = (flags.keyPairs ?? []).map(parseKeyPair);
	const pairs = given.length > 0 ? given : (section?.keyPairs ?? []);
	const names = new Set<string>();
	for (const pair of pairs) {
		if (names.has(pair.name)) throw new ConfigError(`key pair ${JSON.stringify(pair.name)} is given twice`);
		names.add(pair.name);
	}
	return {
		forwardTo: forwardTo ? url(forwardTo, flags.forwardTo ? '--forward-to' : forwardToEnv) : undefined,
		forwardRejected: flags.forwardRejected || section?.forwardRejected === true,
		publicUrl: publicUrl ? url(publicUrl, flags.url ? '--url' : publicUrlEnv) : undefined,
		keyPairs: pairs,
	};
}
