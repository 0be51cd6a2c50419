/**
 * Fires schedules on time: one heap entry per active schedule in the shared Scheduler (one
 * timer for all of them), re-armed after each firing for the next time its cron expression
 * names. A firing that comes late (a stalled process) fires once and skips the times it
 * missed. A paused schedule has no entry; resuming arms it from now.
 */
import type { Clock } from '../clock.js';
import type { HeapItem } from '../scheduler/min-heap.js';
import { Scheduler } from '../scheduler/scheduler.js';
import type { ScheduleRecord, ScheduleStore } from '../stores/schedule-store.js';
import { type CronSchedule, parseCron } from './cron.js';

interface Tick extends HeapItem {
	scheduleId: string;
	cron: CronSchedule;
}

export class ScheduleRunner {
	private readonly scheduler: Scheduler<Tick>;
	private readonly ticks = new Map<string, Tick>();

	/** @param fire publishes what the schedule says, as at `at` (unix ms). */
	constructor(
		private readonly clock: Clock,
		private readonly store: ScheduleStore,
		private readonly fire: (record: ScheduleRecord, at: number) => void,
	) {
		this.scheduler = new Scheduler(clock, (tick) => this.due(tick));
	}

	/** Arms a new, changed or resumed schedule for its next time from now (disarms a paused one). */
	arm(record: ScheduleRecord): void {
		this.disarm(record.scheduleId);
		if (record.paused) {
			record.nextScheduleTime = undefined;
			this.store.set(record);
			return;
		}
		const cron = parseCron(record.cron);
		this.schedule(record, cron, cron.next(this.clock.now()));
	}

	/**
	 * Arms a schedule that was kept across a restart for the time it was next due: a time
	 * missed while the service was down fires once, at once, as a late firing does.
	 */
	resume(record: ScheduleRecord): void {
		const next = record.nextScheduleTime;
		if (record.paused || next === undefined) {
			this.arm(record);
			return;
		}
		this.disarm(record.scheduleId);
		this.schedule(record, parseCron(record.cron), next);
	}

	disarm(id: string): void {
		const tick = this.ticks.get(id);
		if (!tick) return;
		this.scheduler.unschedule(tick);
		this.ticks.delete(id);
	}

	close(): void {
		this.scheduler.close();
		this.ticks.clear();
	}

	private schedule(record: ScheduleRecord, cron: CronSchedule, next: number | undefined): void {
		record.nextScheduleTime = next;
		this.store.set(record);
		if (next === undefined) return;
		const tick: Tick = { scheduleId: record.scheduleId, cron, dueAt: next, heapIndex: -1, heapSeq: 0 };
		this.ticks.set(record.scheduleId, tick);
		this.scheduler.schedule(tick);
	}

	private due(tick: Tick): void {
		if (this.ticks.get(tick.scheduleId) !== tick) return;
		this.ticks.delete(tick.scheduleId);
		const record = this.store.get(tick.scheduleId);
		if (!record || record.paused) return;
		this.fire(record, tick.dueAt);
		// Strictly after the later of this time and (almost) now: missed times are skipped.
		this.schedule(record, tick.cron, tick.cron.next(Math.max(tick.dueAt, this.clock.now() - 1)));
	}
}
