/**
 * Publish configuration as flags. The flags are turned into the very header fields a publish
 * request carries and checked with the same decoder the service side uses
 * (decodePublishOptions), so a value the service would refuse is refused here first, naming
 * the flag, and nothing is sent.
 */
import { type Dialect, queryForm } from '../api/dialect.js';
import {
	decodePublishOptions,
	isGroupName,
	isHttpUrl,
	PublishOptionError,
	type PublishOptions,
} from '../api/publish-options.js';
import { type FlagSpecs, type ParsedArgs, UsageError } from './args.js';

/** Single-value flags and the header (without prefix) each one sets. */
const valueFlags = {
	method: ['Method', '<method>', 'HTTP method of the delivery (default POST)'],
	delay: ['Delay', '<duration>', 'wait before the first delivery, e.g. 30s or 1h30m'],
	'not-before': [
		'Not-Before',
		'<time>',
		'deliver no earlier than this unix time (seconds) or ISO date; wins over --delay',
	],
	retries: ['Retries', '<n>', 'retries after the first attempt (default 3)'],
	'retry-delay': [
		'Retry-Delay',
		'<expr>',
		'milliseconds before a retry, over `retried`, e.g. "pow(2, retried) * 1000"',
	],
	timeout: ['Timeout', '<duration>', 'how long a delivery may take'],
	callback: ['Callback', '<url>', 'URL that receives the response of every attempt'],
	'failure-callback': ['Failure-Callback', '<url>', 'URL that is told when all retries failed'],
	'callback-timeout': ['Callback-Timeout', '<duration>', 'timeout of the callback delivery'],
	'callback-retries': ['Callback-Retries', '<n>', 'retries of the callback delivery'],
	'callback-delay': ['Callback-Delay', '<duration>', 'delay of the callback delivery'],
	'callback-method': ['Callback-Method', '<method>', 'method of the callback delivery'],
	'failure-callback-timeout': ['Failure-Callback-Timeout', '<duration>', 'timeout of the failure callback'],
	'failure-callback-retries': ['Failure-Callback-Retries', '<n>', 'retries of the failure callback'],
	'failure-callback-delay': ['Failure-Callback-Delay', '<duration>', 'delay of the failure callback'],
	'failure-callback-method': ['Failure-Callback-Method', '<method>', 'method of the failure callback'],
	'dedup-id': ['Deduplication-Id', '<id>', 'drop a second message with this id within 10 minutes'],
	'flow-control-key': ['Flow-Control-Key', '<key>', 'flow control group of the message'],
	'flow-control': [
		'Flow-Control-Value',
		'<limits>',
		'limits of the key, e.g. "rate=10,parallelism=2,period=1m"',
	],
} as const;

/** Boolean flags and the header each one sets to true. */
const switchFlags = {
	'header-forward': ['Header-Forward', 'forward every header of this request to the destination'],
	'content-dedup': [
		'Content-Based-Deduplication',
		'drop a second message with the same content within 10 minutes',
	],
} as const;

/** Repeatable `Name: value` flags and the header prefix each one uses. */
const forwardFlags = {
	forward: ['Forward-', 'header for the destination'],
	'callback-forward': ['Callback-Forward-', 'header for the callback'],
	'failure-callback-forward': ['Failure-Callback-Forward-', 'header for the failure callback'],
} as const;

export const publishFlagSpecs: FlagSpecs = {
	...Object.fromEntries(
		Object.entries(valueFlags).map(([flag, [, value, description]]) => [
			flag,
			{ type: 'string', value, description },
		]),
	),
	...Object.fromEntries(
		Object.entries(switchFlags).map(([flag, [, description]]) => [flag, { type: 'boolean', description }]),
	),
	...Object.fromEntries(
		Object.entries(forwardFlags).map(([flag, [, description]]) => [
			flag,
			{ type: 'string', multiple: true, value: "'Name: value'", description },
		]),
	),
	label: { type: 'string', multiple: true, value: '<label>', description: 'label of the message' },
	'content-type': { type: 'string', value: '<type>', description: 'Content-Type of the body' },
};

const headerName = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/** `Name: value` -> [name, value]; throws a UsageError naming `flag`. */
export function parseHeaderArgument(text: string, flag: string): [string, string] {
	const colon = text.indexOf(':');
	const name = colon === -1 ? '' : text.slice(0, colon).trim();
	const value = colon === -1 ? '' : text.slice(colon + 1).trim();
	if (!headerName.test(name))
		throw new UsageError(`${flag}: expected 'Name: value' with a header name, got ${JSON.stringify(text)}`);
	if (/[\r\n\0]/.test(value)) throw new UsageError(`${flag}: a header value cannot contain line breaks`);
	return [name, value];
}

/** Unix seconds, given as such or as a date (`2026-02-01T09:00:00Z`). */
export function parseNotBefore(text: string): string {
	const trimmed = text.trim();
	if (/^\d+$/.test(trimmed)) return trimmed;
	const ms = Date.parse(trimmed);
	if (Number.isNaN(ms) || ms < 0)
		throw new UsageError(`--not-before: expected unix seconds or an ISO date, got ${JSON.stringify(text)}`);
	return String(Math.floor(ms / 1000));
}

/** Reads and checks every publish flag; throws a UsageError naming the flag at fault. */
export function publishOptionsFromArgs(args: ParsedArgs, dialect: Dialect): PublishOptions {
	const fields = new Map<string, string>();
	const flagOfField = new Map<string, string>();
	const set = (header: string, value: string, flag: string) => {
		if (/[\r\n\0]/.test(value)) throw new UsageError(`--${flag}: a header value cannot contain line breaks`);
		fields.set(queryForm(dialect, header), value);
		flagOfField.set(queryForm(dialect, header), flag);
	};
	for (const [flag, [header]] of Object.entries(valueFlags)) {
		const value = args.string(flag);
		if (value !== undefined) set(header, flag === 'not-before' ? parseNotBefore(value) : value, flag);
	}
	for (const [flag, [header]] of Object.entries(switchFlags))
		if (args.boolean(flag)) set(header, 'true', flag);
	for (const [flag, [prefix]] of Object.entries(forwardFlags)) {
		for (const text of args.strings(flag)) {
			const [name, value] = parseHeaderArgument(text, `--${flag}`);
			set(`${prefix}${name}`, value, flag);
		}
	}
	const labels = args.strings('label').map((l) => l.trim());
	if (labels.some((l) => l === '' || l.includes(',')))
		throw new UsageError('--label: a label is not empty and has no comma');
	if (labels.length > 0) set('Label', labels.join(','), 'label');
	const contentType = args.string('content-type');
	if (contentType !== undefined) {
		if (/[\r\n\0]/.test(contentType)) throw new UsageError('--content-type: no line breaks');
		fields.set('content-type', contentType);
	}
	if (args.string('flow-control') !== undefined && args.string('flow-control-key') === undefined)
		throw new UsageError('--flow-control needs --flow-control-key');
	try {
		return decodePublishOptions(fields, dialect);
	} catch (error) {
		if (!(error instanceof PublishOptionError)) throw error;
		const flag = flagOfField.get(error.header.toLowerCase()) ?? error.header;
		throw new UsageError(`--${flag}: ${error.message.slice(error.header.length + 2)}`);
	}
}

/** A destination is an http(s) URL or a URL Group name; anything else is refused here. */
export function checkDestination(destination: string): void {
	if (!isHttpUrl(destination) && !isGroupName(destination))
		throw new UsageError(
			`destination ${JSON.stringify(destination)} is neither an http(s) URL nor a URL Group name (letters, digits, "-", "_", ".")`,
		);
}
