/**
 * The Flow control pane's actions: pause, resume, pin, unpin and reset the rate of a key, each
 * shown first as the exact request (the client's request builders), sent only when confirmed,
 * then the keys polled again; and each key's wait list sampled from every poll for its trend.
 * The only place of the pane that speaks HTTP.
 */
import {
	flowControlActionRequest,
	pinFlowControlRequest,
	unpinFlowControlRequest,
} from '../../../api/flow-control-api.js';
import type { PaneContext } from '../../contract/pane.js';
import { describeSendError } from '../../data/describe-error.js';
import { entryOf } from '../../data/poll-store.js';
import type { FormAction } from '../../kit/form/state.js';
import { readOnlyNotice } from '../../kit/notice-line/view.js';
import { askToSend, type RequestSender, sendConfirmed } from '../../kit/request-flow/state.js';
import { selectedIndex } from '../../kit/tail-list/selection.js';
import { type FlowKey, flowKeysEndpoint } from './endpoints.js';
import { checkPin, pinForm, unpinForm, unpinSettings } from './limits.js';
import { perPeriod, waitingText } from './model.js';
import type { FlowAction, FlowState } from './state.js';

export class FlowController {
	private closed = false;
	private readonly sender: RequestSender;
	private readonly unsubscribe: () => void;
	private sampled: unknown;

	constructor(private readonly ctx: PaneContext<FlowState, FlowAction>) {
		this.sender = {
			flow: () => ctx.store.getSnapshot(),
			dispatch: (action) => this.dispatch(action),
			readOnly: ctx.readOnly,
			send: (request) => ctx.client.send(request),
			describe: describeSendError,
			refresh: () => ctx.refresh(),
		};
		this.unsubscribe = ctx.polls.subscribe(() => this.sample());
	}

	get state(): FlowState {
		return this.ctx.store.getSnapshot();
	}

	private dispatch(action: FlowAction): void {
		if (!this.closed) this.ctx.store.dispatch(action);
	}

	/** Each new answer is one sample of every key's wait list. */
	private sample(): void {
		const keys = this.keys();
		if (!keys || keys === this.sampled) return;
		this.sampled = keys;
		this.dispatch({ type: 'waiting/sample', samples: keys.map((k) => [k.flowControlKey, k.waitListSize]) });
	}

	keys(): readonly FlowKey[] | undefined {
		return entryOf(this.ctx.polls.getSnapshot(), flowKeysEndpoint)?.data;
	}

	current(): FlowKey | undefined {
		const keys = this.keys() ?? [];
		return keys[
			selectedIndex(
				keys.map((k) => k.flowControlKey),
				this.state.selected,
			)
		];
	}

	move(delta: number): void {
		this.dispatch({ type: 'move', keys: (this.keys() ?? []).map((k) => k.flowControlKey), delta });
	}

	private withCurrent(act: (key: FlowKey) => void): void {
		const key = this.current();
		if (key) act(key);
		else this.info('no flow-control key selected');
	}

	private info(text: string): void {
		this.dispatch({ type: 'request/notice', notice: { tone: 'info', text } });
	}

	pause(): void {
		this.withCurrent((k) => {
			const name = k.flowControlKey;
			if (k.isPaused) return this.info(`key ${name} is paused already; u resumes it`);
			askToSend(this.sender, 'pausing flow-control keys', {
				title: `pause key ${name}: no delivery of it starts until resumed; ${waitingText(k)} stay, new ones wait too`,
				request: flowControlActionRequest(name, 'pause'),
				done: `paused key ${name}`,
			});
		});
	}

	resume(): void {
		this.withCurrent((k) => {
			const name = k.flowControlKey;
			if (k.isPaused === false) return this.info(`key ${name} is not paused`);
			askToSend(this.sender, 'resuming flow-control keys', {
				title: `resume key ${name}: ${waitingText(k)} go out within its limits`,
				request: flowControlActionRequest(name, 'resume'),
				done: `resumed key ${name}`,
			});
		});
	}

	resetRate(): void {
		this.withCurrent((k) => {
			const name = k.flowControlKey;
			const used = k.rateCount === undefined ? '' : ` (${k.rateCount} used${perPeriod(k.ratePeriod)})`;
			askToSend(this.sender, 'resetting rates', {
				title: `reset the rate of key ${name}: a fresh period starts now${used}`,
				request: flowControlActionRequest(name, 'resetRate'),
				done: `reset the rate of key ${name}`,
			});
		});
	}

	// Pin and unpin, each from a small form

	openPin(): void {
		this.openForm('pinning limits', (k) => ({ kind: 'pin', key: k.flowControlKey, state: pinForm(k) }));
	}

	openUnpin(): void {
		this.openForm('unpinning limits', (k) => ({
			kind: 'unpin',
			key: k.flowControlKey,
			state: unpinForm(k),
		}));
	}

	private openForm(what: string, make: (key: FlowKey) => NonNullable<FlowState['form']>): void {
		if (this.ctx.readOnly) {
			this.dispatch({ type: 'request/notice', notice: readOnlyNotice(what) });
			return;
		}
		this.withCurrent((k) => this.dispatch({ type: 'form/open', form: make(k) }));
	}

	formAction(action: FormAction<string>): void {
		this.dispatch({ type: 'form/action', action });
	}

	closeForm(): void {
		this.dispatch({ type: 'form/close' });
	}

	/** Shows the pin or unpin request of the form when it is right. */
	submitForm(): void {
		const form = this.state.form;
		if (!form) return;
		this.dispatch({ type: 'form/action', action: { type: 'submitted' } });
		if (form.kind === 'pin') {
			const { pin } = checkPin(form.state.values);
			if (!pin) return;
			const limits = [
				pin.parallelism !== undefined ? `parallelism ${pin.parallelism}` : '',
				pin.rate !== undefined ? `rate ${pin.rate}` : '',
				pin.period !== undefined ? `period ${pin.period}s` : '',
			].filter(Boolean);
			askToSend(this.sender, 'pinning limits', {
				title: `pin ${limits.join(', ')} on key ${form.key}: they win over what its messages ask for`,
				request: pinFlowControlRequest(form.key, pin),
				done: `pinned ${limits.join(', ')} on key ${form.key}`,
			});
			return;
		}
		const which = unpinSettings(form.state.values);
		const what =
			which.parallelism && which.rate ? 'parallelism and rate' : which.rate ? 'rate' : 'parallelism';
		askToSend(this.sender, 'unpinning limits', {
			title: `unpin the ${what} of key ${form.key}: its messages set them again`,
			request: unpinFlowControlRequest(form.key, which),
			done: `unpinned the ${what} of key ${form.key}`,
		});
	}

	cancelConfirm(): void {
		this.dispatch({ type: 'request/cancel' });
	}

	async send(): Promise<void> {
		await sendConfirmed(this.sender);
	}

	dispose(): void {
		this.closed = true;
		this.unsubscribe();
	}
}
