/**
 * Cron expressions of schedules, read with croner (a well-kept parser with time zones and
 * no dependencies). The deployed service takes 5 fields (minute, hour, day of month, month,
 * day of week) with an optional `CRON_TZ=<IANA zone>` prefix, in UTC otherwise. As a local
 * extension a 6th, leading field of seconds is taken too, so that a schedule can fire every
 * second (tests, demo traffic); the deployed service refuses that form.
 */
import { Cron } from 'croner';

export class CronError extends Error {
	override name = 'CronError';
}

export interface CronSchedule {
	/** The expression as given, prefix included. */
	text: string;
	timezone: string;
	/** The next firing strictly after `afterMs` (unix ms), or undefined if there is none. */
	next(afterMs: number): number | undefined;
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
	return { text: trimmed, timezone, next };
}
