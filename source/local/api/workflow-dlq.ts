/**
 * The workflow DLQ (docs/protocol/workflows.md#dead-letters-of-runs): the dead letters of failed
 * runs, listed, read and deleted as the DLQ's are (the failure callback's own dead letters
 * aside: a run has one here, the step that failed it), and each run resumed from the step that
 * failed or restarted, one (`/resume/{dlqId}`, `/restart/{dlqId}`) or many (`dlqIds`, or filters
 * with `count` and `cursor`), the request's headers overriding the run's settings. A bulk
 * revival is checked whole before any run starts; the dead letter of a run brought back is
 * taken out of the queue.
 */

import type { ServiceContext } from '../context.js';
import { invalid } from '../errors.js';
import { headerFields } from '../http/headers.js';
import { empty, ok, type Reply } from '../http/reply.js';
import type { Request } from '../http/router.js';
import { checkLimits } from '../messages/factory.js';
import { decodeOptions } from '../messages/options.js';
import type { DeadLetter } from '../stores/dlq-store.js';
import type { Revival, RevivalOverrides, RevivalPlan } from '../workflows/revival.js';
import {
	type DlqScope,
	deleteDlqMany,
	dlqNotFound,
	listDlq,
	runOf,
	selectForChange,
	shownLetter,
} from './dlq.js';

const isRunLetter = (letter: DeadLetter) =>
	letter.message.workflowRunId !== undefined && letter.message.workflowPart !== 'failure';

/** A listing answers at most 100 (the reference's most); a bulk revival at most 50 runs a request. */
const listScope: DlqScope = { only: isRunLetter, count: { fallback: 100, max: 100 } };
const revivalPage = 50;

function workflowLetter(ctx: ServiceContext, req: Request): DeadLetter {
	const id = req.params.id ?? '';
	const letter = ctx.dlq.get(id, ctx.clock.now());
	if (!letter || !isRunLetter(letter)) throw dlqNotFound(id);
	return letter;
}

export function listWorkflowDlq(ctx: ServiceContext, req: Request): Reply {
	return listDlq(ctx, req, listScope);
}

export function getWorkflowDlq(ctx: ServiceContext, req: Request): Reply {
	return ok(shownLetter(ctx, workflowLetter(ctx, req)));
}

export function deleteWorkflowDlq(ctx: ServiceContext, req: Request): Reply {
	const letter = workflowLetter(ctx, req);
	ctx.dlq.delete(letter.dlqId, ctx.clock.now());
	return empty();
}

export function deleteWorkflowDlqMany(ctx: ServiceContext, req: Request): Reply {
	return deleteDlqMany(ctx, req, listScope);
}

/** The settings the request's headers override (retries, delays, flow control, label, failure callback). */
function revivalOverrides(ctx: ServiceContext, req: Request): RevivalOverrides {
	const fields = new Map(headerFields(req.raw.headers));
	fields.delete('content-type');
	const { retries, retryDelay, flowControl, labels, failureCallback, delayMs, notBefore } = decodeOptions(
		fields,
		ctx.dialect,
	);
	const overrides: RevivalOverrides = {
		retries,
		retryDelay,
		flowControl,
		labels,
		failureCallback,
		delayMs,
		notBefore,
	};
	for (const key of Object.keys(overrides) as (keyof RevivalOverrides)[])
		if (overrides[key] === undefined) delete overrides[key];
	checkLimits(overrides, ctx.limits, ctx.dialect, ctx.clock.now());
	return overrides;
}

/** Plans every revival (each checked) before any run starts, then starts them. */
function revive(ctx: ServiceContext, req: Request, how: Revival, letters: DeadLetter[]) {
	const overrides = revivalOverrides(ctx, req);
	const plans: { letter: DeadLetter; plan: RevivalPlan }[] = letters.map((letter) => {
		const run = runOf(ctx, letter);
		if (!run)
			throw invalid(
				`dead letter ${JSON.stringify(letter.dlqId)}: its workflow run is no longer kept, so it cannot be ${how}d; nothing was changed`,
			);
		return { letter, plan: ctx.workflows.revival.plan(how, run, letter.message.id, overrides) };
	});
	const now = ctx.clock.now();
	return plans.map(({ letter, plan }) => {
		ctx.usage.request(now);
		const run = ctx.workflows.revival.commit(plan);
		ctx.dlq.delete(letter.dlqId, now);
		return { workflowRunId: run.id, workflowCreatedAt: run.createdAt };
	});
}

function reviveOne(how: Revival) {
	return (ctx: ServiceContext, req: Request): Reply => {
		const [answer] = revive(ctx, req, how, [workflowLetter(ctx, req)]);
		return ok(answer);
	};
}

function reviveMany(how: Revival) {
	return (ctx: ServiceContext, req: Request): Reply => {
		const scope: DlqScope = { only: isRunLetter, count: { fallback: revivalPage, max: 1000 } };
		const { letters, cursor } = selectForChange(ctx, req, 'refuse', scope);
		// By filter, the reference revives at most 50 runs a request; the cursor continues past them.
		const byIds = req.query.has('dlqIds');
		const page = byIds ? letters : letters.slice(0, revivalPage);
		const next = !byIds && letters.length > revivalPage ? letters[revivalPage]?.dlqId : cursor;
		const workflowRuns = revive(ctx, req, how, page);
		return ok(next === undefined ? { workflowRuns } : { workflowRuns, cursor: next });
	};
}

export const resumeWorkflowDlq = reviveOne('resume');
export const restartWorkflowDlq = reviveOne('restart');
export const resumeWorkflowDlqMany = reviveMany('resume');
export const restartWorkflowDlqMany = reviveMany('restart');

/**
 * DELETE /v2/workflows/dlq/callback/{dlqId}: cancels the failure callback of the dead letter's
 * run while it is in progress (after a retry of it); the reference answers 302.
 */
export function cancelFailureCallback(ctx: ServiceContext, req: Request): Reply {
	const letter = workflowLetter(ctx, req);
	const run = runOf(ctx, letter);
	if (!run) throw invalid(`dead letter ${JSON.stringify(letter.dlqId)}: its workflow run is no longer kept`);
	ctx.workflows.failureCallback.cancel(run);
	return { status: 302 };
}
