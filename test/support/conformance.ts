/**
 * Reads of the local service as a conformance check. The client reads every answer liberally
 * (only identity fields required), as it must against a deployment; the local service, though,
 * must send exactly what interface.md lists. `conformant(client)` reads through the client's
 * `read*` methods and fails unless the answer read with no issue at all and parses strictly
 * as its complete schema; it returns the strictly typed answer. The local service's tests read
 * through it, so every answer they look at is checked.
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
		listUsers: (signal?: AbortSignal) => conform(MqUsers, client.readUsers(signal)),
		getMqStats: (accountId: string, period: StatsPeriod = '1h', signal?: AbortSignal) =>
			conform(MqStats, client.readMqStats(accountId, period, signal)),
		getVectorStats: (indexId: string, period: StatsPeriod = '1h', signal?: AbortSignal) =>
			conform(VectorIndexStats, client.readVectorStats(indexId, period, signal)),
		getSearchIndex: (indexId: string, signal?: AbortSignal) =>
			conform(SearchIndex, client.readSearchIndex(indexId, signal)),
		getMessage: (messageId: string, signal?: AbortSignal) =>
			conform(Message, client.readMessage(messageId, signal)),
		listEvents: (query: Parameters<MqClient['readEvents']>[0] = {}, signal?: AbortSignal) =>
			conform(EventsPage, client.readEvents(query, signal)),
		listDlq: (cursor?: string) => conform(DlqPage, client.readDlq(cursor)),
		getDlq: (dlqId: string) => conform(DlqRecord, client.readDlqRecord(dlqId)),
		listGroups: (signal?: AbortSignal) => conform(UrlGroups, client.readGroups(signal)),
		getGroup: (name: string, signal?: AbortSignal) => conform(UrlGroup, client.readGroup(name, signal)),
		getSigningKeys: (signal?: AbortSignal) => conform(SigningKeys, client.readSigningKeys(signal)),
		rotateSigningKeys: () => conform(SigningKeys, client.rotateSigningKeys()),
		batchTrigger: (items: WorkflowTriggerItem[]) =>
			conform(WorkflowTriggerResults, client.triggerRuns(items)),
		trigger: (destination: string, body?: string, headers?: Record<string, string>) =>
			conform(WorkflowTriggerResult, client.trigger(destination, body, headers)),
	};
}
