/**
 * The filters of the dead letter queue and the delivery logs as a person types them (command
 * flags, form fields): several values separated by commas (or a repeated flag), times as a
 * span ago (`15m`), a date (`2026-01-31T09:00`), unix seconds or milliseconds, or `now`. The
 * result is the filter the client sends (filters.ts); each refusal names the field at fault,
 * so the CLI and the TUI refuse the same values with the same words.
 */
import { DurationError, parseDuration } from './duration.js';
import type { DlqFilter, LogFilter, MessageFilter } from './filters.js';
import { SettingError } from './publish-settings.js';
import { eventStates } from './schemas.js';

/** The fields a person fills in; `group` is the URL Group (`topicName` on the wire). */
export const filterInputFields = [
	'state',
	'messageId',
	'url',
	'group',
	'label',
	'status',
	'from',
	'to',
] as const;
export type FilterInputField = (typeof filterInputFields)[number];

/** What was typed: one text per field (commas separate values), or the values of a repeated flag. */
export type FilterInput = Partial<Record<FilterInputField, string | readonly string[]>>;

/** Which fields each listing takes: all but the state (the dead letter queue's are all failed), all but the status. */
export const dlqFilterFields: readonly FilterInputField[] = filterInputFields.filter((f) => f !== 'state');
export const logFilterFields: readonly FilterInputField[] = filterInputFields.filter((f) => f !== 'status');

export type FilterErrors = Partial<Record<FilterInputField, string>>;

export interface FilterCheck<F> {
	filter: F;
	/** Empty when every field is right. */
	errors: FilterErrors;
}

/** Below this a unix time is in seconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const secondsBelow = 1e11;

/**
 * A time bound in unix milliseconds: `now`, a span ago (`15m`, `2h`, `1d`), unix seconds or
 * milliseconds, or a date (`2026-01-31`, `2026-01-31T09:00` in local time, or with a zone).
 */
export function parseTimeBound(text: string, now: number): number {
	const input = text.trim();
	if (input.toLowerCase() === 'now') return now;
	if (/^\d+$/.test(input)) {
		const value = Number(input);
		if (!Number.isSafeInteger(value)) throw new SettingError(`${input} is too large for a time`);
		return value < secondsBelow ? value * 1000 : value;
	}
	if (/^(\d+(ms|d|h|m|s))+$/.test(input)) {
		try {
			return Math.max(0, now - parseDuration(input));
		} catch (error) {
			if (error instanceof DurationError) throw new SettingError(error.message);
			throw error;
		}
	}
	const ms = /^\d{4}-\d{2}-\d{2}/.test(input) ? Date.parse(input) : Number.NaN;
	if (Number.isNaN(ms) || ms < 0)
		throw new SettingError(
			`expected a time: a span ago (15m, 2h, 1d), a date (2026-01-31T09:00), unix seconds or ms, or now; got ${JSON.stringify(text)}`,
		);
	return ms;
}

/** The values of a field: a repeated flag's values, each split at commas (a URL only before another URL). */
export function filterValues(
	field: FilterInputField,
	value: string | readonly string[] | undefined,
): string[] {
	if (value === undefined) return [];
	const texts = typeof value === 'string' ? [value] : value;
	const separator = field === 'url' ? /,(?=\s*https?:\/\/)/i : /,/;
	return texts
		.flatMap((text) => text.split(separator))
		.map((part) => part.trim())
		.filter(Boolean);
}

interface Checked {
	messageId?: string;
	url?: string[];
	topicName?: string[];
	label?: string[];
	responseStatus?: number[];
	state?: string[];
	fromDate?: number;
	toDate?: number;
}

function check(input: FilterInput, fields: readonly FilterInputField[], now: number): FilterCheck<Checked> {
	const errors: FilterErrors = {};
	const filter: Checked = {};
	const values = (field: FilterInputField) =>
		fields.includes(field) ? filterValues(field, input[field]) : [];
	const many = (field: FilterInputField, key: 'url' | 'topicName' | 'label') => {
		const list = values(field);
		if (list.length > 0) filter[key] = list;
	};
	many('url', 'url');
	many('group', 'topicName');
	many('label', 'label');

	const ids = values('messageId');
	if (ids.length > 1) errors.messageId = 'one message id at a time';
	else if (ids[0] !== undefined && /\s/.test(ids[0])) errors.messageId = 'a message id has no spaces';
	else if (ids[0] !== undefined) filter.messageId = ids[0];

	const statuses = values('status');
	const badStatus = statuses.find((s) => !/^[1-5]\d\d$/.test(s));
	if (badStatus !== undefined)
		errors.status = `expected HTTP statuses such as 500 or 404,429; got ${JSON.stringify(badStatus)}`;
	else if (statuses.length > 0) filter.responseStatus = statuses.map(Number);

	const states = values('state').map((s) => s.toUpperCase());
	const badState = states.find((s) => !(eventStates as readonly string[]).includes(s));
	if (badState !== undefined)
		errors.state = `expected states among ${eventStates.join(', ')}; got ${JSON.stringify(badState)}`;
	else if (states.length > 0) filter.state = states;

	const time = (field: 'from' | 'to', key: 'fromDate' | 'toDate') => {
		const [text, ...more] = values(field);
		if (text === undefined) return;
		if (more.length > 0) errors[field] = 'one time, not several';
		else
			try {
				filter[key] = parseTimeBound(text, now);
			} catch (error) {
				if (!(error instanceof SettingError)) throw error;
				errors[field] = error.message;
			}
	};
	time('from', 'fromDate');
	time('to', 'toDate');
	if (filter.fromDate !== undefined && filter.toDate !== undefined && filter.toDate < filter.fromDate)
		errors.to = 'the end of the time range is before its start';
	return { filter, errors };
}

/** The dead letter filter of what was typed, checked; fields the DLQ does not take are left out. */
export function dlqFilterOf(input: FilterInput, now: number): FilterCheck<DlqFilter> {
	return check(input, dlqFilterFields, now);
}

/** The log filter of what was typed, checked; fields the logs do not take are left out. */
export function logFilterOf(input: FilterInput, now: number): FilterCheck<LogFilter> {
	return check(input, logFilterFields, now);
}

/** Whether a filter selects anything less than everything. */
export function isFiltered(filter: MessageFilter): boolean {
	return Object.values(filter).some((v) => v !== undefined && (!Array.isArray(v) || v.length > 0));
}

const labels: Record<string, string> = {
	state: 'state',
	messageId: 'message',
	messageIds: 'messages',
	url: 'url',
	topicName: 'group',
	scheduleId: 'schedule',
	queueName: 'queue',
	label: 'label',
	callerIp: 'caller',
	flowControlKey: 'flow key',
	host: 'host',
	path: 'path',
	responseStatus: 'status',
};

/**
 * A filter in words, e.g. `url https://a.example/x · label orders,eu · from 2026-01-31 09:00:00Z`;
 * times as `formatTime` writes them. Values are the person's own (or the service's): sanitise
 * before showing.
 */
export function describeFilter(filter: MessageFilter, formatTime: (ms: number) => string): string {
	const parts: string[] = [];
	for (const [key, value] of Object.entries(filter)) {
		if (value === undefined || key === 'fromDate' || key === 'toDate') continue;
		const list = Array.isArray(value) ? value : [value];
		if (list.length > 0) parts.push(`${labels[key] ?? key} ${list.join(',')}`);
	}
	if (filter.fromDate !== undefined) parts.push(`from ${formatTime(filter.fromDate)}`);
	if (filter.toDate !== undefined) parts.push(`to ${formatTime(filter.toDate)}`);
	return parts.join(' · ');
}
