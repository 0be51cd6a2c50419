/**
 * A multi-step workflow for the demo, so that the Workflows view moves on a fresh machine: an
 * order pipeline served on 127.0.0.1 that speaks the workflow SDK's step protocol itself
 * (the demo ships without the SDK). Each order is validated, charged through a `context.call`,
 * recorded, waits for the warehouse (a sleep), sends its receipt and updates stock in
 * parallel, waits for its shipment (an event the demo notifies, or a timeout) and closes.
 * Some cards are declined, so their runs fail past their retries and reach the failure
 * function; some orders are cancelled while they wait. Whether is decided by the order number.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MqClient } from '../api/client.js';
import { WorkflowHeaders } from '../api/workflow-protocol.js';
import { RawSteps, workflowProtocolVersion } from '../api/workflow-schemas.js';
import type { DemoDestinations } from './destinations.js';

/** A step the pipeline has done, as the service hands it back. */
export interface DoneStep {
	stepId: number;
	out?: unknown;
	waitTimeout?: boolean;
}

/** An order as the demo triggers it; its number decides its fate. */
export interface DemoOrder {
	order: number;
}

export const declined = (order: number) => order % 5 === 3;
export const cancelledWhileWaiting = (order: number) => order % 10 === 7;
export const shipmentLate = (order: number) => order % 6 === 5;

interface Planned {
	stepId: number;
	stepName: string;
	stepType: 'Run' | 'Call' | 'SleepFor' | 'Wait';
	concurrent: number;
}

/** The pipeline, step by step; 5 and 6 run in parallel. */
export const pipeline: readonly Planned[] = [
	{ stepId: 1, stepName: 'validate order', stepType: 'Run', concurrent: 1 },
	{ stepId: 2, stepName: 'charge card', stepType: 'Call', concurrent: 1 },
	{ stepId: 3, stepName: 'record payment', stepType: 'Run', concurrent: 1 },
	{ stepId: 4, stepName: 'wait for the warehouse', stepType: 'SleepFor', concurrent: 1 },
	{ stepId: 5, stepName: 'email receipt', stepType: 'Run', concurrent: 2 },
	{ stepId: 6, stepName: 'update stock', stepType: 'Run', concurrent: 2 },
	{ stepId: 7, stepName: 'wait for shipment', stepType: 'Wait', concurrent: 1 },
	{ stepId: 8, stepName: 'close order', stepType: 'Run', concurrent: 1 },
];

export type Move =
	| { kind: 'steps'; steps: (Planned & { out?: unknown; sleepFor?: number })[] }
	| { kind: 'call'; step: Planned }
	| { kind: 'wait'; step: Planned }
	| { kind: 'fail'; step: Planned; message: string }
	| { kind: 'finish'; result: unknown }
	/** A parallel branch whose sibling is not done yet: nothing to do. */
	| { kind: 'none' };

const planned = (id: number) => pipeline.find((step) => step.stepId === id)!;

/** What the pipeline does next, given what is done: a pure function of the run so far. */
export function nextMove(order: DemoOrder, done: ReadonlyMap<number, DoneStep>, sleepSeconds = 2): Move {
	const next = pipeline.find((step) => !done.has(step.stepId));
	if (!next) {
		const shipment = done.get(7);
		return {
			kind: 'finish',
			result: { order: order.order, status: shipment?.waitTimeout ? 'shipment late' : 'shipped' },
		};
	}
	switch (next.stepId) {
		case 1:
			return {
				kind: 'steps',
				steps: [{ ...next, out: JSON.stringify({ valid: true, order: order.order }) }],
			};
		case 2:
			return { kind: 'call', step: next };
		case 3: {
			const charge = done.get(2)?.out;
			const status =
				typeof charge === 'string' ? (JSON.parse(charge) as { status?: number }).status : undefined;
			if (status === undefined || status < 200 || status >= 300)
				return { kind: 'fail', step: next, message: `card declined: the payment service answered ${status}` };
			return { kind: 'steps', steps: [{ ...next, out: JSON.stringify({ paid: true }) }] };
		}
		case 4:
			return { kind: 'steps', steps: [{ ...next, sleepFor: sleepSeconds }] };
		case 5:
		case 6:
			// Both branches go out at once; the delivery of the first one back finds its sibling missing.
			if (done.has(5) || done.has(6)) return { kind: 'none' };
			return {
				kind: 'steps',
				steps: [
					{ ...planned(5), out: JSON.stringify({ emailed: `order-${order.order}@example.org` }) },
					{ ...planned(6), out: JSON.stringify({ stockLeft: 100 - (order.order % 100) }) },
				],
			};
		case 7:
			return { kind: 'wait', step: next };
		default:
			return { kind: 'steps', steps: [{ ...next, out: JSON.stringify({ closed: true }) }] };
	}
}

export interface DemoWorkflowOptions {
	client: MqClient;
	destinations: DemoDestinations;
	onError?: (error: unknown) => void;
	/** The delay before the demo notifies a shipment, in ms. */
	shipAfterMs?: (order: number) => number;
	/** How long an order waits for the warehouse, and at most for its shipment. */
	sleepSeconds?: number;
	shipmentTimeout?: string;
}

export interface DemoWorkflow {
	/** Where runs of the pipeline are triggered. */
	url: string;
	close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
		req.on('error', reject);
	});
}

const fromBase64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');

