/**
 * The kit pieces the on-call views share: a use against its maximum as a bar, a trend of recent
 * samples, and one change on the service from its confirmation to its answer.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../source/api/errors.js';
import type { ApiRequest } from '../../../source/api/transport.js';
import { previewRequest } from '../../../source/ui/kit/confirm/request-preview.js';
import { gaugeBar, gaugeText, gaugeTone } from '../../../source/ui/kit/gauge/gauge.js';
import {
	askToSend,
	idleRequestFlow,
	initialRequestList,
	type RequestFlow,
	type RequestFlowAction,
	requestFlowReducer,
	requestListReducer,
	sendConfirmed,
} from '../../../source/ui/kit/request-flow/request-flow-state.js';
import { trendColumn } from '../../../source/ui/kit/trend/column.js';
import { addSamples, trendLength, trendText } from '../../../source/ui/kit/trend/trend-state.js';

describe('gauge', () => {
	it('draws a use against its maximum in eighths, never empty when something is used', () => {
		expect(gaugeBar(0, 4, 8)).toBe('░░░░░░░░');
		expect(gaugeBar(2, 4, 8)).toBe('████░░░░');
		expect(gaugeBar(4, 4, 8)).toBe('████████');
		expect(gaugeBar(9, 4, 8)).toBe('████████');
		expect(gaugeBar(1, 16, 8)).toBe('▌░░░░░░░');
		expect(gaugeBar(1, 1000, 8)).toBe('▏░░░░░░░');
		expect([...gaugeBar(3, 7, 10)]).toHaveLength(10);
	});

	it('says when there is no limit or no count, and warns at the maximum', () => {
		expect(gaugeText({ count: 3, max: 4 }, 4)).toBe('███░ 3/4');
		expect(gaugeText({ count: 3, max: 0 })).toBe('unlimited (3 in flight)');
		expect(gaugeText({ count: 3, max: 0 }, 8, 'rate')).toBe('no rate limit (3 this period)');
		expect(gaugeText({ count: undefined, max: undefined })).toBe('unlimited');
		expect(gaugeText({ count: undefined, max: 4 })).toBe('— of 4');
		expect(gaugeTone({ count: 3, max: 4 })).toBeUndefined();
		expect(gaugeTone({ count: 4, max: 4 })).toBe('warn');
		expect(gaugeTone({ count: 5, max: 4 })).toBe('error');
		expect(gaugeTone({ count: 5, max: undefined })).toBeUndefined();
	});
});

describe('trend', () => {
	it('keeps a bounded window per row and drops rows that are gone', () => {
		let trends = addSamples({}, [
			['a', 1],
			['b', 5],
		]);
		for (let i = 0; i < trendLength + 5; i++) trends = addSamples(trends, [['a', i]]);
		expect(Object.keys(trends)).toEqual(['a']);
		expect(trends.a).toHaveLength(trendLength);
		expect(trends.a!.at(-1)).toBe(trendLength + 4);
		// A row whose value is missing this time keeps its samples.
		expect(addSamples(trends, [['a', undefined]]).a).toEqual(trends.a);
	});

	it('draws the samples from zero with the way they go', () => {
		expect(trendText(undefined)).toBe('');
		expect(trendText([3])).toBe('');
		// As wide as the samples kept, newest at the right: the columns after it do not move.
		const pad = (n: number) => ' '.repeat(trendLength - n);
		expect(trendText([1, 4, 8])).toBe(`${pad(3)}▂▅█ ↑`);
		expect(trendText([8, 8])).toBe(`${pad(2)}██ →`);
		expect(trendText([8, 0])).toBe(`${pad(2)}█▁ ↓`);
		expect(trendText(Array.from({ length: trendLength }, (_, i) => i))).toHaveLength(trendLength + 2);
		// A narrow column keeps the newest samples and the arrow.
		const column = trendColumn<string>('trend', { q: [1, 4, 8] }, (row) => row);
		expect(column.cut?.(column.cell('q'), 4)).toBe('▅█ ↑');
	});
});

describe('request flow', () => {
	const request: ApiRequest = { operation: 'pause queue q', method: 'POST', path: '/v2/queues/q/pause' };
	const pending = { title: 'pause queue q', request, done: 'paused queue q' };

	function harness(options: { readOnly?: boolean; send?: (r: ApiRequest) => Promise<unknown> } = {}) {
		let state: RequestFlow = idleRequestFlow;
		const sent: ApiRequest[] = [];
		let refreshed = 0;
		const sender = {
			flow: () => state,
			dispatch: (action: RequestFlowAction) => {
				state = requestFlowReducer(state, action);
			},
			readOnly: options.readOnly ?? false,
			send:
				options.send ??
				(async (r: ApiRequest) => {
					sent.push(r);
				}),
			describe: (error: unknown) => (error as Error).message,
			refresh: () => {
				refreshed++;
			},
		};
		return { sender, sent, state: () => state, refreshed: () => refreshed };
	}

	it('sends exactly the confirmed request once, says so and polls again', async () => {
		const h = harness();
		askToSend(h.sender, 'pausing queues', pending);
		expect(h.state().confirm).toBe(pending);
		const [first, second] = await Promise.all([sendConfirmed(h.sender), sendConfirmed(h.sender)]);
		expect([first, second]).toEqual([true, false]);
		expect(h.sent).toEqual([request]);
		expect(h.state()).toEqual({
			confirm: undefined,
			busy: false,
			notice: { tone: 'ok', text: 'done: paused queue q' },
		});
		expect(h.refreshed()).toBe(1);
	});

	it('sends nothing in read-only mode, and says so', async () => {
		const h = harness({ readOnly: true });
		askToSend(h.sender, 'pausing queues', pending);
		expect(h.state().confirm).toBeUndefined();
		expect(h.state().notice?.text).toBe('read-only: pausing queues is disabled; nothing was sent');
		expect(await sendConfirmed(h.sender)).toBe(false);
		expect(h.sent).toEqual([]);
	});

	it('shows a refusal, and a cancel sends nothing', async () => {
		const h = harness({
			send: () =>
				Promise.reject(
					new ApiError({
						operation: 'pause queue q',
						kind: 'http',
						status: 404,
						serverMessage: 'queue "q" not found',
					}),
				),
		});
		askToSend(h.sender, 'pausing queues', pending);
		h.sender.dispatch({ type: 'request/cancel' });
		expect(await sendConfirmed(h.sender)).toBe(false);
		askToSend(h.sender, 'pausing queues', pending);
		expect(await sendConfirmed(h.sender)).toBe(false);
		expect(h.state().notice).toEqual({ tone: 'error', text: expect.stringContaining('queue "q" not found') });
		// Polled again after the refusal: what a request sent in rounds did before it failed shows.
		expect(h.refreshed()).toBe(1);
		expect(h.state().confirm).toBeUndefined();
	});

	it('sends an operation its own way and says what it did, or why it failed', async () => {
		const h = harness();
		const rounds: string[] = [];
		askToSend(h.sender, 'retrying dead letters', pending);
		expect(
			await sendConfirmed(h.sender, async (p) => {
				rounds.push(p.request.path, `${p.request.path}?cursor=2`);
				return 'retried 2 dead letters';
			}),
		).toBe(true);
		expect(rounds).toEqual(['/v2/queues/q/pause', '/v2/queues/q/pause?cursor=2']);
		expect(h.sent).toEqual([]);
		expect(h.state().notice).toEqual({ tone: 'ok', text: 'retried 2 dead letters' });
		askToSend(h.sender, 'retrying dead letters', pending);
		// The reason is the whole line: it names what failed itself.
		await sendConfirmed(h.sender, () => Promise.reject(new Error('retry 2 dead letters failed: HTTP 500')));
		expect(h.state().notice).toEqual({ tone: 'error', text: 'retry 2 dead letters failed: HTTP 500' });
	});

	it("gives a list's actions to the list and the question's to the request flow", () => {
		let state = requestListReducer(initialRequestList, { type: 'select', key: 'q' });
		state = requestListReducer(state, { type: 'detail/open' });
		state = requestListReducer(state, { type: 'request/confirm', pending });
		expect(state).toEqual({ ...initialRequestList, selected: 'q', detail: true, confirm: pending });
		state = requestListReducer(state, { type: 'request/done', notice: { tone: 'ok', text: 'paused' } });
		state = requestListReducer(state, { type: 'detail/close' });
		expect(state).toEqual({ ...initialRequestList, selected: 'q', notice: { tone: 'ok', text: 'paused' } });
	});

	it('previews a request with its headers and raw body as it goes out', () => {
		expect(
			previewRequest({
				operation: 'create schedule',
				method: 'POST',
				path: '/v2/schedules/https://example.org/x',
				headers: { 'Svc-Cron': '* * * * *' },
				body: new TextEncoder().encode('hello'),
			}),
		).toEqual({
			method: 'POST',
			path: '/v2/schedules/https://example.org/x',
			headers: [['Svc-Cron', '* * * * *']],
			body: 'hello',
		});
		expect(previewRequest(request).body).toBeUndefined();
		expect(previewRequest({ ...request, json: { a: 1 } })).toMatchObject({
			headers: [['Content-Type', 'application/json']],
			body: '{"a":1}',
		});
	});
});
