/** The keys of the Schedules pane. */
import { bindingsIn } from '../../keys/bind.js';
import { upDown } from '../../kit/tail-list/bindings.js';

const key = bindingsIn('schedules');

export const schedulesBindings = [
	...upDown('schedules', 'select'),
	key('nav.open', 'enter', 'the schedule in full: next runs, last run, options', { hint: 'detail' }),
	key('nav.back', 'esc', 'back to the list'),
	key('schedule.pause', 'p', 'pause the schedule (shown first)', {
		hint: { keys: 'p/u', label: 'pause/resume' },
		edit: true,
	}),
	key('schedule.resume', 'u', 'resume the schedule (shown first)', { edit: true }),
	key('schedule.new', 'n', 'create a schedule (or update one by its id) from a form', {
		hint: 'new',
		edit: true,
	}),
	key('schedule.delete', 'D', 'delete the schedule (shown first)', { edit: true }),
] as const;
