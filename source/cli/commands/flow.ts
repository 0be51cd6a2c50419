/** `mqtop flow [ls|show|pause|resume|pin|unpin|reset]`: flow-control keys and the global parallelism. */
import { DurationError } from '../../api/duration.js';
import { ApiError } from '../../api/errors.js';
import {
	describePin,
	describeUnpin,
	type PinSettings,
	pinPeriodSeconds,
} from '../../api/flow-control-api.js';
import type { Liberal } from '../../api/liberal.js';
import { FlowControlKey } from '../../api/messaging-schemas.js';
import { isLimitedMax, type LimitKind, unlimitedUse } from '../../format/limit.js';
import { missing, orMissing } from '../../format/missing.js';
import { formatNumber } from '../../format/number.js';
import { formatUnixSeconds } from '../../format/time.js';
import { sanitize } from '../../text/sanitize.js';
import { type ParsedArgs, UsageError } from '../args.js';
import { nameArgument, wholeNumberFlag } from '../common.js';
import { type CommandSpec, defineGroup } from '../define.js';
import type { Output } from '../output.js';
import { extraPairs, warnIssues } from '../reading.js';
import { resourceAction } from '../resource-action.js';
import type { Cell } from '../table.js';

type Read = Liberal<typeof FlowControlKey>;

/**
 * `3/4`; with no maximum (missing or 0) the words the Flow control pane uses too (`unlimited (3 in
 * flight)`, `no rate limit (3 this period)`); `—` when the count is missing; then `suffix`.
 */
function use(count: number | undefined, max: number | undefined, kind: LimitKind, suffix = ''): Cell {
	if (!isLimitedMax(max)) return unlimitedUse(count, kind) + suffix;
	if (count === undefined) return missing + suffix;
	const cell = `${formatNumber(count)}/${formatNumber(max)}${suffix}`;
	return count >= max ? { text: cell, style: 'yellow' } : cell;
}

const pinned = (is: boolean | undefined) => (is ? ' pinned' : '');

function parallelism(key: Read): Cell {
	return use(key.parallelismCount, key.parallelismMax, 'parallelism', pinned(key.isPinnedParallelism));
}

function rate(key: Read): Cell {
	const limited = key.rateMax !== undefined && key.rateMax > 0;
	const per = limited && key.ratePeriod ? ` per ${key.ratePeriod}s` : '';
	return use(key.rateCount, key.rateMax, 'rate', per + pinned(key.isPinnedRate));
}

function state(key: Read): Cell {
	if (key.isPaused === undefined) return missing;
	return key.isPaused ? { text: 'paused', style: 'yellow' } : { text: 'active', style: 'green' };
}

export const flowLs: CommandSpec = {
	name: 'flow ls',
	summary: 'list the flow-control keys in use and the global parallelism',
	usage: '',
	description: [
		'A key is listed while messages published with it wait or are delivered, and while it is paused or pinned. ' +
			'--json prints {"globalParallelism": {...}, "keys": [...]}.',
	],
	arguments: { min: 0, max: 0 },
	flags: { search: { type: 'string', value: '<text>', description: 'only keys whose name contains this' } },
	api: 'queue',
	async run({ args, out, connect }) {
		const { client } = await connect();
		const [keys, global] = await Promise.all([
			client.flowControl.list(args.string('search')),
			client.flowControl.globalParallelism().catch((error: unknown) => {
				// The keys are what was asked for; a service without this reading still lists them.
				if (!(error instanceof ApiError) || error.kind !== 'http') throw error;
				out.warn(`the global parallelism could not be read: ${sanitize(error.message)}`);
				return undefined;
			}),
		]);
		warnIssues(out, 'flow ls', keys.issues);
		if (out.json) return void out.document({ globalParallelism: global?.data ?? null, keys: keys.data });
		if (global) {
			const { parallelismCount: count, parallelismMax: max } = global.data;
			const shown = use(count, max, 'parallelism');
			out.line(
				`global parallelism ${typeof shown === 'string' ? shown : out.style.paint(shown.style!, shown.text)}`,
			);
		}
		if (keys.data.length === 0) return void out.line('no flow-control keys in use');
		out.table(
			[
				{ header: 'key' },
				{ header: 'state' },
				{ header: 'waiting', align: 'right' },
				{ header: 'parallelism' },
				{ header: 'rate' },
			],
			keys.data.map((k) => [
				sanitize(k.flowControlKey),
				state(k),
				orMissing(k.waitListSize, formatNumber),
				parallelism(k),
				rate(k),
			]),
		);
	},
};

