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
	// Read liberally; the data layer keeps the data (its reading of odd fields comes with it).
	fetch: async (client, _params, signal) => (await client.schedules.list(signal)).data,
});
