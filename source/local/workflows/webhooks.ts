/**
 * Workflow webhooks (docs/protocol/workflows.md#webhooks): `createWebhook` hands the app the URL
 * `<base>/v2/workflows/hooks/<userId>/<workflowRunId>/<eventId>`, and `waitForWebhook` waits
 * for the event `<eventId>` like `waitForEvent` does. A request of any method to that URL is the
 * event of that one run: the waiting step gets the request (method, headers, body, address) as
 * its data, or, when the run does not wait yet, the request is kept until it does.
 */
import { notFound } from '../errors.js';
import type { WaiterRecord } from '../stores/waiter-store.js';
import type { RunRecord } from '../stores/workflow-run-store.js';
import type { RunWaits } from './waits.js';

/** The request that called a webhook, as it came. */
export interface WebhookCall {
	method: string;
	/** Header fields, names lowercase, each with its values in order. */
	headers: Record<string, string[]>;
	body: Buffer;
	/** `http` or `https`. */
	proto: string;
	/** The authority the caller named (its Host header). */
	host: string;
	/** The path and query exactly as requested. */
	url: string;
}

/** Which waits a webhook URL names. */
export interface WebhookTarget {
	userId: string;
	runId: string;
	eventId: string;
}

/**
 * The event data the SDK's `waitForWebhook` reads back: a JSON object with the method, the
 * headers by name (lists of values), the body in base64 and where the request went.
 */
export function webhookEvent(call: WebhookCall): Buffer {
	return Buffer.from(
		JSON.stringify({
			method: call.method,
			header: call.headers,
			body: call.body.toString('base64'),
			proto: call.proto,
			host: call.host,
			url: call.url,
		}),
	);
}

/**
 * Hands the call to the run's waiting step (or keeps it until the run waits). A URL of another
 * user is not found, as one of no run is: the URL is all a caller has, and it tells nothing.
 */
export function callWebhook(
	waits: RunWaits,
	accountUserId: string,
	target: WebhookTarget,
	call: WebhookCall,
): { run: RunRecord; waiter?: WaiterRecord; messageId?: string } {
	if (target.userId !== accountUserId) throw notFound(`no webhook of user ${JSON.stringify(target.userId)}`);
	return waits.notifyRun(target.runId, target.eventId, webhookEvent(call));
}
