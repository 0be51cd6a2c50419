/**
 * Turns decoded publish options into stored messages: the plan limits are checked (`invalid`,
 * naming the header at fault), the destination headers are assembled in the order of
 * docs/protocol/publish.md#forwarded-headers (group defaults first, then what the publish forwards,
 * name by name) and checked, so that a header no delivery could send is refused here, and the
 * schedule is fixed (Not-Before wins over Delay). Every operation that makes a message makes it
 * here, so each gets the same checks, the hop count of loop detection included.
 */
import { type Dialect, prefixed } from '../../api/dialect.js';
import { headerValueRule, isHeaderName, isHeaderValue } from '../../api/header-syntax.js';
import {
	checkRetryDelays,
	type DeliveryOverrides,
	defaultRetries,
	PublishOptionError,
	type PublishOptions,
} from '../../api/publish-options.js';
import { parseRetryDelay } from '../../api/retry-delay.js';
import { randomId } from '../../signing/keys.js';
import type { PlanLimits } from '../account/limits.js';
import { invalid } from '../errors.js';
import { canonicalHeaderName, isForwardable } from './header-rules.js';
import { incomingHops } from './hops.js';
import type { CallbackTarget, MessageKind, StoredMessage, WorkflowPart } from './message.js';

export function newMessageId(): string {
	return `msg_${randomId(26)}`;
}

/** Refuses options that ask for more than the plan allows. */
export function checkLimits(
	options: PublishOptions,
	limits: PlanLimits,
	dialect: Dialect,
	now: number,
): void {
	const over = (header: string, detail: string) => invalid(`${prefixed(dialect, header)}: ${detail}`);
	const retries = (header: string, value: number | undefined) => {
		if (value !== undefined && value > limits.max_retries)
			throw over(header, `${value} retries exceed the plan's max_retries of ${limits.max_retries}`);
	};
	const timeout = (header: string, value: number | undefined) => {
		if (value !== undefined && value > limits.timeout * 1000)
			throw over(header, `${value} ms exceeds the plan's timeout of ${limits.timeout} s`);
	};
	const delay = (header: string, value: number | undefined) => {
		if (value !== undefined && value > limits.max_delay * 1000)
			throw over(
				header,
				`a delay of ${value / 1000} s exceeds the plan's max_delay of ${limits.max_delay} s`,
			);
	};
	retries('Retries', options.retries);
	try {
		// Every retry the message can make gets a delay it can wait: never infinity, NaN or less than 0.
		checkRetryDelays(options, options.retries ?? Math.min(defaultRetries, limits.max_retries), dialect);
	} catch (error) {
		if (error instanceof PublishOptionError) throw invalid(error.message);
		throw error;
	}
	retries('Callback-Retries', options.callbackOptions?.retries);
	retries('Failure-Callback-Retries', options.failureCallbackOptions?.retries);
	timeout('Timeout', options.timeoutMs);
	timeout('Callback-Timeout', options.callbackOptions?.timeoutMs);
	timeout('Failure-Callback-Timeout', options.failureCallbackOptions?.timeoutMs);
	delay('Delay', options.delayMs);
	delay('Callback-Delay', options.callbackOptions?.delayMs);
	delay('Failure-Callback-Delay', options.failureCallbackOptions?.delayMs);
	if (options.notBefore !== undefined) delay('Not-Before', Math.max(0, options.notBefore * 1000 - now));
	const flow = options.flowControl;
	if (flow?.parallelism !== undefined && (flow.parallelism < 1 || flow.parallelism > limits.max_parallelism))
		throw over('Flow-Control-Value', `parallelism must be 1 to ${limits.max_parallelism} (max_parallelism)`);
	if (flow?.rate !== undefined && flow.rate < 1) throw over('Flow-Control-Value', 'rate must be at least 1');
	if (flow?.periodMs !== undefined && flow.periodMs < 1)
		throw over('Flow-Control-Value', 'period must be positive');
}

export interface MessageInput {
	kind: MessageKind;
	url: string;
	topicName?: string | undefined;
	endpointName?: string | undefined;
	options: PublishOptions;
	body: Buffer;
	/** Headers the destination gets before anything the publish forwards (group defaults). */
	baseHeaders?: Record<string, string[]> | undefined;
	/** Every incoming header, lowercase; forwarded when Header-Forward is true. */
	incoming?: ReadonlyMap<string, string> | undefined;
	/** Headers the service itself adds (workflow run headers), after all others. */
	extraHeaders?: Record<string, string> | undefined;
	callerIp: string;
	workflowRunId?: string | undefined;
	workflowPart?: WorkflowPart | undefined;
	queueName?: string | undefined;
	scheduleId?: string | undefined;
	/** Passes through the service so far; read from `incoming` when not given. */
	hops?: number | undefined;
	now: number;
}

