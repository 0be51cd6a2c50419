/**
 * The workflow step protocol as the SDK (`@upstash/workflow`) speaks it, in the dialect's
 * names: which headers mark a message as part of a run, what the service adds to each call of
 * the route, and the raw-steps body that carries the run so far. Pure functions.
 */
import { type Dialect, prefixed } from './dialect.js';
import type { RawStep, WorkflowCallType } from './workflow-schemas.js';

/** The workflow headers under one dialect's prefix: `name` as sent, `key` lowercase as read. */
export class WorkflowHeaders {
	readonly runId: string;
	readonly init: string;
	readonly url: string;
	readonly createdAt: string;
	readonly sdkVersion: string;
	readonly callType: string;
	readonly invoke: string;
	readonly label: string;
	/** A response header of the SDK naming the step that failed. */
	readonly errorStepName: string;
	/** On the failure callback to the route: which run failed and that this is it. */
	readonly isFailure: string;
	readonly failureCallback: string;
	/** Forwarded with a `context.call`'s answer: that it is one, and the step it answers. */
	readonly callback: string;
	readonly stepId: string;
	readonly stepName: string;
	/** What the SDK can read, comma-separated (`InitialBody`, `LazyFetch`, ...), of the run and of its failure callback. */
	readonly featureSet: string;
	readonly failureFeatureSet: string;

	constructor(readonly dialect: Dialect) {
		const name = (suffix: string) => prefixed(dialect, suffix);
		this.runId = name('Workflow-RunId');
		this.init = name('Workflow-Init');
		this.url = name('Workflow-Url');
		this.createdAt = name('Workflow-CreatedAt');
		this.sdkVersion = name('Workflow-Sdk-Version');
		this.callType = name('Workflow-CallType');
		this.invoke = name('Workflow-Invoke');
		this.label = name('Label');
		this.errorStepName = name('Error-Step-Name');
		this.isFailure = name('Workflow-Is-Failure');
		this.failureCallback = name('Workflow-Failure-Callback');
		this.callback = name('Workflow-Callback');
		this.stepId = name('Workflow-StepId');
		this.stepName = name('Workflow-StepName');
		this.featureSet = name('Feature-Set');
		this.failureFeatureSet = name('Failure-Callback-Feature-Set');
	}

	/** The run a message belongs to, from its lowercase configuration fields. */
	runOf(fields: ReadonlyMap<string, string>): string | undefined {
		return fields.get(this.runId.toLowerCase())?.trim() || undefined;
	}

	isInit(fields: ReadonlyMap<string, string>): boolean {
		return fields.get(this.init.toLowerCase())?.trim().toLowerCase() === 'true';
	}

	callTypeOf(fields: ReadonlyMap<string, string>): string | undefined {
		return fields.get(this.callType.toLowerCase())?.trim() || undefined;
	}

	/**
	 * Whether the SDK that started a run reads the initial payload as the failure callback's
	 * `sourceBody` (`@upstash/workflow` says so with `InitialBody`); without it, `sourceBody` is
	 * the failed message's body, the steps (the workflow module of `@upstash/qstash` reads that).
	 */
	asksInitialBody(fields: ReadonlyMap<string, string>): boolean {
		return [this.featureSet, this.failureFeatureSet].some((name) =>
			(fields.get(name.toLowerCase()) ?? '').split(',').some((feature) => feature.trim() === 'InitialBody'),
		);
	}
}

/** One entry of a run's history as the SDK reads it. */
export function rawStep(messageId: string, body: string, callType: WorkflowCallType): RawStep {
	return { messageId, body, callType };
}

/** The body of a call to the route: the history up to and including the message's own step. */
export function rawStepsBody(steps: readonly RawStep[]): Buffer {
	return Buffer.from(JSON.stringify(steps));
}

/** A step as the SDK submitted it, read for the logs; anything that is not an object reads as {}. */
export function parseStep(base64Body: string): Record<string, unknown> {
	try {
		const value: unknown = JSON.parse(Buffer.from(base64Body, 'base64').toString('utf8'));
		return typeof value === 'object' && value !== null && !Array.isArray(value)
			? (value as Record<string, unknown>)
			: {};
	} catch {
		return {};
	}
}
