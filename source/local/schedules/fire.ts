/**
 * What a schedule does when it fires: the publish it stores, made again now, each message
 * carrying the schedule's id (and enqueued to its queue if it names one). The schedule keeps
 * the state of each message of its last firing: IN_PROGRESS, then SUCCESS or FAIL.
 */
import { isHttpUrl } from '../../api/publish-options.js';
import type { ServiceContext } from '../context.js';
import type { FinalOutcome } from '../delivery/engine.js';
import { ServiceError } from '../errors.js';
import type { StoredMessage } from '../messages/message.js';
import { commitPublish, type Destination, planPublish } from '../publishing/accept.js';
import type { ScheduleRecord } from '../stores/schedule-store.js';

export function scheduleDestination(destination: string): Destination {
	return isHttpUrl(destination) ? { kind: 'url', url: destination } : { kind: 'group', name: destination };
}

export function fireSchedule(ctx: ServiceContext, record: ScheduleRecord, at: number): void {
	record.lastScheduleTime = at;
	record.lastScheduleStates = {};
	try {
		const plan = planPublish(ctx, {
			destination: scheduleDestination(record.destination),
			fields: new Map(Object.entries(record.fields)),
			body: record.body,
			callerIp: record.callerIp,
			now: ctx.clock.now(),
			queueName: record.queueName,
			scheduleId: record.scheduleId,
			deduplicate: false,
		});
		commitPublish(ctx, plan);
		for (const message of plan.messages) record.lastScheduleStates[message.id] = 'IN_PROGRESS';
	} catch (error) {
		// A URL Group deleted since, or a plan changed since: this firing publishes nothing.
		if (!(error instanceof ServiceError)) throw error;
	}
}

/** Notes how a message of a schedule's last firing ended. */
export function noteScheduleOutcome(
	ctx: ServiceContext,
	message: StoredMessage,
	outcome: FinalOutcome,
): void {
	if (message.scheduleId === undefined) return;
	const record = ctx.schedules.get(message.scheduleId);
	if (record?.lastScheduleStates[message.id] === undefined) return;
	record.lastScheduleStates[message.id] = outcome === 'delivered' ? 'SUCCESS' : 'FAIL';
	ctx.schedules.set(record);
}
