/**
 * The callback body (docs/protocol/callbacks.md#callback-body) for one attempt of a message: the
 * destination's answer (status, every header, body base64, truncated to the plan's max message size
 * by the attempt) and the source message (body base64, headers as one string each, times as strings
 * of unix ms).
 */
import type { CallbackBody } from '../../api/schemas.js';
import { canonicalHeaderName } from '../messages/header-rules.js';
import { joinedHeaders, type StoredMessage } from '../messages/message.js';

export interface AttemptResponse {
	status: number;
	headers: Record<string, string[]>;
	body: Buffer;
}

/**
 * Every header of the destination's answer (Content-Length too), named as the deployed service
 * names them: the SDK's failure function reads `header["Content-Length"]`.
 */
function answerHeaders(headers: Record<string, string[]>): Record<string, string[]> {
	return Object.fromEntries(
		Object.entries(headers).map(([name, values]) => [canonicalHeaderName(name), values]),
	);
}

export function callbackBody(source: StoredMessage, response: AttemptResponse, dlqId?: string): CallbackBody {
	const out: CallbackBody & { dlqId?: string } = {
		status: response.status,
		header: answerHeaders(response.headers),
		body: response.body.toString('base64'),
		retried: source.retried,
		maxRetries: source.maxRetries,
		sourceMessageId: source.id,
		url: source.url,
		method: source.method,
		sourceHeader: joinedHeaders(source.header),
		sourceBody: source.body.toString('base64'),
		notBefore: String(source.notBefore),
		createdAt: String(source.createdAt),
		callerIP: source.callerIp,
	};
	if (source.topicName !== undefined) out.topicName = source.topicName;
	if (source.endpointName !== undefined) out.endpointName = source.endpointName;
	if (dlqId !== undefined) out.dlqId = dlqId;
	return out;
}