function printKey(out: Output, key: Read): void {
	out.pairs([
		['key', sanitize(key.flowControlKey)],
		['state', state(key)],
		['waiting', orMissing(key.waitListSize, formatNumber)],
		['parallelism', parallelism(key)],
		['rate', rate(key)],
		['rate period since', orMissing(key.ratePeriodStart, formatUnixSeconds)],
		...extraPairs(FlowControlKey, key),
	]);
}

export const flowShow: CommandSpec = {
	name: 'flow show',
	summary: 'a flow-control key: its wait list, parallelism and rate against their maxima',
	usage: '<key>',
	arguments: { min: 1, max: 1 },
	api: 'queue',
	async run({ args, out, connect }) {
		const key = nameArgument(args, 'key');
		const { client } = await connect();
		const { data, issues } = await client.flowControl.get(key);
		warnIssues(out, 'flow show', issues);
		if (out.json) return void out.document(data);
		printKey(out, data);
	},
};

function pinSettings(args: ParsedArgs): PinSettings {
	const pin: PinSettings = {};
	const parallelism = wholeNumberFlag(args, 'parallelism', 1, 1_000_000);
	const rate = wholeNumberFlag(args, 'rate', 1, Number.MAX_SAFE_INTEGER);
	if (parallelism !== undefined) pin.parallelism = parallelism;
	if (rate !== undefined) pin.rate = rate;
	const period = args.string('period');
	if (period !== undefined) {
		try {
			pin.period = pinPeriodSeconds(period);
		} catch (error) {
			if (!(error instanceof DurationError)) throw error;
			throw new UsageError(`--period: ${error.message}`);
		}
	}
	if (Object.keys(pin).length === 0) throw new UsageError('give --parallelism, --rate or --period to pin');
	return pin;
}

function keyAction(verb: string, summary: string, done: string): CommandSpec {
	return resourceAction({
		command: `flow ${verb}`,
		summary,
		argument: 'key',
		run: (client, key) =>
			verb === 'pause'
				? client.flowControl.pause(key)
				: verb === 'resume'
					? client.flowControl.resume(key)
					: client.flowControl.resetRate(key),
		done: (key) => ({ text: `${done} ${key}`, json: { flowControlKey: key, [verb]: true } }),
	});
}

export const flowCommand = defineGroup(
	'flow',
	'flow-control keys and the global parallelism: ls, show, pause, resume, pin, unpin, reset',
	[
		flowLs,
		flowShow,
		keyAction('pause', 'pause a key: none of its deliveries start until resumed', 'paused key'),
		keyAction('resume', 'resume a paused key', 'resumed key'),
		resourceAction({
			command: 'flow pin',
			summary: 'pin a parallelism, rate or period on a key, over what its messages ask for',
			argument: 'key',
			description: ['Pinned limits hold until unpinned; pinning starts a fresh rate period.'],
			flags: {
				parallelism: { type: 'string', value: '<n>', description: 'deliveries of the key at once' },
				rate: { type: 'string', value: '<n>', description: 'deliveries started per period' },
				period: { type: 'string', value: '<duration>', description: 'the rate period, e.g. 1s or 1m' },
			},
			read: (args) => {
				const key = nameArgument(args, 'key');
				pinSettings(args);
				return key;
			},
			run: (client, key, args) => client.flowControl.pin(key, pinSettings(args)),
			done: (key, args) => {
				const pin = pinSettings(args);
				return {
					text: `pinned ${describePin(pin)} on key ${key}`,
					json: { flowControlKey: key, pinned: pin },
				};
			},
		}),
		resourceAction({
			command: 'flow unpin',
			summary: 'unpin the parallelism or the rate of a key (both when neither is named)',
			argument: 'key',
			flags: {
				parallelism: { type: 'boolean', description: 'unpin the parallelism' },
				rate: { type: 'boolean', description: 'unpin the rate' },
			},
			run: (client, key, args) => client.flowControl.unpin(key, unpinSettings(args)),
			done: (key, args) => {
				const which = unpinSettings(args);
				return {
					text: `unpinned the ${describeUnpin(which)} of key ${key}`,
					json: { flowControlKey: key, unpinned: which },
				};
			},
		}),
		keyAction('reset', 'reset the rate of a key: a fresh rate period starts now', 'reset the rate of key'),
	],
	{ fallback: flowLs },
);

function unpinSettings(args: ParsedArgs): { parallelism: boolean; rate: boolean } {
	const parallelism = args.boolean('parallelism');
	const rate = args.boolean('rate');
	return parallelism || rate ? { parallelism, rate } : { parallelism: true, rate: true };
}
