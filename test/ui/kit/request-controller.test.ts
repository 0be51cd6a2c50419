/**
 * The controller every editing pane extends: its question asked only where edits are allowed,
 * answered by a no (nothing sent) or a yes (exactly what was shown, once, or as the pane's
 * `perform` sends it), and nothing dispatched once it is disposed.
 */
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../../source/api/transport.js';
import { ReducerStore } from '../../../source/ui/data/store.js';
import { RequestController } from '../../../source/ui/kit/request-flow/request-controller.js';
import {
	askToSend,
	idleRequestFlow,
	type PendingRequest,
	type Perform,
	type RequestFlow,
	type RequestFlowAction,
	requestFlowReducer,
} from '../../../source/ui/kit/request-flow/request-flow-state.js';

const request: ApiRequest = { operation: 'pause queue q', method: 'POST', path: '/v2/queues/q/pause' };
const pending: PendingRequest = { title: 'pause queue q', request, done: 'paused queue q' };

class Pausing extends RequestController<RequestFlow, RequestFlowAction> {
	pause(): void {
		askToSend(this.sender, 'pausing queues', pending);
	}

	say(text: string): void {
		this.info(text);
	}
}

class Counting extends Pausing {
	readonly performed: PendingRequest[] = [];
	protected override readonly perform: Perform<PendingRequest> = async (p) => {
		this.performed.push(p);
		return 'paused it in rounds';
	};
}

function context(readOnly = false) {
	const store = new ReducerStore<RequestFlow, RequestFlowAction>(requestFlowReducer, idleRequestFlow);
	const sent: ApiRequest[] = [];
	let refreshed = 0;
	const client = {
		send: async (r: ApiRequest) => {
			sent.push(r);
		},
	};
	const ctx = { store, readOnly, client, refresh: () => void refreshed++ };
	return { ctx, store, sent, refreshed: () => refreshed };
}

describe('request controller', () => {
	it('asks first, sends exactly what was shown once on a yes, and polls again', async () => {
		const c = context();
		const controller = new Pausing(c.ctx);
		controller.pause();
		expect(c.store.getSnapshot().confirm).toBe(pending);
		await Promise.all([controller.send(), controller.send()]);
		expect(c.sent).toEqual([request]);
		expect(c.store.getSnapshot()).toEqual({
			confirm: undefined,
			busy: false,
			notice: { tone: 'ok', text: 'done: paused queue q' },
		});
		expect(c.refreshed()).toBe(1);
	});

	it('sends nothing on a no', async () => {
		const c = context();
		const controller = new Pausing(c.ctx);
		controller.pause();
		controller.cancelConfirm();
		expect(c.store.getSnapshot().confirm).toBeUndefined();
		await controller.send();
		expect(c.sent).toEqual([]);
	});

	it('asks nothing in read-only mode, and says so', async () => {
		const c = context(true);
		const controller = new Pausing(c.ctx);
		controller.pause();
		expect(c.store.getSnapshot().confirm).toBeUndefined();
		expect(c.store.getSnapshot().notice?.text).toBe(
			'read-only: pausing queues is disabled; nothing was sent',
		);
		await controller.send();
		expect(c.sent).toEqual([]);
	});

	it("sends a pane's own way where it has one", async () => {
		const c = context();
		const controller = new Counting(c.ctx);
		controller.pause();
		await controller.send();
		expect(controller.performed).toEqual([pending]);
		expect(c.sent).toEqual([]);
		expect(c.store.getSnapshot().notice).toEqual({ tone: 'ok', text: 'paused it in rounds' });
	});

	it('dispatches nothing once disposed', () => {
		const c = context();
		const controller = new Pausing(c.ctx);
		controller.say('one');
		expect(c.store.getSnapshot().notice).toEqual({ tone: 'info', text: 'one' });
		controller.dispose();
		controller.say('two');
		controller.pause();
		expect(c.store.getSnapshot()).toEqual({ ...idleRequestFlow, notice: { tone: 'info', text: 'one' } });
	});
});
