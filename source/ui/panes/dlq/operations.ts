/**
 * Retries and deletes of dead letters as a person confirms them: which records (the selected
 * one, the marked ones, or every one the filter matches), how many, what happens to them, and
 * the request exactly as it is sent. Pure; the controller counts and sends.
 */
import {
	type DlqCount,
	type DlqSelection,
	deleteDlqManyRequest,
	retryDlqManyRequest,
} from '../../../api/dlq-api.js';
import { describeFilter, isFiltered } from '../../../api/filter-settings.js';
import type { DlqFilter } from '../../../api/filters.js';
import type { Messaging } from '../../../api/transport.js';
import { formatClock } from '../../../format/time.js';
import type { DlqOperation } from './dlq-state.js';

export type OperationKind = DlqOperation['kind'];

/** What an operation is asked for: records by id, or everything the filter matches. */
export type OperationTarget = { dlqIds: readonly string[] } | { filter: DlqFilter };

/** The selection the service gets: ids, the filter, or (no filter) all. */
export function selectionOf(target: OperationTarget): DlqSelection {
	if ('dlqIds' in target) return { dlqIds: target.dlqIds };
	return isFiltered(target.filter) ? { filter: target.filter } : { all: true };
}

const letters = (n: number, complete = true) =>
	`${complete ? '' : 'at least '}${n} dead letter${n === 1 && complete ? '' : 's'}`;

const effects: Record<OperationKind, string> = {
	retry: 'each is published again as a new message and leaves the queue',
	delete: 'gone for good',
};

/** E.g. `retry 2 marked dead letters: each is published again …`; the count first, as it matters most. */
export function operationSummary(kind: OperationKind, target: OperationTarget, count: DlqCount): string {
	if ('dlqIds' in target) {
		const [only] = target.dlqIds;
		const what =
			target.dlqIds.length === 1 && only !== undefined
				? `the dead letter ${only}`
				: `${target.dlqIds.length} marked dead letters`;
		return `${kind} ${what}: ${effects[kind]}`;
	}
	const what = isFiltered(target.filter)
		? `${letters(count.count, count.complete)} the filter matches (${describeFilter(target.filter, formatClock)})`
		: `all ${letters(count.count, count.complete)} (no filter)`;
	return `${kind} ${what}: ${effects[kind]}; repeated with each cursor the service answers`;
}

/** The operation ready for confirmation: its first request built by the client's own builder. */
export function makeOperation(
	messaging: Messaging,
	kind: OperationKind,
	target: OperationTarget,
	count: DlqCount,
): DlqOperation {
	const selection = selectionOf(target);
	return {
		kind,
		selection,
		count: count.count,
		complete: count.complete,
		title: operationSummary(kind, target, count),
		request: kind === 'retry' ? retryDlqManyRequest(messaging, selection) : deleteDlqManyRequest(selection),
	};
}
