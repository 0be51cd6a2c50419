/**
 * Workflow runs as the service reports them and as the workflow SDK drives them
 * (docs/protocol/workflows.md#run-logs, docs/protocol/workflows.md#step-protocol: the SDK's source
 * is the reference; upstash/docs `workflow/openapi.yaml` names the log fields). The client reads
 * these answers liberally: a run needs only its `workflowRunId`, a step nothing at all, and
 * everything else may be missing, null or new. The local service sends exactly these shapes.
 */
import { z } from 'zod';
import { identified } from './liberal.js';

/** Run states of the logs: started (in progress), success, failed, canceled (one L, as sent). */
export const workflowRunStates = ['RUN_STARTED', 'RUN_SUCCESS', 'RUN_FAILED', 'RUN_CANCELED'] as const;
export type WorkflowRunState = (typeof workflowRunStates)[number];

export const workflowStepStates = [
	'STEP_PROGRESS',
	'STEP_SUCCESS',
	'STEP_RETRY',
	'STEP_FAILED',
	'STEP_CANCELED',
] as const;
export type WorkflowStepState = (typeof workflowStepStates)[number];

export const failureFunctionStates = [
	'CALLBACK_INPROGRESS',
	'CALLBACK_SUCCESS',
	'CALLBACK_FAIL',
	'CALLBACK_CANCELED',
] as const;
export type FailureFunctionState = (typeof failureFunctionStates)[number];

/**
 * How a message takes part in a run: `step` carries a step to the route, `toCallback` is the
 * request of a `context.call`, `fromCallback` brings its answer back to the route.
 */
export const workflowCallTypes = ['step', 'toCallback', 'fromCallback'] as const;
export type WorkflowCallType = (typeof workflowCallTypes)[number];

/** The protocol version the SDK speaks (`<prefix>Workflow-Sdk-Version`). */
export const workflowProtocolVersion = '1';

/**
 * The run's steps as a delivery to the route carries them and `GET /v2/workflows/runs/{id}`
 * answers them: the first body is the run's initial payload, each later one a step as the SDK
 * submitted it; bodies are base64.
 */
export const RawStep = z.looseObject({
	messageId: z.string(),
	body: z.string(),
	callType: z.string(),
});
export type RawStep = z.infer<typeof RawStep>;
export const RawSteps = z.array(RawStep);

const HeaderLists = z.record(z.string(), z.array(z.string()));
const int = z.number().int();

/** One failed attempt of a step's message. */
export const StepError = z.looseObject({
	error: z.string(),
	body: z.string().optional(),
	headers: HeaderLists.optional(),
	status: int.optional(),
	time: int,
});
export type StepError = z.infer<typeof StepError>;

/**
 * A step of a run's log. Done steps (`sequential`, `parallel` groups) carry what the step
 * produced (`out`, and per type the call, sleep or wait fields); the `next` group holds the
 * messages in progress, with their retries and errors.
 */
export const WorkflowStepLog = z.looseObject({
	stepId: int.optional(),
	stepName: z.string().optional(),
	stepType: z.string().optional(),
	callType: z.string().optional(),
	messageId: z.string().optional(),
	out: z.unknown().optional(),
	/** Retries of the message carrying the step: at most this many after the first attempt. */
	retries: int.optional(),
	/** Attempts that failed so far (a local addition: the deployed service sends `errors`). */
	retried: int.optional(),
	retryDelay: z.string().optional(),
	concurrent: int.optional(),
	state: z.enum(workflowStepStates).optional(),
	createdAt: int.optional(),
	headers: HeaderLists.optional(),
	callUrl: z.string().optional(),
	callMethod: z.string().optional(),
	callHeaders: HeaderLists.optional(),
	callBody: z.unknown().optional(),
	callResponseStatus: int.optional(),
	callResponseBody: z.unknown().optional(),
	callResponseHeaders: HeaderLists.optional(),
	sleepFor: z.union([z.number(), z.string()]).optional(),
	sleepUntil: z.number().optional(),
	waitEventId: z.string().optional(),
	waitTimeoutDuration: z.string().optional(),
	waitTimeoutDeadline: int.optional(),
	waitTimeout: z.boolean().optional(),
	invokedWorkflowRunId: z.string().optional(),
	invokedWorkflowUrl: z.string().optional(),
	nextDeliveryTime: int.optional(),
	errors: z.array(StepError).optional(),
});
export type WorkflowStepLog = z.infer<typeof WorkflowStepLog>;

export const stepGroupTypes = ['sequential', 'parallel', 'next'] as const;

export const WorkflowStepGroup = z.looseObject({
	type: z.enum(stepGroupTypes),
	steps: z.array(WorkflowStepLog),
});
export type WorkflowStepGroup = z.infer<typeof WorkflowStepGroup>;

