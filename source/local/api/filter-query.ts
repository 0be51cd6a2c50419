/**
 * Reads the filters of the listings and bulk operations from the query (names in
 * source/api/filters.ts) and matches records against them. Several values come as repeated
 * parameters or comma-separated (a URL only splits before another `http(s)://`); a value
 * matches any of its filter's values, and all filters given must match. An unknown parameter
 * is refused, so a misspelt filter never widens a bulk cancel or delete to everything.
 */

import { type FilterField, filterFields } from '../../api/filters.js';
import { eventStates } from '../../api/schemas.js';
import { invalid } from '../errors.js';
import type { StoredMessage } from '../messages/message.js';

export interface FilterSubject {
	messageId: string;
	url: string;
	topicName?: string | undefined;
	scheduleId?: string | undefined;
	queueName?: string | undefined;
	labels?: readonly string[] | undefined;
	callerIp?: string | undefined;
	flowControlKey?: string | undefined;
	/** Unix ms the date filters compare with. */
	time: number;
	state?: string | undefined;
	responseStatus?: number | undefined;
	dlqId?: string | undefined;
	/** `workflow` for a message of a workflow run, with the run's fields (a dead letter's). */
	source?: string | undefined;
	workflowRunId?: string | undefined;
	workflowUrl?: string | undefined;
	/** Unix ms, as text. */
	workflowCreatedAt?: string | undefined;
	failureFunctionState?: string | undefined;
}

export interface ParsedFilter {
	values: Map<FilterField, Set<string>>;
	fromDate: number | undefined;
	toDate: number | undefined;
	/** Nothing was given: everything matches. */
	empty: boolean;
}

const aliases: Record<string, FilterField> = { callerIP: 'callerIp' };
const inProgress = ['ACTIVE', 'RETRY', 'ERROR'];

function split(field: FilterField, value: string): string[] {
	if (field === 'path') return [value];
	const parts =
		field === 'url' || field === 'workflowUrl' ? value.split(/,(?=\s*https?:\/\/)/i) : value.split(',');
	return parts.map((part) => part.trim()).filter(Boolean);
}

function readState(text: string): string[] {
	const state = text.toUpperCase();
	if (!(eventStates as readonly string[]).includes(state))
		throw invalid(`state: expected one of ${eventStates.join(', ')}, got ${JSON.stringify(text)}`);
	if (state === 'IN_PROGRESS') return inProgress;
	return [state === 'CANCELED' ? 'CANCELLED' : state];
}

function readTime(name: string, text: string): number {
	if (!/^\d{1,16}$/.test(text.trim()))
		throw invalid(`${name}: expected unix milliseconds, got ${JSON.stringify(text)}`);
	return Number(text.trim());
}

/**
 * @param allowed the filters this operation takes.
 * @param other further parameters the operation reads itself (count, cursor, ...).
 */
export function parseFilter(
	query: URLSearchParams,
	allowed: readonly FilterField[],
	other: readonly string[],
): ParsedFilter {
	const parsed: ParsedFilter = { values: new Map(), fromDate: undefined, toDate: undefined, empty: true };
	for (const [rawName, value] of query) {
		const name = (aliases[rawName] ?? rawName) as FilterField;
		if (!allowed.includes(name)) {
			if (other.includes(rawName)) continue;
			throw invalid(
				`unknown parameter ${JSON.stringify(rawName)}: this operation takes ${[...allowed, ...other].join(', ')}`,
			);
		}
		if (value.trim() === '') continue;
		parsed.empty = false;
		const kind = filterFields[name];
		if (kind === 'time') {
			parsed[name as 'fromDate' | 'toDate'] = readTime(name, value);
			continue;
		}
		const set = parsed.values.get(name) ?? new Set<string>();
		for (const item of split(name, value)) {
			if (name === 'state') for (const state of readState(item)) set.add(state);
			else if (name === 'responseStatus' && !/^\d{3}$/.test(item))
				throw invalid(`responseStatus: expected an HTTP status, got ${JSON.stringify(item)}`);
			else set.add(item);
		}
		parsed.values.set(name, set);
	}
	return parsed;
}

function destinationParts(url: string): { host: string; path: string } | undefined {
	try {
		const parsed = new URL(url);
		return { host: parsed.host, path: parsed.pathname };
	} catch {
		return undefined;
	}
}

function valuesOf(subject: FilterSubject, field: FilterField): readonly (string | undefined)[] {
	switch (field) {
		case 'messageId':
		case 'messageIds':
			return [subject.messageId];
		case 'dlqIds':
			return [subject.dlqId];
		case 'label':
			return subject.labels ?? [];
		case 'host':
			return [destinationParts(subject.url)?.host];
		case 'path':
			return [destinationParts(subject.url)?.path];
		case 'responseStatus':
			return [subject.responseStatus === undefined ? undefined : String(subject.responseStatus)];
		case 'fromDate':
		case 'toDate':
			return [];
		default:
			return [subject[field]];
	}
}

/** What a message offers the filters; `time` is when it was created. */
export function messageSubject(m: StoredMessage, time = m.createdAt): FilterSubject {
	return {
		messageId: m.id,
		url: m.url,
		topicName: m.topicName,
		scheduleId: m.scheduleId,
		queueName: m.queueName,
		labels: m.labels,
		callerIp: m.callerIp,
		flowControlKey: m.flow?.key,
		time,
	};
}

export function matchesFilter(filter: ParsedFilter, subject: FilterSubject): boolean {
	if (filter.empty) return true;
	if (filter.fromDate !== undefined && subject.time < filter.fromDate) return false;
	if (filter.toDate !== undefined && subject.time > filter.toDate) return false;
	for (const [field, wanted] of filter.values) {
		if (!valuesOf(subject, field).some((value) => value !== undefined && wanted.has(value))) return false;
	}
	return true;
}

/** A test of items against `filter`; with no filter given, everything passes without a look. */
export function filterPredicate<T>(
	filter: ParsedFilter,
	subject: (item: T) => FilterSubject,
): (item: T) => boolean {
	return filter.empty ? () => true : (item) => matchesFilter(filter, subject(item));
}

/** Which filters each operation takes (the reference: the DLQ takes no host or path). */
const shared: FilterField[] = [
	'url',
	'topicName',
	'scheduleId',
	'queueName',
	'label',
	'callerIp',
	'flowControlKey',
	'fromDate',
	'toDate',
];
export const logFilters: FilterField[] = [...shared, 'messageId', 'messageIds', 'state', 'host', 'path'];
export const dlqFilters: FilterField[] = [
	...shared,
	'messageId',
	'responseStatus',
	'dlqIds',
	'source',
	'workflowRunId',
	'workflowUrl',
	'workflowCreatedAt',
	'failureFunctionState',
];
export const cancelFilters: FilterField[] = [...shared, 'messageIds', 'host', 'path'];
