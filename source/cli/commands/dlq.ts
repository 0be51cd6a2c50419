/**
 * `mqtop dlq ls|show|retry|rm`: the dead letter queue, filtered by the service. `mqtop dlq`
 * alone lists, as it always did. Retry and rm act on the dlq ids given, or on everything a
 * filter matches; on the whole queue only with `--all`. They ask nothing: scripts run them.
 */
import type { DeadLetter, DlqSelection } from '../../api/dlq-api.js';
import { dlqFilterFields, dlqFilterOf, isFiltered } from '../../api/filter-settings.js';
import type { DlqFilter } from '../../api/filters.js';
import { DlqRecord } from '../../api/schemas.js';
import { missing, orMissing, text } from '../../format/missing.js';
import { formatTime } from '../../format/time.js';
import { describePreview, previewBase64 } from '../../text/body-preview.js';
import { sanitize } from '../../text/sanitize.js';
import { statusStyle } from '../../text/style.js';
import { type FlagSpecs, type ParsedArgs, UsageError } from '../args.js';
import { type CommandSpec, defineGroup } from '../define.js';
import { RefusedError } from '../failure.js';
import { filterArguments, filterFlags, readFilter } from '../filter-flags.js';
import type { Output } from '../output.js';
import { pageFlags, readPageCount } from '../page-flags.js';
import { warnIssues } from '../reading.js';
import type { Cell } from '../table.js';
import { messagePairs } from './message.js';

const maxBodyChars = 500;
/** Dlq ids one command takes: they go into one request's query. */
const maxIds = 100;

const filterHelp =
	'Filters are applied by the service: every flag given must match, and a flag given several times ' +
	'(or with commas) matches any of its values. Times take a span ago (15m, 2h, 1d), a date ' +
	'(2026-01-31T09:00), unix seconds or milliseconds, or now.';

function readDlqFilter(args: ParsedArgs): DlqFilter {
	return readFilter(args, dlqFilterFields, dlqFilterOf);
}

const lsFlags: FlagSpecs = {
	...filterFlags(dlqFilterFields),
	...pageFlags('dead letters'),
};

export const dlqLs: CommandSpec = {
	name: 'dlq ls',
	summary: 'list the dead letter queue (messages whose retries ran out), one page at a time',
	usage: '',
	description: [filterHelp, '`mqtop dlq` alone is `mqtop dlq ls`.'],
	examples: [
		'mqtop dlq --url https://example.com/hook --status 500',
		'mqtop dlq ls --label orders --from 1h --json',
	],
	arguments: { min: 0, max: 0 },
	flags: lsFlags,
	api: 'queue',
	async run({ args, out, connect }) {
		const filter = readDlqFilter(args);
		const count = readPageCount(args);
		const cursor = args.string('cursor');
		const { client } = await connect();
		const { data: page, issues } = await client.dlq.list({
			filter,
			...(count !== undefined ? { count } : {}),
			...(cursor ? { cursor } : {}),
		});
		warnIssues(out, 'dlq', issues);
		if (out.json) return void out.document(page);
		if (page.messages.length === 0)
			out.line(isFiltered(filter) ? 'no dead letter matches the filter' : 'the dead letter queue is empty');
		else printList(out, page.messages);
		if (page.cursor)
			out.line(
				out.style.dim(
					`more: mqtop dlq${filterArguments(args, dlqFilterFields)}${count ? ` --count ${count}` : ''} --cursor ${sanitize(page.cursor)}`,
				),
			);
		return undefined;
	},
};

function printList(out: Output, letters: readonly DeadLetter[]): void {
	out.table(
		[
			{ header: 'dlq id' },
			{ header: 'message' },
			{ header: 'status', align: 'right' },
			{ header: 'created' },
			{ header: 'url' },
			{ header: 'labels' },
		],
		letters.map((m) => [
			// The reference's records have no dlqId; without one a record cannot be acted on.
			text(m.dlqId),
			sanitize(m.messageId),
			{
				text: m.responseStatus === undefined ? missing : String(m.responseStatus),
				style: statusStyle(m.responseStatus),
			},
			orMissing(m.createdAt, formatTime),
			text(m.url),
			sanitize((m.labels ?? (m.label ? [m.label] : [])).join(',')),
		]),
	);
}

function responseBody(letter: DeadLetter): string {
	const body =
		letter.responseBodyBase64 !== undefined
			? describePreview(previewBase64(letter.responseBodyBase64))
			: (letter.responseBody ?? missing);
	return body.length > maxBodyChars ? `${body.slice(0, maxBodyChars)}…` : body;
}

/** A dead letter: its id, the message as `mqtop message` shows one, and the last response. */
export function deadLetterPairs(letter: DeadLetter): [string, Cell][] {
	const pairs: [string, Cell][] = [['dlq id', text(letter.dlqId)], ...messagePairs(letter, DlqRecord)];
	pairs.push([
		'response status',
		{
			text: letter.responseStatus === undefined ? missing : String(letter.responseStatus),
			style: statusStyle(letter.responseStatus),
		},
	]);
	for (const [name, values] of Object.entries(letter.responseHeader ?? {}))
		pairs.push([`response header ${sanitize(name)}`, sanitize(values.join(', '))]);
	pairs.push(['response body', sanitize(responseBody(letter))]);
	return pairs;
}

