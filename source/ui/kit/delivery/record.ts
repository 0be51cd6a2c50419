/**
 * What the lists of delivery records (dead letters, delivery log entries) show of one: when,
 * the status in its colour, where it went, its labels, and in a detail view the message's
 * settings, headers and body and the destination's answer. Pure; every network string is
 * sanitised here.
 */
import { formatInteger } from '../../../format/number.js';
import { dateOf, formatClock } from '../../../format/time.js';
import { type BodyPreview, previewBase64 } from '../../../text/body-preview.js';
import { sanitize } from '../../../text/sanitize.js';
import { statusStyle } from '../../../text/style.js';
import type { Tone } from '../../theme/theme.js';
import {
	bodyLines,
	type DetailLine,
	detailHexBytes,
	headerLines,
	messageBodyPreview,
	pair,
	title,
} from '../detail-view/lines.js';

/** The fields a dead letter and a log entry share, each as it was read (any may be missing). */
export interface DeliveryRecord {
	messageId: string;
	url?: string | undefined;
	method?: string | undefined;
	topicName?: string | undefined;
	endpointName?: string | undefined;
	label?: string | undefined;
	labels?: readonly string[] | undefined;
	queueName?: string | undefined;
	scheduleId?: string | undefined;
	callerIp?: string | undefined;
	callerIP?: string | undefined;
	flowControlKey?: string | undefined;
	maxRetries?: number | undefined;
	retryDelayExpression?: string | undefined;
	callback?: unknown;
	failureCallback?: unknown;
}

type Headers = Readonly<Record<string, string | readonly string[]>>;

const tones: Record<ReturnType<typeof statusStyle>, Tone> = {
	green: 'ok',
	cyan: 'accent',
	yellow: 'warn',
	red: 'error',
};

/** The tone of an HTTP status: ok 2xx, accent 3xx, warn 4xx, error 5xx; none when there was no answer. */
export function statusTone(status: number | undefined): Tone | undefined {
	return status === undefined ? undefined : tones[statusStyle(status)];
}

const two = (n: number) => String(n).padStart(2, '0');

/** A time in the reader's zone: `HH:MM:SS` today, `YYYY-MM-DD HH:MM` on another day. */
export function whenText(ms: number | undefined, now: number): string {
	if (ms === undefined) return '';
	const d = dateOf(ms);
	if (!d) return String(ms);
	const today = new Date(now);
	if (d.toDateString() === today.toDateString()) return formatClock(ms);
	return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * A retry delay as its unit says it: the expression gives milliseconds (`300 ms`, or
 * `pow(2, retried) * 1000 (ms)`), sanitised.
 */
export function retryDelayText(expression: string): string {
	const text = sanitize(expression.trim());
	return /^\d+$/.test(text) ? `${formatInteger(Number(text))} ms` : `${text} (ms)`;
}

/** Its labels, sanitised: `labels`, or the single `label` of older answers. */
export function labelsText(record: DeliveryRecord): string {
	const labels = record.labels ?? (record.label ? [record.label] : []);
	return sanitize(labels.join(','));
}

/** Where it went: the URL Group (and endpoint) when it went through one, else the URL. */
export function destinationText(record: DeliveryRecord): string {
	if (record.topicName)
		return sanitize(record.endpointName ? `${record.topicName}/${record.endpointName}` : record.topicName);
	return sanitize(record.url ?? '');
}

/** The message's settings as label/value lines: destination, method, group, labels, queue, … */
export function recordLines(record: DeliveryRecord, width: number, labelWidth: number): DetailLine[] {
	const lines: DetailLine[] = [];
	const kv = (label: string, value: unknown) => {
		if (value === undefined || value === '') return;
		lines.push(...pair(label, sanitize(String(value)), width, labelWidth));
	};
	kv('message id', record.messageId);
	kv('destination', record.url);
	kv('method', record.method);
	kv('URL Group', record.topicName);
	kv('endpoint', record.endpointName);
	kv('labels', labelsText(record));
	kv('queue', record.queueName);
	kv('schedule', record.scheduleId);
	kv('flow control', record.flowControlKey);
	kv('caller IP', record.callerIp ?? record.callerIP);
	kv('retries allowed', record.maxRetries);
	if (record.retryDelayExpression !== undefined)
		kv('retry delay', retryDelayText(record.retryDelayExpression));
	if (typeof record.callback === 'string') kv('callback', record.callback);
	if (typeof record.failureCallback === 'string') kv('failure callback', record.failureCallback);
	return lines;
}

/** A titled section of headers, then a body (text when UTF-8, else a hex preview). */
export function headersAndBody(
	heading: string,
	headers: Headers | undefined,
	body: BodyPreview | undefined,
	width: number,
	labelWidth: number,
): DetailLine[] {
	return [
		...title(`${heading} headers`),
		...headerLines(headers ?? {}, width, labelWidth),
		...title(`${heading} body`),
		...(body ? bodyLines(body, width) : [{ text: '(none sent)', dim: true }]),
	];
}

/** The status a destination answered, in its colour; a line that says so when there was none. */
export function responseStatusLines(
	status: number | undefined,
	width: number,
	labelWidth: number,
): DetailLine[] {
	if (status === undefined)
		return pair('status', 'no answer (a timeout or a network error)', width, labelWidth);
	return pair('status', String(status), width, labelWidth, statusTone(status));
}

/**
 * A body of a log entry: base64 as the service sends it, or the `REDACTED:<sha256>` the
 * publisher asked for, shown as it is.
 */
export function logBody(text: string | undefined): BodyPreview | undefined {
	if (text === undefined) return undefined;
	if (text.startsWith('REDACTED')) return { kind: 'text', text, bytes: text.length };
	return previewBase64(text, detailHexBytes);
}

/** The destination's last answer to a dead letter, as its record holds it. */
export interface LastResponse {
	responseStatus?: number | undefined;
	responseHeader?: Headers | undefined;
	responseBody?: string | undefined;
	responseBodyBase64?: string | undefined;
}

/** A dead letter's last response: its status, then its headers and body (when it sent them). */
export function lastResponseLines(record: LastResponse, width: number, labelWidth: number): DetailLine[] {
	const answered = record.responseBody !== undefined || record.responseBodyBase64 !== undefined;
	return [
		...title('Last response'),
		...responseStatusLines(record.responseStatus, width, labelWidth),
		...headersAndBody(
			'Response',
			record.responseHeader,
			answered ? messageBodyPreview(record.responseBody, record.responseBodyBase64) : undefined,
			width,
			labelWidth,
		),
	];
}
