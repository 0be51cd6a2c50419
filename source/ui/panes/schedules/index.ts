/** Schedules: publishes repeated on a cron expression, their next runs and last run; pause, resume, delete, create. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { schedulesBindings } from './bindings.js';
import { SchedulesController } from './controller.js';
import { schedulesEndpoint } from './endpoints.js';
import {
	initialSchedulesState,
	leaveSchedules,
	schedulesReducer,
	schedulesScope,
} from './schedules-state.js';
import { SchedulesView } from './schedules-view.js';

export const schedulesPane = definePane({
	names: { id: 'schedules', title: 'Schedules', shortTitle: 'Sched', aliases: ['sched', 'cron'] },
	summary: 'publishes on a cron expression: next runs in local time, the last run; pause, resume, create',
	model: {
		initial: initialSchedulesState,
		reduce: schedulesReducer,
		leave: leaveSchedules,
		showsDetail: (state) => state.detail,
		focus: schedulesScope,
	},
	Controller: SchedulesController,
	polls: () => [pollRequest(schedulesEndpoint)],
	bindings: schedulesBindings,
	View: SchedulesView,
});
