/** What the Queues pane shows of a queue: pure, over the queue as read, every network string sanitised. */
import { formatInteger } from '../../../format/number.js';
import { formatClock } from '../../../format/time.js';
import { sanitize } from '../../../text/sanitize.js';
import type { Queue } from '../../data/endpoints.js';
import type { Column } from '../../kit/table/table-view.js';
import { trendColumn } from '../../kit/trend/column.js';
import type { Trends } from '../../kit/trend/trend-state.js';

const missing = '—';
const count = (value: number | undefined) => (value === undefined ? missing : formatInteger(value));

export function queueColumns(trends: Trends): Column<Queue>[] {
	return [
		{ header: 'queue', cell: (q) => sanitize(q.name), minWidth: 8, maxWidth: 40 },
		{
			header: 'state',
			cell: (q) => (q.paused === undefined ? missing : q.paused ? 'paused' : 'active'),
			tone: (q) => (q.paused ? 'warn' : q.paused === false ? 'ok' : undefined),
			minWidth: 6,
		},
		{
			header: 'lag',
			cell: (q) => count(q.lag),
			value: (q) => q.lag,
			align: 'right',
			tone: (q) => (q.lag && q.paused ? 'warn' : undefined),
		},
		trendColumn('lag trend', trends, (q) => q.name),
		{ header: 'parallelism', cell: (q) => count(q.parallelism), value: (q) => q.parallelism, align: 'right' },
		{
			header: 'updated',
			cell: (q) => (q.updatedAt === undefined ? missing : formatClock(q.updatedAt)),
			value: (q) => q.updatedAt,
		},
		{
			header: 'created',
			cell: (q) => (q.createdAt === undefined ? missing : formatClock(q.createdAt)),
			value: (q) => q.createdAt,
		},
	];
}

/** `3 queues · 1 paused · 42 messages waiting`. */
export function queueSummary(queues: readonly Queue[]): string {
	const paused = queues.filter((q) => q.paused).length;
	const lag = queues.reduce((sum, q) => sum + (q.lag ?? 0), 0);
	return [
		`${formatInteger(queues.length)} queue${queues.length === 1 ? '' : 's'}`,
		paused ? `${paused} paused` : '',
		`${formatInteger(lag)} message${lag === 1 ? '' : 's'} waiting`,
	]
		.filter(Boolean)
		.join(' · ');
}

/** `12 waiting messages` for a confirmation, or nothing when the lag is not known. */
export function waitingText(queue: Queue): string {
	if (queue.lag === undefined) return 'its waiting messages';
	return `${formatInteger(queue.lag)} waiting message${queue.lag === 1 ? '' : 's'}`;
}

/** A parallelism as typed: a whole number from 1, or why not. */
export function parseParallelism(text: string): { value: number } | { error: string } {
	const trimmed = text.trim();
	if (!/^\d{1,6}$/.test(trimmed) || Number(trimmed) < 1)
		return { error: `parallelism is a whole number from 1, got ${JSON.stringify(trimmed)}` };
	return { value: Number(trimmed) };
}
