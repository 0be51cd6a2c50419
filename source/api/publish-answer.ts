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
	// An array (the SDK, decisions.md) or `{messages: [...]}` (the reference).
	const { data, issues } = readBody(operation, response, GroupPublishMessages, (json) =>
		Array.isArray(json) ? { messages: json } : json,
	);
	return { kind: 'group', results: data.messages, issues };
}