export const dlqShow: CommandSpec = {
	name: 'dlq show',
	summary: 'a dead letter: the message, its settings and the last response of its destination',
	usage: '<dlqId>',
	arguments: { min: 1, max: 1 },
	api: 'queue',
	async run({ args, out, connect }) {
		const { client } = await connect();
		const { data: letter, issues } = await client.dlq.read(args.positionals[0]!);
		warnIssues(out, 'dlq show', issues);
		if (out.json) out.document(letter);
		else out.pairs(deadLetterPairs(letter));
		return undefined;
	},
};

const actionFlags: FlagSpecs = {
	...filterFlags(dlqFilterFields),
	all: {
		type: 'boolean',
		description: 'every dead letter the filters match; with no filter, the whole queue',
	},
};

/** What a retry or rm acts on: the ids given, the filter, or with --all and no filter everything. */
function selectionOf(args: ParsedArgs, verb: string): DlqSelection {
	const ids = args.positionals;
	const filter = readDlqFilter(args);
	const filtered = isFiltered(filter);
	if (ids.length > 0 && (filtered || args.boolean('all')))
		throw new UsageError(
			`give dlq ids or filters (or --all), not both: the service ${verb}s by one or the other`,
		);
	if (ids.length > maxIds) throw new UsageError(`at most ${maxIds} dlq ids at once; use a filter for more`);
	if (ids.some((id) => id.trim() === '')) throw new UsageError('a dlq id is empty');
	if (ids.length > 0) return { dlqIds: ids };
	if (filtered) return { filter };
	if (!args.boolean('all'))
		throw new UsageError(
			`name what to ${verb}: dlq ids, a filter such as --url or --status, or --all for the whole queue`,
		);
	return { all: true };
}

const selectionHelp =
	'Give dlq ids (as `mqtop dlq` lists them), or filters: every dead letter the filters match is taken, ' +
	'page by page until the service answers no cursor. Without ids or filters nothing is done unless --all ' +
	'says the whole queue. Nothing is asked: the command acts at once.';

/** The ids the service did not act on: the command fails, after saying what it did. */
function checkShortfall(done: number, asked: number, verb: string): void {
	if (done < asked)
		throw new RefusedError(
			`the service ${verb} ${done} of the ${asked} dead letters given; the others were not found`,
		);
}

export const dlqRetry: CommandSpec = {
	name: 'dlq retry',
	summary: 'publish dead letters again (each becomes a new message and leaves the queue)',
	usage: '[<dlqId>...]',
	description: [selectionHelp, filterHelp, 'With --json: {"retried": n, "messageIds": [...]}.'],
	examples: [
		'mqtop dlq retry 1768478500000-0',
		'mqtop dlq retry --url https://example.com/hook --status 503',
	],
	arguments: { min: 0, max: Number.MAX_SAFE_INTEGER },
	flags: actionFlags,
	api: 'queue',
	async run({ args, out, connect }) {
		const selection = selectionOf(args, 'retry');
		const { client } = await connect();
		const [only] = 'dlqIds' in selection ? selection.dlqIds : [];
		const messageIds =
			'dlqIds' in selection && selection.dlqIds.length === 1 && only !== undefined
				? [await client.dlq.retry(only)]
				: (await client.dlq.retryAll(selection)).messageIds;
		if (out.json) out.document({ retried: messageIds.length, messageIds });
		else if (messageIds.length === 0) out.line('no dead letter matched: nothing was retried');
		else {
			out.line(
				`retried ${messageIds.length} dead letter${messageIds.length === 1 ? '' : 's'}; new messages:`,
			);
			out.lines(messageIds.map((id) => `  ${sanitize(id)}`));
		}
		if ('dlqIds' in selection) checkShortfall(messageIds.length, selection.dlqIds.length, 'retried');
	},
};

export const dlqRm: CommandSpec = {
	name: 'dlq rm',
	summary: 'delete dead letters for good',
	usage: '[<dlqId>...]',
	description: [selectionHelp, filterHelp, 'With --json: {"deleted": n}.'],
	examples: ['mqtop dlq rm 1768478500000-0 1768478500000-1', 'mqtop dlq rm --label load-test --to 1d'],
	arguments: { min: 0, max: Number.MAX_SAFE_INTEGER },
	flags: actionFlags,
	api: 'queue',
	async run({ args, out, connect }) {
		const selection = selectionOf(args, 'delete');
		const { client } = await connect();
		const [only] = 'dlqIds' in selection ? selection.dlqIds : [];
		let deleted: number;
		if ('dlqIds' in selection && selection.dlqIds.length === 1 && only !== undefined) {
			await client.dlq.delete(only);
			deleted = 1;
		} else deleted = (await client.dlq.deleteAll(selection)).deleted;
		if (out.json) out.document({ deleted });
		else
			out.line(
				deleted === 0
					? 'no dead letter matched: nothing was deleted'
					: `deleted ${deleted} dead letter${deleted === 1 ? '' : 's'}`,
			);
		if ('dlqIds' in selection) checkShortfall(deleted, selection.dlqIds.length, 'deleted');
	},
};

/** `mqtop dlq` with no subcommand (or only flags) lists, as it always did. */
export const dlqCommand = defineGroup(
	'dlq',
	'the dead letter queue: list, show, retry, rm',
	[dlqLs, dlqShow, dlqRetry, dlqRm],
	{ fallback: dlqLs },
);
