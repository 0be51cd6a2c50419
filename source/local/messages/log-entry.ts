/**
 * A delivery log entry as GET /v2/logs and GET /v2/events show it (docs/protocol/logs.md#entry; the
 * reference's LogEntry): the state change, the message it belongs to (headers, base64 body, labels,
 * queue, schedule, flow-control key) and, for an answered attempt, the destination's response.
 * Redacted fields are hidden as everywhere else.
 */
import type { LogRecord } from '../stores/log-store.js';
import { bodyFields, labelFields } from './message.js';
import { isBodyRedacted, redactedValue, shownHeaders } from './redaction.js';

export function logEntry(record: LogRecord): Record<string, unknown> {
	const m = record.message;
	const entry: Record<string, unknown> = {
		time: record.time,
		messageId: m.id,
		state: record.state,
		url: m.url,
		method: m.method,
		header: shownHeaders(m.header, m.options.redact),
		body: isBodyRedacted(m.options.redact) ? redactedValue(m.body) : m.body.toString('base64'),
		maxRetries: m.maxRetries,
		callerIp: m.callerIp,
	};
	if (m.topicName !== undefined) entry.topicName = m.topicName;
	if (m.endpointName !== undefined) entry.endpointName = m.endpointName;
	if (m.queueName !== undefined) entry.queueName = m.queueName;
	if (m.scheduleId !== undefined) entry.scheduleId = m.scheduleId;
	if (m.flow) entry.flowControlKey = m.flow.key;
	Object.assign(entry, labelFields(m.labels));
	if (m.options.retryDelay !== undefined) entry.retryDelayExpression = m.options.retryDelay;
	if (m.callback) entry.callback = m.callback.url;
	if (m.failureCallback) entry.failureCallback = m.failureCallback.url;
	if (record.responseStatus !== undefined) entry.responseStatus = record.responseStatus;
	if (record.responseHeader !== undefined) entry.responseHeader = record.responseHeader;
	if (record.responseBody !== undefined) entry.responseBody = record.responseBody.toString('base64');
	if (record.error !== undefined) entry.error = record.error;
	if (record.nextDeliveryTime !== undefined) entry.nextDeliveryTime = record.nextDeliveryTime;
	return entry;
}

/** The response fields of a DLQ record: body as text when it is UTF-8, else base64. */
export function responseFields(response: {
	status: number;
	headers: Record<string, string[]>;
	body: Buffer;
}): Record<string, unknown> {
	const body = bodyFields(response.body);
	return {
		responseStatus: response.status,
		responseHeader: response.headers,
		...('body' in body ? { responseBody: body.body } : { responseBodyBase64: body.bodyBase64 }),
	};
}
