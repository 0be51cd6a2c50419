/**
 * The demo's order pipeline: a multi-step workflow speaking the step protocol, run by the local
 * service as the workflow SDK's routes are: orders that ship, a declined card that fails its
 * run into the failure function, an order cancelled while it waits, a shipment that is late.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoDestinations, startDemoDestinations } from '../../source/demo/destinations.js';
import { type DemoWorkflow, type DoneStep, nextMove, startDemoWorkflow } from '../../source/demo/workflow.js';
import type { RunRecord } from '../../source/local/stores/workflow-run-store.js';
import { type Fixture, startFixture } from '../local/helpers.js';
import { conformant } from '../support/conformance.js';
import { waitUntil } from '../support/wait.js';

let fx: Fixture;
let destinations: DemoDestinations;
let pipeline: DemoWorkflow;

beforeAll(async () => {
	fx = await startFixture();
	destinations = await startDemoDestinations();
	pipeline = await startDemoWorkflow({
		client: fx.client,
		destinations,
		sleepSeconds: 1,
		shipmentTimeout: '1s',
		shipAfterMs: () => 50,
	});
});

afterAll(async () => {
	await pipeline.close();
	await destinations.close();
	await fx.close();
});

async function ended(id: string): Promise<RunRecord> {
	return waitUntil(
		() => {
			const run = fx.service.context.runs.get(id);
			return run && run.state !== 'RUN_STARTED' ? run : undefined;
		},
		15_000,
		() => `run ${id} is ${fx.service.context.runs.get(id)?.state}`,
	);
}

describe('the demo order pipeline', () => {
	it('plans its steps from what is done', () => {
		const done = new Map<number, DoneStep>();
		const order = { order: 1 };
		const names: string[] = [];
		for (;;) {
			const move = nextMove(order, done);
			if (move.kind === 'finish') break;
			const steps = move.kind === 'steps' ? move.steps : move.kind === 'none' ? [] : [move.step];
			for (const step of steps) {
				names.push(step.stepName);
				const out = step.stepType === 'Call' ? JSON.stringify({ status: 200, body: '{}' }) : undefined;
				done.set(step.stepId, { stepId: step.stepId, out });
			}
		}
		expect(names).toEqual([
			'validate order',
			'charge card',
			'record payment',
			'wait for the warehouse',
			'email receipt',
			'update stock',
			'wait for shipment',
			'close order',
		]);
		// One parallel branch back without the other: nothing to do yet.
		const half = new Map(
			[1, 2, 3, 4, 5].map((id) => [id, { stepId: id, out: id === 2 ? '{"status":200}' : '1' }]),
		);
		expect(nextMove(order, half).kind).toBe('none');
	});

	it('ships orders, fails a declined one into its failure function, cancels one and times one out', async () => {
		const header = (order: number) => ({
			'Svc-Workflow-RunId': `wfr_order_${order}`,
			'Svc-Retries': '1',
			'Svc-Retry-Delay': '50',
		});
		await conformant(fx.client).batchTrigger(
			[1, 3, 5, 7].map((order) => ({
				destination: pipeline.url,
				body: JSON.stringify({ order }),
				headers: header(order),
			})),
		);
		const shipped = await ended('wfr_order_1');
		expect(shipped.state).toBe('RUN_SUCCESS');
		expect(JSON.parse(shipped.response!)).toEqual({ order: 1, status: 'shipped' });
		const late = await ended('wfr_order_5');
		expect(JSON.parse(late.response!)).toEqual({ order: 5, status: 'shipment late' });
		const declined = await ended('wfr_order_3');
		expect(declined.state).toBe('RUN_FAILED');
		await waitUntil(() =>
			fx.service.context.runs.get('wfr_order_3')?.failure?.state === 'CALLBACK_SUCCESS' ? true : undefined,
		);
		expect((await ended('wfr_order_7')).state).toBe('RUN_CANCELED');

		const { data: log } = await fx.client.workflows.run('wfr_order_1');
		const groups = log!.steps!.map((g) => [g.type, g.steps!.map((s) => s.stepName)]);
		expect(groups).toEqual([
			['sequential', ['init']],
			['sequential', ['validate order']],
			['sequential', ['charge card']],
			['sequential', ['record payment']],
			['sequential', ['wait for the warehouse']],
			['parallel', ['email receipt', 'update stock']],
			['sequential', ['wait for shipment']],
			['sequential', ['close order']],
		]);
		const { data: failed } = await fx.client.workflows.run('wfr_order_3');
		expect(failed!.steps!.at(-1)!.steps![0]).toMatchObject({
			stepName: 'record payment',
			state: 'STEP_FAILED',
			retries: 1,
		});
	});
});
