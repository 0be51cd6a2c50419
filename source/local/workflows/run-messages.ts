/**
 * The messages of a workflow run. Every call of the route carries what the run was started
 * with (retries, flow control, labels, the headers it forwards) and the workflow headers the
 * SDK reads (run id, creation time, URL, protocol version, label); its body is the run's
 * history up to its own step, or empty when that is larger than a message may be (the SDK
 * then fetches the steps). A `context.call` goes out with its own settings; its answer and
 * the failure callback of a failed run go to the route as the SDK expects them.
 */
import type { Dialect } from '../../api/dialect.js';
import type { DeliveryOverrides, PublishOptions } from '../../api/publish-options.js';
import { rawStepsBody, WorkflowHeaders } from '../../api/workflow-protocol.js';
import { type RawStep, workflowProtocolVersion } from '../../api/workflow-schemas.js';
import type { PlanLimits } from '../account/limits.js';
import { createMessage } from '../messages/factory.js';
import { isConnectionHeader } from '../messages/header-rules.js';
import type { StoredMessage, WorkflowPart } from '../messages/message.js';
import type { RunRecord } from '../stores/workflow-run-store.js';

/** Headers a client forwarded by name that may travel on (never Content-Length, Host and the like). */
export function travellingHeaders(headers: Record<string, string> | undefined): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers ?? {}))
		if (!isConnectionHeader(name.toLowerCase())) out[name] = value;
	return out;
}

/**
 * What every message of a run is sent with, from the options of the message that started it:
 * its timing, deduplication, method and callback were about that message alone.
 */
export function runOptions(start: PublishOptions): PublishOptions {
	const {
		delayMs: _delay,
		notBefore: _notBefore,
		deduplicationId: _id,
		contentBasedDeduplication: _content,
		callback: _callback,
		callbackOptions: _callbackOptions,
		callbackForwardHeaders: _callbackForward,
		method: _method,
		headerForward: _headerForward,
		...kept
	} = start;
	kept.forwardHeaders = travellingHeaders(kept.forwardHeaders);
	if (kept.failureCallbackForwardHeaders)
		kept.failureCallbackForwardHeaders = travellingHeaders(kept.failureCallbackForwardHeaders);
	return kept;
}

/** The run's settings for its calls of the route: its failure callback is the run's, not theirs. */
function callSettings(run: RunRecord): PublishOptions {
	const {
		failureCallback: _url,
		failureCallbackOptions: _options,
		failureCallbackForwardHeaders: _headers,
		...settings
	} = run.options;
	return settings;
}

export class RunMessages {
	readonly headers: WorkflowHeaders;

	constructor(
		private readonly dialect: Dialect,
		private readonly limits: PlanLimits,
	) {
		this.headers = new WorkflowHeaders(dialect);
	}

	/** The workflow headers of every call of the route. */
	runHeaders(run: RunRecord): Record<string, string> {
		const h = this.headers;
		const out: Record<string, string> = {
			[h.runId]: run.id,
			[h.createdAt]: String(run.createdAt),
			[h.url]: run.url,
			[h.sdkVersion]: workflowProtocolVersion,
		};
		const labels = run.options.labels;
		if (labels && labels.length > 0) out[h.label] = labels.join(',');
		return out;
	}

	private message(
		run: RunRecord,
		part: WorkflowPart,
		url: string,
		options: PublishOptions,
		extraHeaders: Record<string, string> | undefined,
		now: number,
		hops: number,
	): StoredMessage {
		return createMessage(
			{
				kind: 'workflow',
				url,
				options,
				body: Buffer.alloc(0),
				extraHeaders,
				callerIp: run.callerIp,
				workflowRunId: run.id,
				workflowPart: part,
				hops,
				now,
			},
			this.limits,
			this.dialect,
		);
	}

	/**
	 * A call of the route, with the run's settings and `own`'s timing (a sleep) and headers;
	 * its body is set once its step is in the history (`setBody`).
	 */
	step(run: RunRecord, url: string, own: PublishOptions, now: number, hops: number): StoredMessage {
		const options: PublishOptions = {
			...callSettings(run),
			method: 'POST',
			forwardHeaders: { ...run.options.forwardHeaders, ...travellingHeaders(own.forwardHeaders) },
		};
		if (own.delayMs !== undefined) options.delayMs = own.delayMs;
		if (own.notBefore !== undefined) options.notBefore = own.notBefore;
		if (own.contentType !== undefined) options.contentType = own.contentType;
		return this.message(run, 'step', url, options, this.runHeaders(run), now, hops);
	}

	/**
	 * The body of a call of the route: the steps up to its own (`steps`, whose body takes
	 * `bytes`), or empty when that is larger than a message may be: the SDK then fetches them.
	 */
	setBody(message: StoredMessage, bytes: number, steps: () => readonly RawStep[]): void {
		message.body = bytes > this.limits.max_message_size ? Buffer.alloc(0) : rawStepsBody(steps());
	}

	/** A `context.call`: to its URL, with exactly the settings the SDK gave it. */
	call(
		run: RunRecord,
		url: string,
		options: PublishOptions,
		body: Buffer,
		now: number,
		hops: number,
	): StoredMessage {
		const message = this.message(
			run,
			'call',
			url,
			{ ...options, forwardHeaders: travellingHeaders(options.forwardHeaders) },
			undefined,
			now,
			hops,
		);
		message.body = body;
		return message;
	}

	/** A `context.call`'s answer, to the route: the callback's settings over the run's. */
	callback(
		run: RunRecord,
		target: {
			url: string;
			overrides: DeliveryOverrides | undefined;
			forwardHeaders: Record<string, string> | undefined;
		},
		now: number,
		hops: number,
	): StoredMessage {
		const options: PublishOptions = {
			...callSettings(run),
			...target.overrides,
			contentType: 'application/json',
			forwardHeaders: { ...run.options.forwardHeaders, ...travellingHeaders(target.forwardHeaders) },
		};
		return this.message(run, 'callback', target.url, options, this.runHeaders(run), now, hops);
	}

	/**
	 * The failure callback of a failed run: to its failure URL (the route itself unless it was
	 * started with another), marked so that the SDK runs the failure function.
	 */
	failure(run: RunRecord, body: Buffer, now: number, hops: number): StoredMessage {
		const h = this.headers;
		const { failureCallback, failureCallbackOptions, failureCallbackForwardHeaders } = run.options;
		const options: PublishOptions = {
			...callSettings(run),
			...failureCallbackOptions,
			method: 'POST',
			contentType: 'application/json',
			forwardHeaders: {
				...run.options.forwardHeaders,
				...failureCallbackForwardHeaders,
				[h.isFailure]: 'true',
				[h.failureCallback]: 'true',
			},
		};
		const message = this.message(
			run,
			'failure',
			failureCallback ?? run.url,
			options,
			this.runHeaders(run),
			now,
			hops,
		);
		message.body = body;
		return message;
	}
}
