/**
 * What a person wants to know of a schedule at a glance, from what the service answered: when
 * it runs next (its cron expression read by the parser that fires schedules, so what is shown
 * is what fires) and how its last run went. Pure; the TUI and the commands both show these.
 */
import { nextRuns } from '../api/cron.js';
import { sanitize } from '../text/sanitize.js';
import { formatLocalDateTime, formatRelative } from './time.js';

/** The fields of a schedule these read; every one may be missing from an odd answer. */
export interface ScheduleTimes {
	cron?: string | undefined;
	isPaused?: boolean | undefined;
	nextScheduleTime?: number | undefined;
	lastScheduleTime?: number | undefined;
	lastScheduleStates?: Readonly<Record<string, string>> | undefined;
}

export interface ScheduleTiming {
	/** When it runs next: the service's time while that is still ahead, else the cron's; none while paused. */
	next: number | undefined;
	/** The next runs of its cron expression after now (also while paused: when it would run). */
	runs: number[];
	/** The zone the cron expression is read in: its CRON_TZ, or UTC. */
	zone: string | undefined;
	/** The cron expression has a CRON_TZ other than UTC. */
	zoned: boolean;
	/** Why no runs can be worked out (an expression this parser does not read), if so. */
	problem: string | undefined;
}

export function scheduleTiming(schedule: ScheduleTimes, now: number, count: number): ScheduleTiming {
	const computed = nextRuns(schedule.cron, now, count);
	const runs = computed.ok ? computed.runs : [];
	const told = schedule.nextScheduleTime;
	const next = schedule.isPaused ? undefined : told !== undefined && told > now ? told : runs[0];
	return {
		next,
		runs,
		zone: computed.ok ? computed.schedule.timezone : undefined,
		zoned: computed.ok && computed.schedule.zoned,
		problem: computed.ok ? undefined : computed.error,
	};
}

/** How the messages of the last run ended: a failure wins, then one still running. */
export type LastOutcome = 'failed' | 'running' | 'succeeded' | 'none';

export interface LastRun {
	at: number | undefined;
	outcome: LastOutcome;
	/** Messages of the last run by state, as the service named them. */
	counts: Readonly<Record<string, number>>;
	total: number;
}

export function lastRun(schedule: ScheduleTimes): LastRun {
	const counts: Record<string, number> = {};
	const states = Object.values(schedule.lastScheduleStates ?? {});
	for (const state of states) counts[state] = (counts[state] ?? 0) + 1;
	const outcome: LastOutcome = counts.FAIL
		? 'failed'
		: counts.IN_PROGRESS
			? 'running'
			: states.length > 0
				? 'succeeded'
				: 'none';
	return { at: schedule.lastScheduleTime, outcome, counts, total: states.length };
}

const stateWords: Readonly<Record<string, string>> = {
	FAIL: 'failed',
	IN_PROGRESS: 'in progress',
	SUCCESS: 'succeeded',
};

/** The last run in words: `failed`, `1 of 3 failed`, `in progress`, `succeeded`, or a state nobody listed as it came. */
export function describeLastRun(last: LastRun): string {
	if (last.total === 0) return last.at === undefined ? 'not run yet' : 'no messages';
	const single = last.total === 1;
	const of = (state: string) => (single ? '' : `${last.counts[state]} of ${last.total} `);
	if (last.outcome === 'failed') return `${of('FAIL')}failed`;
	if (last.outcome === 'running') return `${of('IN_PROGRESS')}in progress`;
	const others = Object.keys(last.counts).filter((state) => !(state in stateWords));
	if (others.length > 0) return others.join(', ');
	return single ? 'succeeded' : `${last.total} succeeded`;
}

/** A state of a message of the last run in words (`SUCCESS` as `succeeded`); others as they came. */
export function describeScheduleState(state: string): string {
	return stateWords[state] ?? state;
}

/**
 * How long ago a run was, `12s ago`: the service stamps a run with its scheduled time, which
 * the clock here may not have reached yet (then `now`).
 */
export function runAgo(at: number, now: number): string {
	return formatRelative(Math.min(at, now), now);
}

/**
 * The last run after `heading` (`last run`), as a detail's heading line says it: `: not run yet`,
 * or when it ran in local time, how long ago, and how it went; sanitised.
 */
export function lastRunHeading(heading: string, last: LastRun, now: number): string {
	if (last.at === undefined) return `${heading}: not run yet`;
	return `${heading} ${formatLocalDateTime(last.at)} (${runAgo(last.at, now)}): ${sanitize(describeLastRun(last))}`;
}

/** The last run as a cell: how it went and, when it ran, how long ago after `joiner`; sanitised. */
export function lastRunCell(last: LastRun, now: number, joiner: string): string {
	const what = sanitize(describeLastRun(last));
	return last.at === undefined ? what : `${what}${joiner}${runAgo(last.at, now)}`;
}
