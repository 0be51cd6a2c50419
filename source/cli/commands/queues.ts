/** `mqtop queues [ls|show|set|pause|resume|rm]`: ordered delivery with a parallelism. */
import { ApiError } from '../../api/errors.js';
import type { Liberal } from '../../api/liberal.js';
import { Queue } from '../../api/messaging-schemas.js';
import { groupNameRule, isGroupName } from '../../api/publish-options.js';
import { missing, orMissing } from '../../format/missing.js';
import { formatNumber } from '../../format/number.js';
import { formatTime } from '../../format/time.js';
import { sanitize } from '../../text/sanitize.js';
import { type ParsedArgs, UsageError } from '../args.js';
import { nameArgument, wholeNumberFlag } from '../common.js';
import { type CommandSpec, defineGroup } from '../define.js';
import type { Output } from '../output.js';
import { extraPairs, warnIssues } from '../reading.js';
import { resourceAction } from '../resource-action.js';
import type { Cell } from '../table.js';

type Read = Liberal<typeof Queue>;

function state(queue: Read): Cell {
	if (queue.paused === undefined) return missing;
	return queue.paused ? { text: 'paused', style: 'yellow' } : { text: 'active', style: 'green' };
}

function queueName(args: ParsedArgs): string {
	const name = nameArgument(args, 'name');
	if (!isGroupName(name))
		throw new UsageError(`${JSON.stringify(name)} is not a queue name (${groupNameRule})`);
	return name;
}

export const queuesLs: CommandSpec = {
	name: 'queues ls',
	summary: 'list the queues with their lag, parallelism and state',
	usage: '',
	arguments: { min: 0, max: 0 },
	api: 'queue',
	async run({ out, connect }) {
		const { client } = await connect();
		const { data: queues, issues } = await client.queues.list();
		warnIssues(out, 'queues ls', issues);
		if (out.json) return void out.document(queues);
		if (queues.length === 0) return void out.line('no queues');
		out.table(
			[
				{ header: 'queue' },
				{ header: 'state' },
				{ header: 'lag', align: 'right' },
				{ header: 'parallelism', align: 'right' },
				{ header: 'updated' },
			],
			queues.map((q) => [
				sanitize(q.name),
				state(q),
				orMissing(q.lag, formatNumber),
				orMissing(q.parallelism, formatNumber),
				orMissing(q.updatedAt, formatTime),
			]),
		);
	},
};

function printQueue(out: Output, queue: Read): void {
	out.pairs([
		['queue', sanitize(queue.name)],
		['state', state(queue)],
		['lag', orMissing(queue.lag, formatNumber)],
		['parallelism', orMissing(queue.parallelism, formatNumber)],
		['created', orMissing(queue.createdAt, formatTime)],
		['updated', orMissing(queue.updatedAt, formatTime)],
		...extraPairs(Queue, queue),
	]);
}

export const queuesShow: CommandSpec = {
	name: 'queues show',
	summary: 'a queue: its lag (messages not yet delivered), parallelism and state',
	usage: '<name>',
	arguments: { min: 1, max: 1 },
	api: 'queue',
	async run({ args, out, connect }) {
		const name = queueName(args);
		const { client } = await connect();
		const { data: queue, issues } = await client.queues.get(name);
		warnIssues(out, 'queues show', issues);
		if (out.json) return void out.document(queue);
		printQueue(out, queue);
	},
};

export const queuesSet: CommandSpec = {
	name: 'queues set',
	summary: 'create a queue, or change how many of its messages are delivered at once',
	usage: '<name> --parallelism <n>',
	description: [
		'A paused queue stays paused and a running one keeps running: the queue is read first and its ' +
			'state sent along, as the service sets both at once.',
	],
	examples: ['mqtop queues set emails --parallelism 5'],
	arguments: { min: 1, max: 1 },
	flags: {
		parallelism: {
			type: 'string',
			value: '<n>',
			description: 'messages of the queue delivered at once, from 1',
		},
	},
	api: 'queue',
	async run({ args, out, connect }) {
		const name = queueName(args);
		const parallelism = wholeNumberFlag(args, 'parallelism', 1, 1_000_000);
		if (parallelism === undefined) throw new UsageError('give --parallelism <n>');
		const { client } = await connect();
		const paused = await client.queues.get(name).then(
			(reading) => reading.data.paused ?? false,
			(error: unknown) => {
				// A queue that does not exist yet is created, running.
				if (error instanceof ApiError && error.status === 404) return false;
				throw error;
			},
		);
		await client.queues.upsert(name, { parallelism, paused });
		if (out.json) return void out.document({ queueName: name, parallelism, paused });
		out.line(`queue ${sanitize(name)}: parallelism ${parallelism}${paused ? ' (paused)' : ''}`);
	},
};

export const queuesCommand = defineGroup(
	'queues',
	'ordered delivery with a parallelism: ls, show, set, pause, resume, rm',
	[
		queuesLs,
		queuesShow,
		queuesSet,
		resourceAction({
			command: 'queues pause',
			summary: 'pause a queue: what waits in it stays until resumed',
			argument: 'name',
			read: queueName,
			run: (client, name) => client.queues.pause(name),
			done: (name) => ({ text: `paused queue ${name}`, json: { queueName: name, paused: true } }),
		}),
		resourceAction({
			command: 'queues resume',
			summary: 'resume a paused queue',
			argument: 'name',
			read: queueName,
			run: (client, name) => client.queues.resume(name),
			done: (name) => ({ text: `resumed queue ${name}`, json: { queueName: name, paused: false } }),
		}),
		resourceAction({
			command: 'queues rm',
			summary: 'delete a queue, cancelling the messages that wait in it',
			argument: 'name',
			read: queueName,
			run: (client, name) => client.queues.delete(name),
			done: (name) => ({ text: `deleted queue ${name}`, json: { queueName: name, deleted: true } }),
		}),
	],
	{ fallback: queuesLs },
);
