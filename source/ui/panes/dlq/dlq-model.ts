/** What the Dead letters pane shows of a record: its row key, its columns and its detail. Pure. */
import type { DeadLetter } from '../../../api/dlq-api.js';
import { DlqRecord } from '../../../api/schemas.js';
import { formatClockMillis } from '../../../format/time.js';
import { sanitize } from '../../../text/sanitize.js';
import { deadLetterColumns, failedAt } from '../../kit/delivery/dead-letter.js';
import {
	destinationText,
	headersAndBody,
	labelsText,
	lastResponseLines,
	recordLines,
} from '../../kit/delivery/record.js';
import {
	type DetailLine,
	messageBodyPreview,
	pair,
	unknownFieldsSection,
} from '../../kit/detail-view/lines.js';
import { fitUrl } from '../../kit/table/cut.js';
import type { Column } from '../../kit/table/table-view.js';

/**
 * The key of a row: its dlqId, or its message id for a record without one (the reference's
 * schema has none; such a record is shown but cannot be retried or deleted).
 */
export const rowKey = (letter: DeadLetter) => letter.dlqId ?? letter.messageId;

export function dlqColumns(now: number): Column<DeadLetter>[] {
	return [
		...deadLetterColumns<DeadLetter>(now),
		{ header: 'destination', cell: destinationText, minWidth: 12, maxWidth: 60, cut: fitUrl },
		{ header: 'labels', cell: labelsText, minWidth: 6, maxWidth: 24 },
		{ header: 'message', cell: (l) => sanitize(l.messageId), minWidth: 10, maxWidth: 34 },
		{ header: 'dlq id', cell: (l) => (l.dlqId ? sanitize(l.dlqId) : '— (cannot be acted on)'), minWidth: 8 },
	];
}

const labelWidth = 18;

/** Everything about one dead letter: the message, its settings, the destination's last answer. */
export function dlqDetail(letter: DeadLetter, width: number): DetailLine[] {
	const kv = (label: string, value: string) => pair(label, value, width, labelWidth);
	const failed = failedAt(letter);
	const lines: DetailLine[] = [
		...kv('dead letter id', letter.dlqId ? sanitize(letter.dlqId) : '— (none sent: cannot be acted on)'),
	];
	if (failed !== undefined) lines.push(...kv('failed', formatClockMillis(failed)));
	if (letter.createdAt !== undefined) lines.push(...kv('created', formatClockMillis(letter.createdAt)));
	lines.push(...recordLines(letter, width, labelWidth));
	lines.push(
		...lastResponseLines(letter, width, labelWidth),
		...headersAndBody(
			'Message',
			letter.header,
			messageBodyPreview(letter.body, letter.bodyBase64),
			width,
			labelWidth,
		),
		...unknownFieldsSection(DlqRecord, letter, width, labelWidth),
	);
	return lines;
}
