import type { Liberal } from '../../../api/liberal.js';
import type { Schedule as ScheduleSchema } from '../../../api/messaging-schemas.js';
import { defineEndpoint } from '../../data/endpoints.js';

/** A schedule as read: its `scheduleId`, and whatever else the service sent. */
export type Schedule = Liberal<typeof ScheduleSchema>;

/** Every schedule of the account. */
export const schedulesEndpoint = defineEndpoint<Schedule[]>({
	key: 'schedules',
	api: 'messaging',
	label: 'schedules',
	params: () => '',
	fetch: (client, _params, signal) => client.schedules.list(signal),
});
