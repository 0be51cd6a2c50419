/**
 * Which message a triggered workflow run became. A batch trigger answers with run ids only,
 * while the Messages pane follows message ids. The service's delivery logs name the message
 * of each CREATED entry with its URL and time, and a deployment that adds the request headers
 * to its logs names the run id too: that match is exact. Otherwise the runs of one batch to
 * one URL take that URL's CREATED events of the same moment in order, as the service starts
 * them in the order of the batch.
 */
import type { DeliveryLog } from '../../data/endpoints.js';

export interface StartedRun {
	runId: string;
	destination: string;
	createdAt: number;
}

/** How long after the run's creation its first event may be logged (never before: one clock). */
const windowMs = 5000;

function headerValue(event: DeliveryLog, name: string): string | undefined {
	const header: unknown = event.header;
	if (typeof header !== 'object' || header === null) return undefined;
	const key = Object.keys(header).find((k) => k.toLowerCase() === name.toLowerCase());
	const value = key === undefined ? undefined : (header as Record<string, unknown>)[key];
	const first = Array.isArray(value) ? value[0] : value;
	return typeof first === 'string' ? first : undefined;
}

/** Run id -> message id, for the runs the events account for; `runIdHeader` is e.g. `Svc-Workflow-RunId`. */
export function matchRunMessages(
	runs: readonly StartedRun[],
	events: readonly DeliveryLog[],
	runIdHeader: string,
	/** Message ids already given to earlier runs. */
	taken: ReadonlySet<string> = new Set(),
): Map<string, string> {
	const created = events.filter((e) => e.state === 'CREATED').reverse();
	const found = new Map<string, string>();
	const used = new Set<string>(taken);
	for (const event of created) {
		const runId = headerValue(event, runIdHeader);
		if (runId && runs.some((r) => r.runId === runId) && !found.has(runId)) {
			found.set(runId, event.messageId);
			used.add(event.messageId);
		}
	}
	for (const run of runs) {
		if (found.has(run.runId)) continue;
		const event = created.find(
			(e) =>
				!used.has(e.messageId) &&
				e.url === run.destination &&
				e.time !== undefined &&
				e.time >= run.createdAt &&
				e.time <= run.createdAt + windowMs &&
				headerValue(e, runIdHeader) === undefined,
		);
		if (!event) continue;
		found.set(run.runId, event.messageId);
		used.add(event.messageId);
	}
	return found;
}
