/** Schedules: publishes repeated on a cron expression, their next runs and last run; pause, resume, delete, create. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { upDown } from '../../kit/tail-list/bindings.js';
import { SchedulesController } from './controller.js';
import { schedulesEndpoint } from './endpoints.js';
import {
	initialSchedulesState,
	leaveSchedules,
	type SchedulesAction,
	type SchedulesState,
	schedulesReducer,
	schedulesScope,
} from './schedules-state.js';
import { SchedulesView } from './schedules-view.js';

export const schedulesPane = definePane<SchedulesState, SchedulesAction, SchedulesController>({
	id: 'schedules',
	title: 'Schedules',
	shortTitle: 'Sched',
	aliases: ['sched', 'cron'],
	numberKey: false,
	summary: 'publishes on a cron expression: next runs in local time, the last run; pause, resume, create',
	initial: () => initialSchedulesState,
	reduce: schedulesReducer,
	leave: leaveSchedules,
	controller: (context) => new SchedulesController(context),
	polls: () => [pollRequest(schedulesEndpoint)],
	bindings: [
		...upDown('schedules', 'select'),
		{
			command: 'nav.open',
			scope: 'schedules',
			keys: ['enter'],
			description: 'the schedule in full: next runs, last run, options',
			hint: { label: 'detail' },
		},
		{ command: 'nav.back', scope: 'schedules', keys: ['esc'], description: 'back to the list' },
		{
			command: 'schedule.pause',
			scope: 'schedules',
			keys: ['p'],
			description: 'pause the schedule (shown first)',
			hint: { keys: 'p/u', label: 'pause/resume' },
			edit: true,
		},
		{
			command: 'schedule.resume',
			scope: 'schedules',
			keys: ['u'],
			description: 'resume the schedule (shown first)',
			edit: true,
		},
		{
			command: 'schedule.new',
			scope: 'schedules',
			keys: ['n'],
			description: 'create a schedule (or update one by its id) from a form',
			hint: { label: 'new' },
			edit: true,
		},
		{
			command: 'schedule.delete',
			scope: 'schedules',
			keys: ['D'],
			description: 'delete the schedule (shown first)',
			edit: true,
		},
	],
	focus: schedulesScope,
	View: SchedulesView,
});
