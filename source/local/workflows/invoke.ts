/**
 * `context.invoke`: a run started by another run (`<prefix>Workflow-Invoke: true`). Its start
 * names the invoking run and step; when it ends, the invoking run gets its outcome as that
 * step's result.
 */
import { maxRequestNesting, nestsDeeperThan } from '../../text/json-nesting.js';
import { invalid } from '../errors.js';
import type { RunRecord } from '../stores/workflow-run-store.js';
import { tooDeep } from './too-deep.js';

export type Invoker = NonNullable<RunRecord['invoker']>;

/**
 * The invocation a start carries, read from its body (`{body, workflowRunId, workflowUrl,
 * step}`): the invoked run's payload and its invoker.
 */
export function readInvocation(body: Buffer): { body: string; invoker: Invoker } {
	if (nestsDeeperThan(body, maxRequestNesting)) throw tooDeep('an invoke');
	let request: Record<string, unknown>;
	try {
		request = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
	} catch {
		throw invalid('an invoke carries JSON: {body, workflowRunId, workflowUrl, step}');
	}
	const { workflowRunId, workflowUrl, workflowRunCreatedAt, step, body: payload } = request;
	if (
		typeof workflowRunId !== 'string' ||
		typeof workflowUrl !== 'string' ||
		typeof step !== 'object' ||
		!step
	)
		throw invalid('an invoke names the invoking run: workflowRunId, workflowUrl and step');
	return {
		body: typeof payload === 'string' ? payload : payload === undefined ? '' : JSON.stringify(payload),
		invoker: {
			workflowRunId,
			workflowUrl,
			workflowRunCreatedAt: typeof workflowRunCreatedAt === 'number' ? workflowRunCreatedAt : 0,
			step: step as Record<string, unknown>,
		},
	};
}

/** The step an invoked run that ended gives its invoker: the invoking step, with the outcome as its result. */
export function invokerStep(run: RunRecord, invoker: Invoker): Record<string, unknown> {
	const out = JSON.stringify({
		body: run.response,
		isFailed: run.state === 'RUN_FAILED',
		isCanceled: run.state === 'RUN_CANCELED',
	});
	return { ...invoker.step, out };
}
