/**
 * The Schedules pane's actions: pause, resume, delete and create, each shown first as the exact
 * request (the client's request builders), sent only when confirmed, then the list polled
 * again. The only place of the pane that speaks HTTP.
 */

import type { MqClient } from '../../../api/client.js';
import {
	createScheduleRequest,
	deleteScheduleRequest,
	pauseScheduleRequest,
	resumeScheduleRequest,
} from '../../../api/schedules-api.js';
import { scheduleTiming } from '../../../format/schedule.js';
import { formatLocalDateTime } from '../../../format/time.js';
import type { PaneContext } from '../../contract/pane.js';
import { commands } from '../../keys/commands.js';
import type { FormState } from '../../kit/form/form-state.js';
import { paneFormControls } from '../../kit/form/pane-form.js';
import { askToSend, refusedReadOnly } from '../../kit/request-flow/request-flow-state.js';
import { ResourceController } from '../../kit/resource-list/controller.js';
import { schedulesBindings } from './bindings.js';
import { type Schedule, schedulesEndpoint } from './endpoints.js';
import { checkScheduleForm, type ScheduleField, scheduleForm } from './form.js';
import type { SchedulesAction, SchedulesState } from './schedules-state.js';

export class SchedulesController extends ResourceController<Schedule, SchedulesState, SchedulesAction> {
	private readonly client: MqClient;

	/** Its keys, while nothing open has them; the moves go through the list as last drawn. */
	readonly commands = commands(
		schedulesBindings,
		'schedules',
		{
			'nav.up': this.navigation['nav.up'],
			'nav.down': this.navigation['nav.down'],
			'nav.pageUp': this.navigation['nav.pageUp'],
			'nav.pageDown': this.navigation['nav.pageDown'],
			'nav.open': this.navigation['nav.open'],
			'nav.back': () => this.dispatch({ type: 'back' }),
			'schedule.pause': () => this.pause(),
			'schedule.resume': () => this.resume(),
			'schedule.delete': () => this.remove(),
			'schedule.new': () => this.openForm(),
			...this.rowCommands,
		},
		() => !this.state.form && !this.state.confirm && !this.state.filtering,
	);

	constructor(ctx: PaneContext<SchedulesState, SchedulesAction>) {
		super(ctx, { endpoint: schedulesEndpoint, key: (s) => s.scheduleId, noun: 'schedule' });
		this.client = ctx.client;
	}

	pause(): void {
		this.withCurrent((s) => {
			if (s.isPaused) return this.info(`schedule ${s.scheduleId} is paused already; u resumes it`);
			askToSend(this.sender, 'pausing schedules', {
				title: `pause schedule ${s.scheduleId}: no more runs until it is resumed`,
				request: pauseScheduleRequest(s.scheduleId),
				done: `paused schedule ${s.scheduleId}`,
			});
		});
	}

	resume(): void {
		this.withCurrent((s) => {
			if (s.isPaused === false) return this.info(`schedule ${s.scheduleId} is not paused`);
			const next = scheduleTiming({ ...s, isPaused: false, nextScheduleTime: undefined }, Date.now(), 1).next;
			const when = next === undefined ? '' : ` (next run ${formatLocalDateTime(next)})`;
			askToSend(this.sender, 'resuming schedules', {
				title: `resume schedule ${s.scheduleId}: it runs on its cron again${when}`,
				request: resumeScheduleRequest(s.scheduleId),
				done: `resumed schedule ${s.scheduleId}`,
			});
		});
	}

	remove(): void {
		this.withCurrent((s) =>
			askToSend(this.sender, 'deleting schedules', {
				title: `delete schedule ${s.scheduleId}: 1 schedule, it never runs again (messages already sent stay)`,
				request: deleteScheduleRequest(s.scheduleId),
				done: `deleted schedule ${s.scheduleId}`,
			}),
		);
	}

	// The create form

	openForm(): void {
		if (refusedReadOnly(this.sender, 'creating schedules')) return;
		this.dispatch({ type: 'form/open', form: this.state.form ?? scheduleForm() });
	}

	/** The form's keys (its FormScreen's controls). */
	readonly formControls = paneFormControls<ScheduleField, FormState<ScheduleField>>({
		dispatch: (action) => this.dispatch(action),
		open: () => this.state.form,
		submit: () => this.askToCreate(),
	});

	check() {
		const form = this.state.form;
		return form ? checkScheduleForm(form.values, this.client.settings.dialect) : undefined;
	}

	/** Shows the create request when every field is right; otherwise the errors stay next to the fields. */
	private askToCreate(): void {
		const checked = this.check();
		if (!checked?.request || !checked.cron) return;
		const { request, cron } = checked;
		const next = cron.next(Date.now());
		const existing = request.scheduleId
			? this.rows()?.some((s) => s.scheduleId === request.scheduleId)
			: false;
		const what = existing ? `update schedule ${request.scheduleId}` : 'create a schedule';
		askToSend(this.sender, 'creating schedules', {
			title: `${what}: ${request.destination} on ${cron.text}${next === undefined ? '' : `, first run ${formatLocalDateTime(next)}`}`,
			request: createScheduleRequest(this.client, request),
			done: existing
				? `updated schedule ${request.scheduleId}`
				: `created a schedule to ${request.destination}`,
		});
	}
}
