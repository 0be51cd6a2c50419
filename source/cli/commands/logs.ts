/** `mqtop logs`: the delivery logs, filtered by the service; `--follow` prints new entries as they come. */
import { parseDuration } from '../../api/duration.js';
import { isFiltered, logFilterFields, logFilterOf } from '../../api/filter-settings.js';
import type { LogLine } from '../../api/logs-api.js';
import { orMissing, text } from '../../format/missing.js';
import { formatTime } from '../../format/time.js';
import { sanitize } from '../../text/sanitize.js';
import { statusStyle } from '../../text/style.js';
import { UsageError } from '../args.js';
import { defineCommand } from '../define.js';
import { filterArguments, filterFlags, readFilter } from '../filter-flags.js';
import { followLogs } from '../follow-logs.js';
import type { Output } from '../output.js';
import { pageFlags, readPageCount } from '../page-flags.js';
import { warnIssues } from '../reading.js';
import type { Cell } from '../table.js';

const stateStyles: Record<string, 'green' | 'red' | 'yellow' | 'cyan' | 'dim'> = {
	DELIVERED: 'green',
	FAILED: 'red',
	ERROR: 'red',
	RETRY: 'yellow',
	ACTIVE: 'cyan',
	IN_PROGRESS: 'cyan',
	CREATED: 'dim',
};

function stateCell(entry: LogLine): Cell {
	const style = entry.state === undefined ? undefined : stateStyles[entry.state];
	return { text: text(entry.state), ...(style ? { style } : {}) };
}

function statusCell(entry: LogLine): Cell {
	return entry.responseStatus === undefined
		? ''
		: { text: String(entry.responseStatus), style: statusStyle(entry.responseStatus) };
}

function destination(entry: LogLine): string {
	if (entry.topicName)
		return sanitize(entry.endpointName ? `${entry.topicName}/${entry.endpointName}` : entry.topicName);
	return text(entry.url);
}

function outcome(entry: LogLine): string {
	return [
		entry.error ? sanitize(entry.error) : '',
		entry.nextDeliveryTime ? `next attempt ${formatTime(entry.nextDeliveryTime)}` : '',
	]
		.filter(Boolean)
		.join('  ');
}

const columns = [
	{ header: 'time' },
	{ header: 'state' },
	{ header: 'status', align: 'right' as const },
	{ header: 'message' },
	{ header: 'destination' },
	{ header: 'labels' },
	{ header: 'error / next attempt' },
];

function row(entry: LogLine): Cell[] {
	return [
		orMissing(entry.time, formatTime),
		stateCell(entry),
		statusCell(entry),
		sanitize(entry.messageId),
		destination(entry),
		sanitize((entry.labels ?? (entry.label ? [entry.label] : [])).join(',')),
		outcome(entry),
	];
}

/**
 * Widths of the first cells of a followed line (time, state, status, message id), so that lines
 * printed one by one still align under the header printed once.
 */
const lineWidths = [20, 16, 6, 30];

/** Cells as a followed line: padded to lineWidths, two spaces apart (the status to the right). */
function followedLine(cells: readonly Cell[], paint: (cell: Cell, padded: string) => string): string {
	return cells
		.map((cell, i) => {
			const value = typeof cell === 'string' ? cell : cell.text;
			const width = lineWidths[i] ?? 0;
			return paint(cell, i === 2 ? value.padStart(width) : value.padEnd(width));
		})
		.join('  ')
		.trimEnd();
}

/** One followed entry as a line: the table's cells. */
function line(out: Output, entry: LogLine): string {
	return followedLine(row(entry), (cell, padded) =>
		typeof cell !== 'string' && cell.style ? out.style.paint(cell.style, padded) : padded,
	);
}

/** The header of the followed lines, printed once before them. */
function followHeader(out: Output): string {
	return followedLine(
		columns.map((column) => column.header),
		(_cell, padded) => out.style.bold(padded),
	);
}

export const logsCommand = defineCommand({
	name: 'logs',
	summary: 'the delivery logs, newest first; --follow prints new entries as they come',
	usage: '',
	description: [
		'Filters are applied by the service: every flag given must match, and a flag given several times ' +
			'(or with commas) matches any of its values. Times take a span ago (15m, 2h, 1d), a date ' +
			'(2026-01-31T09:00), unix seconds or milliseconds, or now.',
		'With --follow the newest page is printed oldest first, then each new entry as it appears, until ' +
			'Ctrl-C; with --json one JSON line per entry. Without it, --json prints the page: {"logs": [...], "cursor"}.',
	],
	examples: [
		'mqtop logs --message-id msg_123',
		'mqtop logs --follow --label orders --state FAILED,ERROR',
		'mqtop logs --from 2h --url https://example.com/hook --json',
	],
	arguments: { min: 0, max: 0 },
	flags: {
		...filterFlags(logFilterFields),
		follow: { type: 'boolean', short: 'f', description: 'keep printing new entries (Ctrl-C stops)' },
		interval: {
			type: 'string',
			value: '<duration>',
			description: 'time between polls with --follow (default 2s)',
		},
		...pageFlags('entries'),
	},
	api: 'queue',
	interruptible: true,
	async run({ args, out, connect, signal }) {
		const filter = readFilter(args, logFilterFields, logFilterOf);
		const follow = args.boolean('follow');
		const cursor = args.string('cursor');
		const interval = args.string('interval');
		if (follow && cursor) throw new UsageError('--cursor pages back through the logs; --follow goes forward');
		if (!follow && interval !== undefined) throw new UsageError('--interval needs --follow');
		if (follow && args.string('count') !== undefined)
			throw new UsageError('--count pages the listing; --follow reads what comes');
		let intervalMs = 2000;
		if (interval !== undefined) {
			try {
				intervalMs = parseDuration(interval);
			} catch (error) {
				throw new UsageError(`--interval: ${(error as Error).message}`);
			}
			if (intervalMs < 200) throw new UsageError('--interval: at least 200ms');
		}
		const count = readPageCount(args);
		const { client } = await connect();
		if (follow) {
			if (!out.json) out.line(followHeader(out));
			await followLogs({
				client,
				filter,
				intervalMs,
				signal,
				warn: (issues) => warnIssues(out, 'logs', issues),
				emit: (entry) => (out.json ? out.event(entry) : out.line(line(out, entry))),
			});
			return undefined;
		}
		const { data: page, issues } = await client.logs.list({
			filter,
			...(count !== undefined ? { count } : {}),
			...(cursor ? { cursor } : {}),
		});
		warnIssues(out, 'logs', issues);
		if (out.json) return void out.document(page);
		if (page.logs.length === 0)
			out.line(isFiltered(filter) ? 'no log entry matches the filter' : 'no delivery logs yet');
		else out.table(columns, page.logs.map(row));
		if (page.cursor)
			out.line(
				out.style.dim(
					`more: mqtop logs${filterArguments(args, logFilterFields)}${count ? ` --count ${count}` : ''} --cursor ${sanitize(page.cursor)}`,
				),
			);
		return undefined;
	},
});
