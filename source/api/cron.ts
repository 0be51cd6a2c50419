/**
 * Cron expressions of schedules, read with croner (a well-kept parser with time zones and
 * no dependencies). The deployed service takes 5 fields (minute, hour, day of month, month,
 * day of week) with an optional `CRON_TZ=<IANA zone>` prefix, in UTC otherwise. As a local
 * extension a 6th, leading field of seconds is taken too, so that a schedule can fire every
 * second (tests, demo traffic); the deployed service refuses that form.
 *
 * The local service fires schedules with it, and the TUI and the commands show the next runs
 * of a schedule with it, so what is shown is what fires.
 */
import { Cron } from 'croner';

export class CronError extends Error {
	override name = 'CronError';
}

export interface CronSchedule {
	/** The expression as given, prefix included. */
	text: string;
	/** The zone the fields are read in: the CRON_TZ prefix, or UTC. */
	timezone: string;
	/** Whether the fields are not read in UTC (a CRON_TZ prefix naming another zone). */
	zoned: boolean;
	/** Six fields with seconds first (the local extension). */
	seconds: boolean;
	/** The next firing strictly after `afterMs` (unix ms), or undefined if there is none. */
	next(afterMs: number): number | undefined;
	/** The next `count` firings strictly after `afterMs` (fewer when it stops firing). */
	runs(afterMs: number, count: number): number[];
}

function checkZone(zone: string): void {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone: zone });
	} catch {
		throw new CronError(
			`unknown time zone ${JSON.stringify(zone)} in CRON_TZ: use an IANA name like Europe/Berlin`,
		);
	}
}

export function parseCron(text: string): CronSchedule {
	const trimmed = text.trim();
	const prefixed = /^CRON_TZ=(\S+)\s+(.*)$/i.exec(trimmed);
	const timezone = prefixed ? prefixed[1]! : 'UTC';
	const pattern = (prefixed ? prefixed[2]! : trimmed).trim();
	if (prefixed) checkZone(timezone);
	const fields = pattern.split(/\s+/).filter(Boolean).length;
	if (!pattern.startsWith('@') && fields !== 5 && fields !== 6) {
		throw new CronError(
			`expected 5 fields (minute hour day-of-month month day-of-week), or 6 with seconds first, got ${fields} in ${JSON.stringify(text)}`,
		);
	}
	let cron: Cron;
	try {
		cron = new Cron(pattern, { mode: '5-or-6-parts', timezone });
	} catch (error) {
		throw new CronError(
			`invalid cron expression ${JSON.stringify(text)}: ${(error as Error).message.replace(/^CronPattern: /, '')}`,
		);
	}
	const next = (afterMs: number) => cron.nextRun(new Date(afterMs))?.getTime();
	if (next(Date.now()) === undefined)
		throw new CronError(`cron expression ${JSON.stringify(text)} never fires`);
	const runs = (afterMs: number, count: number) =>
		cron.nextRuns(Math.max(0, Math.floor(count)), new Date(afterMs)).map((date) => date.getTime());
	const utc = ['utc', 'etc/utc', 'gmt', 'etc/gmt', 'z'].includes(timezone.toLowerCase());
	return { text: trimmed, timezone, zoned: !utc, seconds: fields === 6, next, runs };
}

/** The next runs of a schedule's cron expression, or why there are none to show. */
export type NextRuns = { ok: true; schedule: CronSchedule; runs: number[] } | { ok: false; error: string };

/**
 * The next `count` runs of `cron` after `afterMs`, for showing: an expression that does not
 * parse (an odd answer, a form this parser does not know) is a reason, never a throw.
 */
export function nextRuns(cron: string | undefined, afterMs: number, count: number): NextRuns {
	if (cron === undefined || cron.trim() === '') return { ok: false, error: 'no cron expression' };
	try {
		const schedule = parseCron(cron);
		return { ok: true, schedule, runs: schedule.runs(afterMs, count) };
	} catch (error) {
		if (error instanceof CronError) return { ok: false, error: error.message };
		throw error;
	}
}
