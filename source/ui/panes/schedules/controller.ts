/**
 * The Schedules pane's actions: pause, resume, delete and create, each shown first as the exact
 * request (the client's request builders), sent only when confirmed, then the list polled
 * again. The only place of the pane that speaks HTTP.
 */
import {
	createScheduleRequest,
	deleteScheduleRequest,
	pauseScheduleRequest,
	resumeScheduleRequest,
} from '../../../api/schedules-api.js';
import { scheduleTiming } from '../../../format/schedule.js';
import { formatLocalDateTime } from '../../../format/time.js';
import type { PaneContext } from '../../contract/pane.js';
import { describeSendError } from '../../data/describe-error.js';
import { entryOf } from '../../data/poll-store.js';
import type { FormAction } from '../../kit/form/state.js';
import { readOnlyNotice } from '../../kit/notice-line/view.js';
import { askToSend, type RequestSender, sendConfirmed } from '../../kit/request-flow/state.js';
import { selectedIndex } from '../../kit/tail-list/selection.js';
import { type Schedule, schedulesEndpoint } from './endpoints.js';
import { checkScheduleForm, type ScheduleField, scheduleForm } from './form.js';
import type { SchedulesAction, SchedulesState } from './state.js';

export class SchedulesController {
	private closed = false;
	private readonly sender: RequestSender;

	constructor(private readonly ctx: PaneContext<SchedulesState, SchedulesAction>) {
		this.sender = {
			flow: () => ctx.store.getSnapshot(),
			dispatch: (action) => this.dispatch(action),
			readOnly: ctx.readOnly,
			send: (request) => ctx.client.send(request),
			describe: describeSendError,
			refresh: () => ctx.refresh(),
		};
	}

	get state(): SchedulesState {
		return this.ctx.store.getSnapshot();
	}

	private dispatch(action: SchedulesAction): void {
		if (!this.closed) this.ctx.store.dispatch(action);
	}

	/** The schedules as last polled, in the order the service lists them. */
	schedules(): readonly Schedule[] | undefined {
		return entryOf(this.ctx.polls.getSnapshot(), schedulesEndpoint)?.data;
	}

	/** The selected schedule: the row kept selected, or the first. */
	current(): Schedule | undefined {
		const schedules = this.schedules() ?? [];
		const ids = schedules.map((s) => s.scheduleId);
		return schedules[selectedIndex(ids, this.state.selected)];
	}

	private withCurrent(act: (schedule: Schedule) => void): void {
		const schedule = this.current();
		if (schedule) act(schedule);
		else this.dispatch({ type: 'request/notice', notice: { tone: 'info', text: 'no schedule selected' } });
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

	private info(text: string): void {
		this.dispatch({ type: 'request/notice', notice: { tone: 'info', text } });
	}

	// The create form

	openForm(): void {
		if (this.ctx.readOnly) {
			this.dispatch({ type: 'request/notice', notice: readOnlyNotice('creating schedules') });
			return;
		}
		this.dispatch({ type: 'form/open', form: this.state.form ?? scheduleForm() });
	}

	formAction(action: FormAction<ScheduleField>): void {
		this.dispatch({ type: 'form/action', action });
	}

	closeForm(): void {
		this.dispatch({ type: 'form/close' });
	}

	check() {
		const form = this.state.form;
		return form ? checkScheduleForm(form.values, this.ctx.client.settings.dialect) : undefined;
	}

	/** Shows the create request when every field is right; otherwise the errors stay next to the fields. */
	submitForm(): void {
		if (!this.state.form) return;
		this.dispatch({ type: 'form/action', action: { type: 'submitted' } });
		const checked = this.check();
		if (!checked?.request || !checked.cron) return;
		const { request, cron } = checked;
		const next = cron.next(Date.now());
		const existing = request.scheduleId
			? this.schedules()?.some((s) => s.scheduleId === request.scheduleId)
			: false;
		const what = existing ? `update schedule ${request.scheduleId}` : 'create a schedule';
		askToSend(this.sender, 'creating schedules', {
			title: `${what}: ${request.destination} on ${cron.text}${next === undefined ? '' : `, first run ${formatLocalDateTime(next)}`}`,
			request: createScheduleRequest(this.ctx.client, request),
			done: existing
				? `updated schedule ${request.scheduleId}`
				: `created a schedule to ${request.destination}`,
		});
	}

	cancelConfirm(): void {
		this.dispatch({ type: 'request/cancel' });
	}

	/** Sends the confirmed request, exactly as shown, then polls the list again. */
	async send(): Promise<void> {
		await sendConfirmed(this.sender);
	}

	dispose(): void {
		this.closed = true;
	}
}