function callbackTarget(
	url: string | undefined,
	overrides: DeliveryOverrides | undefined,
	forwardHeaders: Record<string, string> | undefined,
): CallbackTarget | undefined {
	return url === undefined ? undefined : { url, overrides, forwardHeaders };
}

export function destinationHeaders(input: MessageInput, dialect: Dialect): Record<string, string[]> {
	const header: Record<string, string[]> = {};
	const set = (name: string, value: string) => {
		header[canonicalHeaderName(name)] = [value];
	};
	for (const [name, values] of Object.entries(input.baseHeaders ?? {}))
		header[canonicalHeaderName(name)] = values;
	if (input.options.headerForward && input.incoming) {
		const prefix = dialect.headerPrefix.toLowerCase();
		for (const [name, value] of input.incoming) if (isForwardable(name, prefix)) set(name, value);
	}
	for (const [name, value] of Object.entries(input.options.forwardHeaders ?? {})) set(name, value);
	if (input.options.contentType !== undefined) set('content-type', input.options.contentType);
	for (const [name, value] of Object.entries(input.extraHeaders ?? {})) set(name, value);
	for (const [name, values] of Object.entries(header)) {
		if (!isHeaderName(name)) throw invalid(`${JSON.stringify(name)} is not a valid header name`);
		if (!values.every(isHeaderValue)) throw invalid(`${name}: ${headerValueRule}`);
	}
	return header;
}

/** The fields of a message that follow from its publish options alone. */
export type OptionFields = Pick<
	StoredMessage,
	'method' | 'retryDelay' | 'callback' | 'failureCallback' | 'labels' | 'flow'
>;

export function optionFields(o: PublishOptions): OptionFields {
	return {
		method: o.method ?? 'POST',
		retryDelay: o.retryDelay === undefined ? undefined : parseRetryDelay(o.retryDelay),
		callback: callbackTarget(o.callback, o.callbackOptions, o.callbackForwardHeaders),
		failureCallback: callbackTarget(
			o.failureCallback,
			o.failureCallbackOptions,
			o.failureCallbackForwardHeaders,
		),
		labels: o.labels,
		flow: o.flowControl,
	};
}

export function createMessage(input: MessageInput, limits: PlanLimits, dialect: Dialect): StoredMessage {
	const o = input.options;
	const hops = input.hops ?? incomingHops(input.incoming, dialect);
	const notBefore =
		o.notBefore !== undefined ? Math.max(input.now, o.notBefore * 1000) : input.now + (o.delayMs ?? 0);
	const derived = optionFields(o);
	return {
		id: newMessageId(),
		kind: input.kind,
		url: input.url,
		topicName: input.topicName,
		endpointName: input.endpointName,
		method: derived.method,
		header: destinationHeaders(input, dialect),
		body: input.body,
		maxRetries: o.retries ?? Math.min(defaultRetries, limits.max_retries),
		retried: 0,
		notBefore,
		createdAt: input.now,
		timeoutMs: o.timeoutMs ?? limits.timeout * 1000,
		retryDelay: derived.retryDelay,
		callback: derived.callback,
		failureCallback: derived.failureCallback,
		callerIp: input.callerIp,
		labels: derived.labels,
		flow: derived.flow,
		workflowRunId: input.workflowRunId,
		workflowPart: input.workflowPart,
		queueName: input.queueName,
		scheduleId: input.scheduleId,
		options: o,
		hops,
		state: 'waiting',
		holdsQueueSlot: false,
		cancelRequested: false,
		target: undefined,
		dueAt: notBefore,
		heapIndex: -1,
		heapSeq: 0,
	};
}

/**
 * A new message with the body, headers and settings of `source` (a dead letter being retried), the
 * given options overriding its own (a retry may carry any publish option:
 * docs/protocol/dead-letters.md#retry).
 */
export function republishedMessage(
	source: StoredMessage,
	overrides: PublishOptions,
	limits: PlanLimits,
	dialect: Dialect,
	now: number,
): StoredMessage {
	// Forwarded headers are already in source.header; a timing of the original does not carry over.
	const { forwardHeaders: _f, headerForward: _h, delayMs: _d, notBefore: _n, ...kept } = source.options;
	return createMessage(
		{
			kind: source.kind,
			url: source.url,
			topicName: source.topicName,
			endpointName: source.endpointName,
			options: { ...kept, ...overrides },
			body: source.body,
			baseHeaders: source.header,
			callerIp: source.callerIp,
			workflowRunId: source.workflowRunId,
			workflowPart: source.workflowPart,
			queueName: source.queueName,
			scheduleId: source.scheduleId,
			// A retried dead letter is the same message going round: it keeps its count of passes.
			hops: source.hops,
			now,
		},
		limits,
		dialect,
	);
}
