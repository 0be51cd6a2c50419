/**
 * The Flow control pane's actions: pause, resume, pin, unpin and reset the rate of a key, each
 * shown first as the exact request (the client's request builders), sent only when confirmed,
 * then the keys polled again; and each key's wait list sampled from every poll for its trend.
 * The only place of the pane that speaks HTTP.
 */

import {
	describePin,
	describeUnpin,
	flowControlActionRequest,
	pinFlowControlRequest,
	unpinFlowControlRequest,
} from '../../../api/flow-control-api.js';
import type { PaneContext } from '../../contract/pane.js';
import { commands } from '../../keys/commands.js';
import { paneFormControls } from '../../kit/form/pane-form.js';
import { askToSend, refusedReadOnly } from '../../kit/request-flow/request-flow-state.js';
import { ResourceController } from '../../kit/resource-list/controller.js';
import { flowBindings } from './bindings.js';
import { type FlowKey, flowKeysEndpoint } from './endpoints.js';
import { perPeriod, waitingText } from './flow-model.js';
import type { FlowAction, FlowState, LimitsForm } from './flow-state.js';
import { checkPin, pinForm, unpinForm, unpinSettings } from './limits.js';

export class FlowController extends ResourceController<FlowKey, FlowState, FlowAction> {
	/** Its keys, while nothing open has them; the moves go through the list as last drawn. */
	readonly commands = commands(
		flowBindings,
		'flow',
		{
			'nav.up': this.navigation['nav.up'],
			'nav.down': this.navigation['nav.down'],
			'nav.pageUp': this.navigation['nav.pageUp'],
			'nav.pageDown': this.navigation['nav.pageDown'],
			'flow.pause': () => this.pause(),
			'flow.resume': () => this.resume(),
			'flow.pin': () => this.openPin(),
			'flow.unpin': () => this.openUnpin(),
			'flow.resetRate': () => this.resetRate(),
			...this.rowCommands,
			'filter.clear': () => this.dispatch({ type: 'back' }),
		},
		() => !this.state.confirm && !this.state.form && !this.state.filtering,
	);

	constructor(ctx: PaneContext<FlowState, FlowAction>) {
		super(ctx, {
			endpoint: flowKeysEndpoint,
			key: (k) => k.flowControlKey,
			noun: 'flow-control key',
			trend: (k) => k.waitListSize,
		});
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

	/** The pin or unpin form's keys (its FormScreen's controls). */
	readonly formControls = paneFormControls<string, LimitsForm>({
		dispatch: (action) => this.dispatch(action),
		open: () => this.state.form,
		submit: (form) => this.askToChangeLimits(form),
	});

	private openForm(what: string, make: (key: FlowKey) => LimitsForm): void {
		if (refusedReadOnly(this.sender, what)) return;
		this.withCurrent((k) => this.dispatch({ type: 'form/open', form: make(k) }));
	}

	/** Shows the pin or unpin request of the form when it is right. */
	private askToChangeLimits(form: LimitsForm): void {
		if (form.kind === 'pin') {
			const { pin } = checkPin(form.state.values);
			if (!pin) return;
			askToSend(this.sender, 'pinning limits', {
				title: `pin ${describePin(pin)} on key ${form.key}: they win over what its messages ask for`,
				request: pinFlowControlRequest(form.key, pin),
				done: `pinned ${describePin(pin)} on key ${form.key}`,
			});
			return;
		}
		const which = unpinSettings(form.state.values);
		const what = describeUnpin(which);
		askToSend(this.sender, 'unpinning limits', {
			title: `unpin the ${what} of key ${form.key}: its messages set them again`,
			request: unpinFlowControlRequest(form.key, which),
			done: `unpinned the ${what} of key ${form.key}`,
		});
	}
}
