/**
 * What a dead letter of either queue (the messages', the workflow runs') shows first: when it
 * failed and the status of the last answer. Pure.
 */
import type { Column } from '../table/table-view.js';
import { statusTone, whenText } from './record.js';

/** The fields of a dead letter the first columns read, each as it was read. */
export interface DeadLetterFacts {
	dlqId?: string | undefined;
	createdAt?: number | undefined;
	responseStatus?: number | undefined;
}

/** When it failed: a dlqId is `<unix ms>-<sequence>` (docs/protocol/dead-letters.md#dead-letter-ids). */
export function failedAt(letter: DeadLetterFacts): number | undefined {
	const match = /^(\d{10,16})-\d+$/.exec(letter.dlqId ?? '');
	return match ? Number(match[1]) : undefined;
}

/** The columns a list of dead letters begins with: when it failed (else was made), the last answer's status. */
export function deadLetterColumns<L extends DeadLetterFacts>(now: number): Column<L>[] {
	return [
		{
			header: 'failed',
			cell: (l) => whenText(failedAt(l) ?? l.createdAt, now),
			value: (l) => failedAt(l) ?? l.createdAt,
			minWidth: 8,
		},
		{
			header: 'status',
			cell: (l) => (l.responseStatus === undefined ? '—' : String(l.responseStatus)),
			value: (l) => l.responseStatus,
			tone: (l) => statusTone(l.responseStatus) ?? 'muted',
			align: 'right',
			minWidth: 6,
		},
	];
}
