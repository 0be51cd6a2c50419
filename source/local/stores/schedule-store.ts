/**
 * Schedules (docs/protocol/schedules.md#schedule-resource): plain records of what to publish, on
 * which cron expression, and what the last firing did. The timers that fire them are the schedule
 * runner's.
 */
import type { PublishOptions } from '../../api/publish-options.js';
import { discard, type RecordSink } from './record-sink.js';

export type ScheduleMessageState = 'IN_PROGRESS' | 'SUCCESS' | 'FAIL';

export interface ScheduleRecord {
	scheduleId: string;
	/** As given, `CRON_TZ=` prefix included. */
	cron: string;
	/** A URL or a URL Group name. */
	destination: string;
	createdAt: number;
	updatedAt: number;
	paused: boolean;
	/** The publish configuration and headers of the create request (lowercase names), read again at each firing. */
	fields: Record<string, string>;
	/** The options decoded from `fields` at creation (what the schedule shows). */
	options: PublishOptions;
	/** The headers each firing sends (forwarded ones and Content-Type), for showing. */
	header: Record<string, string[]>;
	body: Buffer;
	callerIp: string;
	/** Each firing enqueues to this queue. */
	queueName: string | undefined;
	lastScheduleTime: number | undefined;
	nextScheduleTime: number | undefined;
	/** Message id to state, for the messages of the last firing. */
	lastScheduleStates: Record<string, ScheduleMessageState>;
}

export class ScheduleStore {
	private readonly schedules = new Map<string, ScheduleRecord>();

	constructor(
		private readonly limits: { max_schedules: number },
		private readonly sink: RecordSink<ScheduleRecord> = discard(),
	) {}

	get(id: string): ScheduleRecord | undefined {
		return this.schedules.get(id);
	}

	list(): ScheduleRecord[] {
		return [...this.schedules.values()].sort((a, b) => a.createdAt - b.createdAt);
	}

	/** Whether a schedule `id` could be stored now (it exists, or there is room for one more). */
	canHold(id: string | undefined): boolean {
		return (id !== undefined && this.schedules.has(id)) || this.schedules.size < this.limits.max_schedules;
	}

	/** Stores a new or changed schedule; call it after changing a record in place too. */
	set(record: ScheduleRecord): void {
		this.schedules.set(record.scheduleId, record);
		this.sink.put(record.scheduleId, record);
	}

	delete(id: string): boolean {
		if (!this.schedules.delete(id)) return false;
		this.sink.delete(id);
		return true;
	}

	snapshot(): ScheduleRecord[] {
		return this.list().map((record) => ({ ...record }));
	}

	/** Puts back schedules that were kept (their sink is not told). */
	restore(records: readonly ScheduleRecord[]): void {
		for (const record of records) this.schedules.set(record.scheduleId, { ...record });
	}
}
