/**
 * What the Schedules pane shows of a schedule: pure, over the schedule as read and the time
 * now, every network string sanitised. The next runs come from the schedule's own cron
 * expression (format/schedule.ts) and are spelled out in the reader's local time.
 */
import { Schedule as ScheduleSchema } from '../../../api/messaging-schemas.js';
import { formatInteger } from '../../../format/number.js';
import {
	describeScheduleState,
	type LastOutcome,
	lastRun,
	lastRunCell,
	lastRunHeading,
	scheduleTiming,
} from '../../../format/schedule.js';
import {
	formatClock,
	formatClockIn,
	formatLocalDateTime,
	formatRelative,
	formatSpan,
	localTimeZone,
} from '../../../format/time.js';
import { sanitize } from '../../../text/sanitize.js';
import { retryDelayText } from '../../kit/delivery/record.js';
import {
	bodyLines,
	type DetailLine,
	extraLines,
	headerLines,
	messageBodyPreview,
	pair,
	title,
} from '../../kit/detail-view/lines.js';
import { fitUrl } from '../../kit/table/cut.js';
import type { Column } from '../../kit/table/table-view.js';
import type { Tone } from '../../theme/theme.js';
import type { Schedule } from './endpoints.js';

/** Next runs the detail spells out. */
export const shownRuns = 5;

const missing = '—';

export const outcomeTones: Record<LastOutcome, Tone | undefined> = {
	failed: 'error',
	running: 'info',
	succeeded: 'ok',
	none: 'muted',
};

/** The next run as `in 3s (14:02:05)`, `paused`, or `—` when it cannot be told. */
export function nextCell(schedule: Schedule, now: number): string {
	if (schedule.isPaused) return 'paused';
	const { next } = scheduleTiming(schedule, now, 1);
	return next === undefined ? missing : `${formatRelative(next, now)} (${formatClock(next)})`;
}

/** The last run as `failed 12s ago`, or `not run yet`: the outcome first, so a narrow column keeps it. */
export function lastCell(schedule: Schedule, now: number): string {
	return lastRunCell(lastRun(schedule), now, ' ');
}

export function scheduleColumns(now: number): Column<Schedule>[] {
	return [
		{ header: 'schedule', cell: (s) => sanitize(s.scheduleId), minWidth: 8, maxWidth: 32 },
		{
			header: 'next',
			cell: (s) => nextCell(s, now),
			value: (s) => (s.isPaused ? undefined : scheduleTiming(s, now, 1).next),
			tone: (s) => (s.isPaused ? 'warn' : undefined),
			minWidth: 6,
		},
		{
			header: 'last run',
			cell: (s) => lastCell(s, now),
			value: (s) => s.lastScheduleTime,
			tone: (s) => outcomeTones[lastRun(s).outcome],
			minWidth: 9,
		},
		{
			header: 'cron',
			cell: (s) => (s.cron === undefined ? missing : sanitize(s.cron)),
			minWidth: 9,
			maxWidth: 40,
		},
		{
			header: 'destination',
			cell: (s) => (s.destination === undefined ? missing : sanitize(s.destination)),
			minWidth: 12,
			cut: fitUrl,
		},
		{ header: 'queue', cell: (s) => (s.queueName === undefined ? '' : sanitize(s.queueName)), minWidth: 5 },
	];
}

/** How many are paused, and how many ran into a failure last time. */
export function scheduleSummary(schedules: readonly Schedule[]): string {
	const paused = schedules.filter((s) => s.isPaused).length;
	const failed = schedules.filter((s) => lastRun(s).outcome === 'failed').length;
	const count = `${formatInteger(schedules.length)} schedule${schedules.length === 1 ? '' : 's'}`;
	return [count, paused ? `${paused} paused` : '', failed ? `${failed} failed last run` : '']
		.filter(Boolean)
		.join(' · ');
}

const labelWidth = 18;

function seconds(value: number | undefined): string {
	return value === undefined ? missing : formatSpan(value * 1000);
}

/**
 * The next runs spelled out in the reader's local time, each with how far ahead it is and,
 * for a cron expression read in another zone (CRON_TZ), the time there.
 */
