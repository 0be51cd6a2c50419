/**
 * `context.call`: the route asks the service to call a URL for it. The request goes out as a
 * message of the run, and the URL's answer comes back to the route as a callback, which the
 * SDK reads as the call step's result.
 */
import type { CallbackBody } from '../../api/schemas.js';
import { rawStep, rawStepsBody } from '../../api/workflow-protocol.js';
import type { Clock } from '../clock.js';
import type { DeliveryEngine } from '../delivery/engine.js';
import type { CallbackTarget, StoredMessage } from '../messages/message.js';
import type { RunRecord, WorkflowRunStore } from '../stores/workflow-run-store.js';
import { base64, type RunHistory } from './history.js';
import { runInProgress } from './run-lookup.js';
import type { RunMessages } from './run-messages.js';

export interface RunCallsDeps {
	clock: Clock;
	runs: WorkflowRunStore;
	messages: RunMessages;
	history: RunHistory;
	/** The delivery engine (it is built with the workflow engine's hooks, so it comes later). */
	delivery: () => DeliveryEngine;
}

export class RunCalls {
	constructor(private readonly deps: RunCallsDeps) {}

	/** The call (`message`, the request the route asked for; `payload`, its entry's body) joins the history and goes out. */
	send(run: RunRecord, message: StoredMessage, payload: string, stepId: number | undefined): void {
		this.deps.history.record(run, message, 'toCallback', payload, {
			call: {
				url: message.url,
				method: message.method,
				headers: message.header,
				...(stepId !== undefined ? { stepId } : {}),
			},
		});
		this.deps.delivery().accept(message);
	}

	/** The call's answer goes to the route as a message of the run; undefined once the run ended. */
	answer(source: StoredMessage, body: CallbackBody, target: CallbackTarget): StoredMessage | undefined {
		const run = runInProgress(this.deps.runs, source.workflowRunId);
		if (!run || source.workflowPart !== 'call') return undefined;
		// A callback that reaches the service again counts as the source's next pass.
		const message = this.deps.messages.callback(run, target, this.deps.clock.now(), source.hops);
		const entry = this.deps.history.record(run, message, 'fromCallback', base64(JSON.stringify(body)));
		// The SDK reads the answer as the first (and only) body of the steps it gets.
		message.body = rawStepsBody([rawStep(entry.messageId, entry.body, 'fromCallback')]);
		return message;
	}
}
