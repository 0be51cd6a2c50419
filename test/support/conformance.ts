/**
 * Reads of the local service as a conformance check. The client reads every answer liberally (only
 * identity fields required), as it must against a deployment; the local service, though, must send
 * exactly what the protocol pages list (docs/protocol/local-server.md#complete-answers).
 * `conformant(client)` reads through the client's `read*` methods and fails unless the answer read
 * with no issue at all and parses strictly as its complete schema; it returns the strictly typed
 * answer. The local service's tests read through it, so every answer they look at is checked.
 */
import type { z } from 'zod';
import type { MqClient } from '../../source/api/client.js';
import { describeIssue, type Liberal, type Reading } from '../../source/api/liberal.js';
import {
	DlqPage,
	DlqRecord,
	describeZodError,
	EventsPage,
	Message,
	MqStats,
	MqUsers,
	SearchIndex,
	SigningKeys,
	type StatsPeriod,
	UrlGroup,
	UrlGroups,
	VectorIndexStats,
	type WorkflowTriggerItem,
	WorkflowTriggerResult,
	WorkflowTriggerResults,
} from '../../source/api/schemas.js';

/** The answer, when it read with no issue and is complete; an Error saying what is off otherwise. */
export async function conform<S extends z.ZodType>(
	schema: S,
	reading: Promise<Reading<Liberal<S>>>,
): Promise<z.infer<S>> {
	const { data, issues } = await reading;
	if (issues.length > 0)
		throw new Error(`the local service sent odd fields: ${issues.map(describeIssue).join('; ')}`);
	const parsed = schema.safeParse(data);
	if (!parsed.success)
		throw new Error(`the local service sent an incomplete answer: ${describeZodError(parsed.error)}`);
	return parsed.data;
}

/** The client's reads, each checked for conformance and typed as the complete answer. */
export function conformant(client: MqClient) {
	return {
		listUsers: (signal?: AbortSignal) => conform(MqUsers, client.management.users(signal)),
		getMqStats: (accountId: string, period: StatsPeriod = '1h', signal?: AbortSignal) =>
			conform(MqStats, client.management.mqStats(accountId, period, signal)),
		getVectorStats: (indexId: string, period: StatsPeriod = '1h', signal?: AbortSignal) =>
			conform(VectorIndexStats, client.management.vectorStats(indexId, period, signal)),
		getSearchIndex: (indexId: string, signal?: AbortSignal) =>
			conform(SearchIndex, client.management.searchIndex(indexId, signal)),
		getMessage: (messageId: string, signal?: AbortSignal) =>
			conform(Message, client.messages.read(messageId, signal)),
		listEvents: (query: Parameters<MqClient['logs']['events']>[0] = {}, signal?: AbortSignal) =>
			conform(EventsPage, client.logs.events(query, signal)),
		listDlq: (cursor?: string) => conform(DlqPage, client.dlq.list(cursor ? { cursor } : {})),
		getDlq: (dlqId: string) => conform(DlqRecord, client.dlq.read(dlqId)),
		listGroups: (signal?: AbortSignal) => conform(UrlGroups, client.groups.list(signal)),
		getGroup: (name: string, signal?: AbortSignal) => conform(UrlGroup, client.groups.read(name, signal)),
		getSigningKeys: (signal?: AbortSignal) => conform(SigningKeys, client.keys.read(signal)),
		rotateSigningKeys: () => conform(SigningKeys, client.keys.rotate()),
		batchTrigger: (items: WorkflowTriggerItem[]) =>
			conform(WorkflowTriggerResults, client.workflows.triggerMany(items)),
		trigger: (destination: string, body?: string, headers?: Record<string, string>) =>
			conform(WorkflowTriggerResult, client.workflows.trigger(destination, body, headers)),
	};
}