export function runLines(schedule: Schedule, now: number, width: number): DetailLine[] {
	const timing = scheduleTiming(schedule, now, shownRuns);
	const heading = `${schedule.isPaused ? 'Next runs once resumed' : 'Next runs'}, your local time (${sanitize(localTimeZone())})`;
	if (timing.problem)
		return [
			...title(heading),
			...pair('cannot tell', sanitize(timing.problem), width, labelWidth, 'warn'),
			...(schedule.nextScheduleTime !== undefined
				? pair('service says', formatLocalDateTime(schedule.nextScheduleTime), width, labelWidth)
				: []),
		];
	const zone = sanitize(timing.zone ?? 'UTC');
	return [
		...title(heading),
		...pair('cron read in', timing.zoned ? `${zone} (its CRON_TZ)` : 'UTC (no CRON_TZ)', width, labelWidth),
		...timing.runs.map(
			(at): DetailLine => ({
				label: `  ${formatRelative(at, now)}`.padEnd(labelWidth),
				text: `${formatLocalDateTime(at)}${timing.zoned ? ` · ${formatClockIn(at, timing.zone!)} in ${zone}` : ''}`,
			}),
		),
	];
}

/** Every field of a schedule, the next runs and the last run's messages, wrapped to `width`. */
export function scheduleDetail(schedule: Schedule, now: number, width: number): DetailLine[] {
	const kv = (label: string, value: string, tone?: Tone) => pair(label, value, width, labelWidth, tone);
	const text = (value: string | undefined) => (value === undefined ? missing : sanitize(value));
	const last = lastRun(schedule);
	const flow = schedule.flowControlKey
		? [
				sanitize(schedule.flowControlKey),
				schedule.parallelism !== undefined ? `parallelism ${schedule.parallelism}` : '',
				schedule.rate !== undefined ? `rate ${schedule.rate}` : '',
				schedule.period !== undefined ? `per ${seconds(schedule.period)}` : '',
			]
				.filter(Boolean)
				.join(' · ')
		: undefined;
	const labels = schedule.labels ?? (schedule.label !== undefined ? [schedule.label] : undefined);
	const lines: DetailLine[] = [
		...kv('schedule id', sanitize(schedule.scheduleId)),
		...kv('cron', text(schedule.cron)),
		...kv(
			'state',
			schedule.isPaused === undefined ? missing : schedule.isPaused ? 'paused' : 'active',
			schedule.isPaused ? 'warn' : 'ok',
		),
		...kv('destination', text(schedule.destination)),
		...kv('method', text(schedule.method)),
		...(schedule.queueName !== undefined ? kv('queue', sanitize(schedule.queueName)) : []),
		...kv('retries', schedule.retries === undefined ? missing : String(schedule.retries)),
		...(schedule.retryDelayExpression !== undefined
			? kv('retry delay', retryDelayText(schedule.retryDelayExpression))
			: []),
		...(schedule.delay ? kv('delay', seconds(schedule.delay)) : []),
		...(schedule.callback !== undefined ? kv('callback', sanitize(schedule.callback)) : []),
		...(schedule.failureCallback !== undefined
			? kv('failure callback', sanitize(schedule.failureCallback))
			: []),
		...(flow ? kv('flow control', flow) : []),
		...(labels && labels.length > 0 ? kv('labels', labels.map(sanitize).join(', ')) : []),
		...kv('created', schedule.createdAt === undefined ? missing : formatLocalDateTime(schedule.createdAt)),
		...kv('caller IP', text(schedule.callerIp ?? schedule.callerIP)),
		// Fields mqtop does not know, as they came (cut to a line's worth when long).
		...extraLines(ScheduleSchema, schedule, width, labelWidth),
		...runLines(schedule, now, width),
		...title(lastRunHeading('Last run', last, now)),
		...Object.entries(schedule.lastScheduleStates ?? {}).map(
			([id, state]): DetailLine => ({
				label: `  ${sanitize(describeScheduleState(state))}`.padEnd(labelWidth),
				text: sanitize(id),
				tone: state === 'FAIL' ? 'error' : state === 'SUCCESS' ? 'ok' : 'info',
			}),
		),
		...title('Headers'),
		...headerLines(schedule.header ?? {}, width, labelWidth),
		...title('Body'),
		...bodyLines(messageBodyPreview(schedule.body, schedule.bodyBase64), width),
	];
	return lines;
}
