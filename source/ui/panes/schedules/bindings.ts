/** The keys of the Schedules pane. */
import { bindingsIn } from '../../keys/bind.js';
import { rowBindings } from '../../kit/row-filter/bindings.js';
import { pauseResume, upDown } from '../../kit/tail-list/bindings.js';

const key = bindingsIn('schedules');

export const schedulesBindings = [
	...upDown('schedules', 'select'),
	key('nav.open', 'enter', 'the schedule in full: next runs, last run, options', {
		hint: 'detail',
		detail: false,
	}),
	key('nav.back', 'esc', 'back to the list, else clear the filter and the order', { detail: 'back' }),
	...pauseResume(
		'schedules',
		'schedule',
		'pause the schedule (shown first)',
		'resume the schedule (shown first)',
	),
	key('schedule.new', 'n', 'create a schedule (or update one by its id) from a form', {
		hint: 'new',
		edit: true,
	}),
	key('schedule.delete', 'D', 'delete the schedule (shown first)', { edit: true }),
	...rowBindings('schedules', 'schedules'),
] as const;
