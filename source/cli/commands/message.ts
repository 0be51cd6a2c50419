/** `mqtop message <id>`: a message still in delivery; `--watch` tails it until it is gone. */
import type { z } from 'zod';
import { parseDuration } from '../../api/duration.js';
import type { Liberal } from '../../api/liberal.js';
import { type DeliveryEvent, Message } from '../../api/schemas.js';
import { orMissing, text } from '../../format/missing.js';
import { formatTime } from '../../format/time.js';
import { describePreview, previewBase64 } from '../../text/body-preview.js';
import { sanitize } from '../../text/sanitize.js';
import { statusStyle } from '../../text/style.js';
import { UsageError } from '../args.js';
import { defineCommand } from '../define.js';
import type { Output } from '../output.js';
import { extraPairs, warnIssues } from '../reading.js';
import type { Cell } from '../table.js';
import { watchMessage } from '../watch-message.js';

const maxBodyChars = 500;

type ReadMessage = Liberal<typeof Message>;

const time = (ms: number | undefined) => orMissing(ms, formatTime);

function bodyText(message: ReadMessage): string {
	const text =
		message.bodyBase64 !== undefined
			? describePreview(previewBase64(message.bodyBase64))
			: (message.body ?? '');
	return text.length > maxBodyChars ? `${text.slice(0, maxBodyChars)}…` : text;
}

/** The pairs of a message; fields `schema` does not name are listed last, as they came. */
export function messagePairs(message: ReadMessage, schema: z.ZodObject = Message): [string, Cell][] {
	const pairs: [string, Cell][] = [
		['id', sanitize(message.messageId)],
		['url', text(message.url)],
		['method', text(message.method)],
	];
	if (message.topicName) pairs.push(['group', sanitize(message.topicName)]);
	if (message.endpointName) pairs.push(['endpoint', sanitize(message.endpointName)]);
	if (message.queueName) pairs.push(['queue', sanitize(message.queueName)]);
	if (message.scheduleId) pairs.push(['schedule', sanitize(message.scheduleId)]);
	pairs.push(['created', time(message.createdAt)], ['not before', time(message.notBefore)]);
	pairs.push(['retries', `${message.retried ?? '?'} of ${text(message.maxRetries?.toString())}`]);
	if (message.retryDelayExpression) pairs.push(['retry delay', sanitize(message.retryDelayExpression)]);
	const caller = message.callerIP ?? message.callerIp;
	if (caller) pairs.push(['caller', sanitize(caller)]);
	if (message.callback) pairs.push(['callback', sanitize(message.callback)]);
	if (message.failureCallback) pairs.push(['failure callback', sanitize(message.failureCallback)]);
	const labels = message.labels ?? (message.label ? [message.label] : []);
	if (labels.length > 0) pairs.push(['labels', sanitize(labels.join(', '))]);
	if (message.flowControlKey) {
		const limits = [
			message.rate !== undefined ? `rate ${message.rate}` : '',
			message.parallelism !== undefined ? `parallelism ${message.parallelism}` : '',
			message.period !== undefined ? `period ${message.period}` : '',
		].filter(Boolean);
		pairs.push(['flow control', sanitize([message.flowControlKey, ...limits].join(', '))]);
	}
	for (const [name, values] of Object.entries(message.header ?? {}))
		pairs.push([`header ${sanitize(name)}`, sanitize(values.join(', '))]);
	pairs.push(['body', sanitize(bodyText(message))]);
	pairs.push(...extraPairs(schema, message));
	return pairs;
}

function eventLine(out: Output, event: Liberal<typeof DeliveryEvent>): string {
	const { style } = out;
	const status = event.responseStatus !== undefined ? ` ${event.responseStatus}` : '';
	const colour =
		event.state === 'DELIVERED'
			? 'green'
			: event.state === 'FAILED' || event.state === 'ERROR'
				? 'red'
				: statusStyle(event.responseStatus);
	const parts = [
		style.dim(time(event.time)),
		style[colour](`${text(event.state)}${status}`),
		text(event.url),
		event.error ? style.red(sanitize(event.error)) : '',
		event.nextDeliveryTime ? style.dim(`next attempt ${formatTime(event.nextDeliveryTime)}`) : '',
	];
	return parts.filter(Boolean).join('  ');
}

export const messageCommand = defineCommand({
	name: 'message',
	summary: 'show a message that is still in delivery; --watch tails it until it is gone',
	usage: '<messageId>',
	description: [
		'A message can be read from the moment it is accepted until it is delivered or failed. With --watch ' +
			'the command prints every change (and every delivery event, where the service lists them) and ends ' +
			'when the message is gone; with --json one JSON line per change: {"type":"message"|"event"|"gone",...}.',
	],
	arguments: { min: 1, max: 1 },
	flags: {
		watch: { type: 'boolean', description: 'keep watching until the message is gone (Ctrl-C stops)' },
		interval: {
			type: 'string',
			value: '<duration>',
			description: 'time between checks with --watch (default 1s)',
		},
	},
	api: 'queue',
	interruptible: true,
	async run({ args, out, connect, signal }) {
		const messageId = args.positionals[0]!;
		const interval = args.string('interval');
		let intervalMs = 1000;
		if (interval !== undefined) {
			try {
				intervalMs = parseDuration(interval);
			} catch (error) {
				throw new UsageError(`--interval: ${(error as Error).message}`);
			}
			if (intervalMs < 100) throw new UsageError('--interval: at least 100ms');
		}
		if (!args.boolean('watch') && interval !== undefined) throw new UsageError('--interval needs --watch');
		const { client } = await connect();
		if (!args.boolean('watch')) {
			const { data: message, issues } = await client.messages.read(messageId, signal);
			warnIssues(out, 'message', issues);
			if (out.json) out.document(message);
			else out.pairs(messagePairs(message));
			return undefined;
		}
		let first = true;
		await watchMessage({
			client,
			messageId,
			intervalMs,
			signal,
			warn: (operation, issues) => warnIssues(out, operation, issues),
			emit: (update) => {
				if (out.json) return out.event(update);
				if (update.type === 'message') {
					if (!first) out.line();
					first = false;
					out.line(out.style.bold(`${formatTime(update.at)}  message`));
					out.pairs(messagePairs(update.message));
				} else if (update.type === 'event') {
					out.line(eventLine(out, update.event));
				} else {
					out.line(
						`${out.style.dim(formatTime(update.at))}  gone: the service no longer holds ${sanitize(update.messageId)}`,
					);
				}
			},
		});
		return undefined;
	},
});
