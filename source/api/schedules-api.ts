/**
 * Schedules (docs/protocol/schedules.md#create): a publish repeated on a cron expression, with
 * every publish option. The deployed service takes 5 fields with an optional `CRON_TZ=<zone>`
 * prefix; the local service also takes a 6th, leading field of seconds
 * (docs/protocol/schedules.md#cron-expressions).
 */
import { prefixed } from './dialect.js';
import { Schedule, ScheduleCreated, Schedules } from './messaging-schemas.js';
import { NamedResourcesApi, resourceActions } from './named-resources.js';
import {
	type ApiRequest,
	type Messaging,
	type PublishLike,
	publishShapedPath,
	sendRead,
} from './transport.js';

export interface ScheduleRequest extends PublishLike {
	/** e.g. `*\/5 * * * *` or `CRON_TZ=Europe/Berlin 0 9 * * 1-5`. */
	cron: string;
	/** Updates the schedule of this id, or creates it under this id. */
	scheduleId?: string;
	/** Each firing enqueues to this queue instead of publishing. */
	queueName?: string;
}

export function createScheduleRequest(messaging: Messaging, request: ScheduleRequest): ApiRequest {
	const { dialect } = messaging.settings;
	const described = messaging.describePublish(request);
	const headers = { ...described.headers, [prefixed(dialect, 'Cron')]: request.cron };
	if (request.scheduleId !== undefined) headers[prefixed(dialect, 'Schedule-Id')] = request.scheduleId;
	if (request.queueName !== undefined) headers[prefixed(dialect, 'Queue-Name')] = request.queueName;
	return {
		operation: request.scheduleId ? `update schedule ${request.scheduleId}` : 'create schedule',
		method: 'POST',
		path: publishShapedPath(described.path, '/v2/schedules/'),
		headers,
		body: request.body ?? '',
	};
}

const schedules = {
	noun: 'schedule',
	plural: 'schedules',
	collection: '/v2/schedules',
	list: Schedules,
	item: Schedule,
};

/** The requests that delete, pause and resume a schedule (the panes send them, as the client does). */
export const {
	delete: deleteScheduleRequest,
	pause: pauseScheduleRequest,
	resume: resumeScheduleRequest,
} = resourceActions(schedules);

export class SchedulesApi extends NamedResourcesApi<typeof Schedules, typeof Schedule> {
	constructor(messaging: Messaging) {
		super(messaging, schedules);
	}

	/** Creates (or, with `scheduleId`, updates) a schedule; answers its id. */
	async create(request: ScheduleRequest): Promise<string> {
		const created = await sendRead(
			this.messaging,
			createScheduleRequest(this.messaging, request),
			ScheduleCreated,
		);
		return created.data.scheduleId;
	}
}
