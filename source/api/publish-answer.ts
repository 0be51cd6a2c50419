/**
 * The answer to a publish-shaped request (publish, enqueue): one result for a URL, one per
 * endpoint for a URL Group, read liberally.
 */
import { type HttpResponse, readBody } from './http.js';
import type { FieldIssue, Liberal } from './liberal.js';
import { isHttpUrl } from './publish-options.js';
import { GroupPublishMessages, PublishResult } from './schemas.js';

export type PublishAnswer = (
	| { kind: 'url'; result: Liberal<typeof PublishResult> }
	| { kind: 'group'; results: Liberal<typeof PublishResult>[] }
) & { issues: FieldIssue[] };

export function readPublishAnswer(
	operation: string,
	response: HttpResponse,
	destination: string,
): PublishAnswer {
	if (isHttpUrl(destination)) {
		const { data, issues } = readBody(operation, response, PublishResult);
		return { kind: 'url', result: data, issues };
	}
	const { data, issues } = readBody(operation, response, GroupPublishMessages, groupAnswerAsMessages);
	return { kind: 'group', results: data.messages, issues };
}

/**
 * A group publish answered as an array (the SDK; docs/protocol/publish.md#answers), as
 * `{messages: [...]}` (the reference), or as a single `{messageId, ...}` object, as the deployed
 * service may answer: each read as `{messages}`, the single object as a one-item answer.
 */
function groupAnswerAsMessages(json: unknown): unknown {
	if (Array.isArray(json)) return { messages: json };
	const single = typeof json === 'object' && json !== null && !('messages' in json) && 'messageId' in json;
	return single ? { messages: [json] } : json;
}
