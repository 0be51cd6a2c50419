/**
 * The settings of one connection: their names in the config file, the environment and on the
 * command line, and one validator each, so a value is checked the same wherever it comes from.
 */
import { z } from 'zod';
import { dialectPresetNames } from '../api/dialect.js';
import { isHeaderName } from '../api/header-syntax.js';
import { isHttpUrl } from '../api/publish-options.js';

export const settingKeys = [
	'queueUrl',
	'token',
	'managementUrl',
	'email',
	'apiKey',
	'currentSigningKey',
	'nextSigningKey',
	'dialect',
	'headerPrefix',
	'tokenParam',
	'productSegment',
	'issuer',
	'partnerWord',
] as const;
export type SettingKey = (typeof settingKeys)[number];

/** Settings that are credentials: masked in output unless the user asks to see them. */
export const secretKeys: ReadonlySet<SettingKey> = new Set([
	'token',
	'apiKey',
	'currentSigningKey',
	'nextSigningKey',
]);

const httpUrl = z.string().refine(isHttpUrl, { message: 'expected an http:// or https:// URL' });
// Credentials travel in HTTP headers: a space or control character would corrupt the request.
const credential = z
	.string()
	.min(1, { message: 'must not be empty' })
	.regex(/^[\x21-\x7e]+$/, { message: 'expected printable ASCII without spaces' });
const urlSafe = /^[A-Za-z0-9._~-]+$/;

export const settingSchemas = {
	queueUrl: httpUrl,
	token: credential,
	managementUrl: httpUrl,
	email: credential,
	apiKey: credential,
	currentSigningKey: credential,
	nextSigningKey: credential,
	headerPrefix: z.string().refine(isHeaderName, { message: 'expected header-name characters, e.g. Svc-' }),
	tokenParam: z.string().regex(urlSafe, { message: 'expected a query parameter name, e.g. mq_token' }),
	productSegment: z.string().regex(urlSafe, { message: 'expected a URL path segment, e.g. mq' }),
	issuer: credential,
	dialect: z.enum(dialectPresetNames as [string, ...string[]], {
		message: `expected a dialect preset: ${dialectPresetNames.join(', ')}`,
	}),
	partnerWord: z.string().regex(/^[a-z][a-z0-9]*$/, { message: 'expected a lowercase word, e.g. partner' }),
} as const satisfies Record<SettingKey, z.ZodType<string>>;

/** `queueUrl` -> `MQTOP_QUEUE_URL`. */
export function envName(key: SettingKey): string {
	return `MQTOP_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** `queueUrl` -> `queue-url` (the flag without its dashes). */
export function flagName(key: SettingKey): string {
	return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