export async function startDemoWorkflow(options: DemoWorkflowOptions): Promise<DemoWorkflow> {
	const { client, destinations } = options;
	const onError = options.onError ?? (() => {});
	const h = new WorkflowHeaders(client.settings.dialect);
	const timers = new Set<NodeJS.Timeout>();
	const later = (ms: number, work: () => Promise<unknown>) => {
		const timer = setTimeout(() => {
			timers.delete(timer);
			work().catch(onError);
		}, ms);
		timer.unref();
		timers.add(timer);
	};
	let url = '';
	const runHeaders = (runId: string): Record<string, string> => ({
		[h.runId]: runId,
		[h.init]: 'false',
		[h.sdkVersion]: workflowProtocolVersion,
	});

	async function submit(runId: string, move: Extract<Move, { kind: 'steps' }>): Promise<void> {
		await client.messages.batch(
			move.steps.map(({ sleepFor, ...step }) => ({
				destination: url,
				body: JSON.stringify(sleepFor === undefined ? step : { ...step, sleepFor }),
				headers: runHeaders(runId),
				options: { contentType: 'application/json', ...(sleepFor ? { delayMs: sleepFor * 1000 } : {}) },
			})),
		);
	}

	async function act(runId: string, order: DemoOrder, move: Move, res: ServerResponse): Promise<void> {
		switch (move.kind) {
			case 'steps':
				await submit(runId, move);
				if (move.steps.some((s) => s.stepType === 'SleepFor') && cancelledWhileWaiting(order.order))
					later(1000, () => client.workflows.cancel(runId));
				break;
			case 'call':
				await client.messages.batch([
					{
						destination: destinations.url(declined(order.order) ? 'broken' : 'ok', 'charge'),
						body: JSON.stringify({ order: order.order, amount: 12 + (order.order % 30) }),
						headers: { ...runHeaders(runId), [h.callType]: 'toCallback' },
						options: {
							method: 'POST',
							retries: 0,
							contentType: 'application/json',
							callback: url,
							callbackForwardHeaders: {
								[h.callback]: 'true',
								[h.stepId]: String(move.step.stepId),
								[h.stepName]: move.step.stepName,
							},
						},
					},
				]);
				break;
			case 'wait': {
				const eventId = `shipped-${runId}`;
				await client.send({
					operation: 'wait for shipment',
					method: 'POST',
					path: `/v2/wait/${encodeURIComponent(eventId)}`,
					headers: runHeaders(runId),
					json: { url, timeoutUrl: url, timeout: options.shipmentTimeout ?? '12s', step: move.step },
				});
				if (!shipmentLate(order.order))
					later(options.shipAfterMs?.(order.order) ?? 2000 + (order.order % 5) * 1000, () =>
						client.workflows.notify(eventId, JSON.stringify({ carrier: 'demo-post' }), runId),
					);
				break;
			}
			case 'fail':
				res.writeHead(500, {
					'content-type': 'application/json',
					[h.sdkVersion]: workflowProtocolVersion,
					[h.errorStepName]: move.step.stepName,
				});
				res.end(JSON.stringify({ error: 'Error', message: move.message }));
				return;
			case 'finish':
				await client.send({
					operation: 'end workflow run',
					method: 'DELETE',
					path: `/v2/workflows/runs/${encodeURIComponent(runId)}?cancel=false`,
					body: JSON.stringify(move.result),
				});
				break;
			case 'none':
				break;
		}
		answer(res, 200, { ok: true });
	}

	function answer(res: ServerResponse, status: number, body: unknown): void {
		if (res.headersSent) return;
		res.writeHead(status, { 'content-type': 'application/json', [h.sdkVersion]: workflowProtocolVersion });
		res.end(JSON.stringify(body));
	}

	async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const header = (name: string) => {
			const value = req.headers[name.toLowerCase()];
			return Array.isArray(value) ? value[0] : value;
		};
		const runId = header(h.runId);
		const text = await readBody(req);
		if (!runId) return answer(res, 400, { error: 'not a call of a workflow run' });
		// The failure function: a declined order is refunded.
		if (header(h.failureCallback)) return answer(res, 200, { result: 'refund issued' });
		const parsed = RawSteps.safeParse(JSON.parse(text || '[]'));
		if (!parsed.success || parsed.data.length === 0)
			return answer(res, 400, { error: 'no steps in the body' });
		const [first, ...rest] = parsed.data;
		if (header(h.callback)) {
			// A context.call's answer: it becomes the call step's result.
			const callback = JSON.parse(fromBase64(first!.body)) as {
				status: number;
				body?: string;
				header?: unknown;
			};
			const step = planned(Number(header(h.stepId)));
			const out = JSON.stringify({
				status: callback.status,
				body: fromBase64(callback.body ?? ''),
				header: callback.header,
			});
			await submit(runId, { kind: 'steps', steps: [{ ...step, out }] });
			return answer(res, 200, { ok: true });
		}
		const order = JSON.parse(fromBase64(first!.body)) as DemoOrder;
		const done = new Map<number, DoneStep>();
		for (const raw of rest) {
			if (raw.callType !== 'step') continue;
			const step = JSON.parse(fromBase64(raw.body)) as DoneStep;
			done.set(step.stepId, step);
		}
		await act(runId, order, nextMove(order, done, options.sleepSeconds), res);
	}

	const server: Server = createServer((req, res) => {
		handle(req, res).catch((error: unknown) => {
			onError(error);
			answer(res, 500, { error: 'Error', message: error instanceof Error ? error.message : String(error) });
		});
	});
	server.keepAliveTimeout = 5000;
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders/pipeline`;
	return {
		url,
		close: () =>
			new Promise<void>((resolve) => {
				for (const timer of timers) clearTimeout(timer);
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
