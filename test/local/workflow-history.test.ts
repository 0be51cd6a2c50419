/**
 * A run's history as it grows (docs/protocol/limits.md#workflow-runs): a step costs the same to
 * keep at the tenth step as at the sixtieth (the run is kept without its history, each entry on
 * its own), the history comes back whole and in order after a restart, and a history is bounded
 * in steps and bytes: a submission past either is refused with 412 that says so, and nothing of it is kept.
 */
import { describe, expect, it } from 'vitest';
import type { LocalService } from '../../source/local/service.js';
import { bearer, keptServices, raw } from './helpers.js';

const kept = keptServices('mqtop-history-', {});

async function startRun(service: LocalService, runId: string): Promise<void> {
	const answer = await raw(`${service.queueUrl}/v2/trigger/${kept.sink.url}/route`, {
		method: 'POST',
		headers: { ...bearer(service), 'Svc-Workflow-RunId': runId, 'Svc-Delay': '1h' },
		body: '{"start":true}',
	});
	expect(answer.status).toBe(200);
}

/** A step of the run as the SDK submits it; its call of the route waits an hour. */
function submit(service: LocalService, runId: string, stepId: number, out: string) {
	return raw(`${service.queueUrl}/v2/publish/${kept.sink.url}/route`, {
		method: 'POST',
		headers: { ...bearer(service), 'Svc-Workflow-RunId': runId, 'Svc-Delay': '1h' },
		body: JSON.stringify({ stepId, stepName: `step ${stepId}`, stepType: 'Run', concurrent: 1, out }),
	});
}

const stepOut = (stepId: number) => `${stepId}:`.padEnd(200_000, 'x');

describe("a run's history as it grows", () => {
	it('costs the same bytes to keep per step at step 60 as at step 10, and comes back whole', async () => {
		const dataDir = kept.dir('grows');
		const service = await kept.start(dataDir);
		await startRun(service, 'wfr_long');
		const written: number[] = [];
		for (let stepId = 1; stepId <= 60; stepId++) {
			const before = service.writtenBytes();
			// Answered once kept: the bytes it cost are written by then.
			expect((await submit(service, 'wfr_long', stepId, stepOut(stepId))).status).toBe(200);
			written.push(service.writtenBytes() - before);
		}
		const atTen = written[9]!;
		const atSixty = written[59]!;
		// About the step itself (its entry and its message), not the run up to it.
		expect(atTen).toBeGreaterThan(200_000);
		expect(atTen).toBeLessThan(800_000);
		expect(atSixty).toBeLessThan(atTen * 1.2);
		await service.close();

		const again = await kept.start(dataDir);
		const run = again.context.runs.get('wfr_long');
		expect(run?.entries).toHaveLength(61);
		expect(JSON.parse(Buffer.from(run!.entries[0]!.body, 'base64').toString())).toEqual({ start: true });
		run!.entries.slice(1).forEach((entry, i) => {
			const step = JSON.parse(Buffer.from(entry.body, 'base64').toString()) as {
				stepId: number;
				out: string;
			};
			expect(step.stepId).toBe(i + 1);
			expect(step.out).toBe(stepOut(i + 1));
		});
		expect(again.context.runs.byMessageId(run!.entries[30]!.messageId)?.id).toBe('wfr_long');
		// It takes more steps after the restart, kept after the others.
		expect((await submit(again, 'wfr_long', 61, 'after')).status).toBe(200);
		await again.close();
		const third = await kept.start(dataDir);
		expect(third.context.runs.get('wfr_long')?.entries).toHaveLength(62);
	});

	it('is refused past the most steps a run keeps, and nothing of the refused step is kept', async () => {
		const service = await kept.start(undefined, { caps: { runHistory: { steps: 4 } } });
		await startRun(service, 'wfr_steps');
		for (let stepId = 1; stepId <= 3; stepId++)
			expect((await submit(service, 'wfr_steps', stepId, 'ok')).status).toBe(200);
		const messages = service.context.engine.messages.size;
		const refused = await submit(service, 'wfr_steps', 4, 'one too many');
		expect(refused.status).toBe(412);
		expect(refused.json()).toEqual({
			error:
				'workflow run "wfr_steps" has 4 steps in its history, the most the local service keeps for a run',
		});
		expect(service.context.runs.get('wfr_steps')?.entries).toHaveLength(4);
		expect(service.context.engine.messages.size).toBe(messages);
	});

	it('is refused past the most bytes a run keeps', async () => {
		const service = await kept.start(undefined, { caps: { runHistory: { bytes: 1_000_000 } } });
		await startRun(service, 'wfr_bytes');
		for (let stepId = 1; stepId <= 3; stepId++)
			expect((await submit(service, 'wfr_bytes', stepId, stepOut(stepId))).status).toBe(200);
		const refused = await submit(service, 'wfr_bytes', 4, stepOut(4));
		expect(refused.status).toBe(412);
		expect(refused.json()).toEqual({
			error: expect.stringMatching(
				/^workflow run "wfr_bytes" would keep \d+ bytes of steps, more than the 1000000 the local service keeps for a run$/,
			),
		});
		expect(service.context.runs.get('wfr_bytes')?.entries).toHaveLength(4);
		// A small step still fits.
		expect((await submit(service, 'wfr_bytes', 4, 'small')).status).toBe(200);
	});
});
