/**
 * Publish configuration as flags. The flags are turned into publish settings and checked with
 * the same decoder the service side uses (decodePublishSettings), so a value the service would
 * refuse is refused here first, naming the flag, and nothing is sent.
 */
import type { Dialect } from '../api/dialect.js';
import { destinationRuleProblem, PublishOptionError, type PublishOptions } from '../api/publish-options.js';
import {
	decodeMessageSettings,
	notBeforeSeconds,
	type PublishSetting,
	PublishSettingError,
	parseHeaderLine,
	SettingError,
} from '../api/publish-settings.js';
import type { PublishLike } from '../api/transport.js';
import { type FlagSpecs, type ParsedArgs, UsageError } from './args.js';
import { nameFlag } from './common.js';
import { readInput, stdinHasData } from './input.js';
import type { Io } from './io.js';

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

/** Where the body of a publish (or of every run of a schedule) comes from. */
const bodyFlagSpecs: FlagSpecs = {
	body: { type: 'string', value: '<text>', description: 'the message body' },
	'body-file': { type: 'string', value: '<path>', description: 'read the body from a file (- for stdin)' },
};

/** `--queue`: publish (or run a schedule) through a queue, as `publish` and `schedules create` take it. */
const queueFlagSpecs: FlagSpecs = {
	queue: {
		type: 'string',
		value: '<name>',
		description: 'enqueue: wait its turn in this queue (a missing queue is created, parallelism 1)',
	},
};

/** Other headers on the request, as `publish` and `schedules create` take them. */
const headerFlagSpecs: FlagSpecs = {
	header: {
		type: 'string',
		short: 'H',
		multiple: true,
		value: "'Name: value'",
		description: 'extra header on the publish request (reaches the destination with --header-forward)',
	},
};

/** Every flag of a message to send (`publish`, `schedules create`): queue, body, publish settings, headers. */
export const messageFlagSpecs: FlagSpecs = {
	...queueFlagSpecs,
	...bodyFlagSpecs,
	...publishFlagSpecs,
	...headerFlagSpecs,
};

/**
 * The message the flags describe, to `destination` (checked by the caller): its queue, its
 * publish options, its headers and its body, checked in that order; throws a UsageError naming
 * the flag at fault.
 */
export async function messageFromArgs(
	args: ParsedArgs,
	io: Io,
	dialect: Dialect,
	destination: string,
): Promise<{ queueName: string | undefined; request: PublishLike }> {
	const queueName = nameFlag(args, 'queue');
	const options = publishOptionsFromArgs(args, dialect);
	const headers = headersFromArgs(args);
	const body = await readBodyArgs(args, io);
	return { queueName, request: { destination, body, options, headers } };
}

/** The body from --body, --body-file, or stdin when it is piped; empty otherwise. */
async function readBodyArgs(args: ParsedArgs, io: Io): Promise<Uint8Array | string> {
	const text = args.string('body');
	const file = args.string('body-file');
	if (text !== undefined && file !== undefined) throw new UsageError('give --body or --body-file, not both');
	if (text !== undefined) return text;
	if (file !== undefined) return readInput(file, io, '--body-file');
	return stdinHasData(io) ? readInput('-', io, 'stdin') : '';
}

/** The -H headers as a record; throws a UsageError naming the flag. */
function headersFromArgs(args: ParsedArgs): Record<string, string> {
	return Object.fromEntries(args.strings('header').map((h) => parseHeaderArgument(h, '--header')));
}

/** `Name: value` -> [name, value]; throws a UsageError naming `flag`. */
export function parseHeaderArgument(text: string, flag: string): [string, string] {
	return naming(flag, () => parseHeaderLine(text));
}

/** Unix seconds, given as such or as a date (`2026-02-01T09:00:00Z`). */
export function parseNotBefore(text: string): string {
	return naming('--not-before', () => notBeforeSeconds(text));
}

function naming<T>(flag: string, parse: () => T): T {
	try {
		return parse();
	} catch (error) {
		if (error instanceof SettingError) throw new UsageError(`${flag}: ${error.message}`);
		throw error;
	}
}

/** Reads and checks every publish flag; throws a UsageError naming the flag at fault. */
export function publishOptionsFromArgs(args: ParsedArgs, dialect: Dialect): PublishOptions {
	const settings: PublishSetting<string>[] = [];
	for (const [flag, [header]] of Object.entries(valueFlags)) {
		const value = args.string(flag);
		if (value !== undefined)
			settings.push({ header, value: flag === 'not-before' ? parseNotBefore(value) : value, origin: flag });
	}
	for (const [flag, [header]] of Object.entries(switchFlags))
		if (args.boolean(flag)) settings.push({ header, value: 'true', origin: flag });
	for (const [flag, [prefix]] of Object.entries(forwardFlags)) {
		for (const text of args.strings(flag)) {
			const [name, value] = parseHeaderArgument(text, `--${flag}`);
			settings.push({ header: `${prefix}${name}`, value, origin: flag });
		}
	}
	const labels = args.strings('label').map((l) => l.trim());
	if (labels.some((l) => l === '' || l.includes(',')))
		throw new UsageError('--label: a label is not empty and has no comma');
	if (labels.length > 0) settings.push({ header: 'Label', value: labels.join(','), origin: 'label' });
	const contentType = args.string('content-type');
	if (contentType !== undefined)
		settings.push({ header: 'Content-Type', value: contentType, origin: 'content-type' });
	if (args.string('flow-control') !== undefined && args.string('flow-control-key') === undefined)
		throw new UsageError('--flow-control needs --flow-control-key');
	try {
		return decodeMessageSettings(settings, dialect);
	} catch (error) {
		if (error instanceof PublishSettingError) throw new UsageError(`--${error.origin}: ${error.problem}`);
		if (error instanceof PublishOptionError) throw new UsageError(`--retry-delay: ${error.problem}`);
		throw error;
	}
}

/** A destination is an http(s) URL or a URL Group name; anything else is refused here. */
export function checkDestination(destination: string): void {
	const problem = destinationRuleProblem(destination);
	if (problem) throw new UsageError(`destination ${JSON.stringify(destination)} is ${problem}`);
}