/** The message that called the failure function (or the failure URL) of a failed run. */
export const FailureFunctionLog = z.looseObject({
	messageId: z.string().optional(),
	url: z.string().optional(),
	state: z.enum(failureFunctionStates).optional(),
	failStatus: int.optional(),
	failResponse: z.string().optional(),
	failHeaders: HeaderLists.optional(),
	dlqId: z.string().optional(),
	responseStatus: int.optional(),
	responseBody: z.string().optional(),
	responseHeaders: HeaderLists.optional(),
	errors: z.array(StepError).optional(),
});
export type FailureFunctionLog = z.infer<typeof FailureFunctionLog>;

export const WorkflowRunLog = identified(
	z.looseObject({
		workflowRunId: z.string(),
		workflowUrl: z.string(),
		workflowState: z.enum(workflowRunStates),
		workflowRunCreatedAt: int,
		workflowRunCompletedAt: int.optional(),
		workflowRunCallerIp: z.string().optional(),
		steps: z.array(WorkflowStepGroup),
		workflowRunResponse: z.string().optional(),
		failureFunction: FailureFunctionLog.optional(),
		dlqId: z.string().optional(),
		label: z.string().optional(),
		labels: z.array(z.string()).optional(),
		flowControlKey: z.string().optional(),
		invoker: z
			.looseObject({
				workflowRunId: z.string(),
				workflowUrl: z.string(),
				workflowRunCreatedAt: int,
			})
			.optional(),
	}),
	['workflowRunId'],
);
export type WorkflowRunLog = z.infer<typeof WorkflowRunLog>;

/** `GET /v2/workflows/logs`: runs newest first; `cursor` continues below the last. */
export const WorkflowRunsPage = identified(
	z.looseObject({
		cursor: z.string().optional(),
		runs: z.array(WorkflowRunLog),
	}),
	['runs'],
);
export type WorkflowRunsPage = z.infer<typeof WorkflowRunsPage>;

/** A `waitForEvent` step waiting for its event. `deadline` is in unix seconds. */
export const Waiter = z.looseObject({
	url: z.string(),
	deadline: int,
	headers: HeaderLists.optional(),
	timeoutUrl: z.string().optional(),
	timeoutBody: z.string().optional(),
	timeoutHeaders: HeaderLists.optional(),
});
export type Waiter = z.infer<typeof Waiter>;
export const Waiters = z.array(Waiter);

/** One waiter a notify released (or the notify kept for a run that waits later). */
export const NotifyResult = z.looseObject({
	waiter: Waiter.optional(),
	messageId: z.string().optional(),
	error: z.string().optional(),
	deduplicated: z.boolean().optional(),
	workflowRunId: z.string().optional(),
	workflowCreatedAt: int.optional(),
});
export type NotifyResult = z.infer<typeof NotifyResult>;
export const NotifyResults = z.array(NotifyResult);

export const CancelRunsResult = z.looseObject({ cancelled: int });

/**
 * A dead letter of a failed run (`WorkflowDLQMessage` of the workflow reference): only its
 * `dlqId` is required; the rest, and fields the reference does not list, are kept as sent.
 */
export const WorkflowDlqRecord = identified(
	z.looseObject({
		dlqId: z.string(),
		workflowRunId: z.string().optional(),
		workflowUrl: z.string().optional(),
		workflowCreatedAt: z.number().optional(),
		url: z.string().optional(),
		method: z.string().optional(),
		header: z.record(z.string(), z.array(z.string())).optional(),
		body: z.string().optional(),
		maxRetries: z.number().optional(),
		createdAt: z.number().optional(),
		failureCallback: z.string().optional(),
		failureFunctionState: z.string().optional(),
		callerIP: z.string().optional(),
		label: z.string().optional(),
		flowControlKey: z.string().optional(),
		responseStatus: z.number().optional(),
		responseBody: z.string().optional(),
	}),
	['dlqId'],
);
export type WorkflowDlqRecord = z.infer<typeof WorkflowDlqRecord>;

export const WorkflowDlqPage = identified(
	z.looseObject({ messages: z.array(WorkflowDlqRecord), cursor: z.string().optional() }),
	['messages'],
);
export type WorkflowDlqPage = z.infer<typeof WorkflowDlqPage>;

/** The new run of a resume or restart, or the run whose failure callback was called again. */
export const RevivedRun = identified(
	z.looseObject({ workflowRunId: z.string(), workflowCreatedAt: z.number().optional() }),
	['workflowRunId'],
);
export type RevivedRun = z.infer<typeof RevivedRun>;

export const RevivedRuns = identified(
	z.looseObject({ workflowRuns: z.array(RevivedRun), cursor: z.string().optional() }),
	['workflowRuns'],
);
