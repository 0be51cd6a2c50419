/** What the Failed runs pane shows of a failed run's dead letter: its columns and its detail. Pure. */
import type { FailedRun } from '../../../api/workflow-dlq-api.js';
import { WorkflowDlqRecord } from '../../../api/workflow-schemas.js';
import { formatClockMillis } from '../../../format/time.js';
import { sanitize } from '../../../text/sanitize.js';
import { deadLetterColumns, failedAt } from '../../kit/delivery/dead-letter.js';
import { lastResponseLines } from '../../kit/delivery/record.js';
import { type DetailLine, pair, unknownFieldsSection } from '../../kit/detail-view/lines.js';
import { fitUrl } from '../../kit/table/cut.js';
import type { Column } from '../../kit/table/table-view.js';

const text = (value: string | undefined) => (value === undefined ? '—' : sanitize(value));

export function workflowDlqColumns(now: number): Column<FailedRun>[] {
	return [
		...deadLetterColumns<FailedRun>(now),
		// The dlq id is what every edit names: whole even at 80 columns.
		{ header: 'dlq id', cell: (l) => sanitize(l.dlqId), minWidth: 16 },
		{ header: 'run', cell: (l) => text(l.workflowRunId), minWidth: 10, maxWidth: 34 },
		{ header: 'failure fn', cell: (l) => text(l.failureFunctionState), minWidth: 8, maxWidth: 20 },
		{
			header: 'workflow',
			cell: (l) => text(l.workflowUrl ?? l.url),
			minWidth: 12,
			maxWidth: 60,
			cut: fitUrl,
		},
	];
}

const labelWidth = 18;

/** Everything about one failed run: its run, its failure callback, the last answer of its route. */
export function workflowDlqDetail(letter: FailedRun, width: number): DetailLine[] {
	const kv = (label: string, value: string) => pair(label, value, width, labelWidth);
	const lines: DetailLine[] = [...kv('dead letter id', sanitize(letter.dlqId))];
	const failed = failedAt(letter);
	if (failed !== undefined) lines.push(...kv('failed', formatClockMillis(failed)));
	lines.push(...kv('run', text(letter.workflowRunId)));
	lines.push(...kv('workflow', text(letter.workflowUrl)));
	if (letter.workflowCreatedAt !== undefined)
		lines.push(...kv('run started', formatClockMillis(letter.workflowCreatedAt)));
	if (letter.url !== undefined && letter.url !== letter.workflowUrl)
		lines.push(...kv('failed call', text(letter.url)));
	if (letter.label !== undefined) lines.push(...kv('label', text(letter.label)));
	if (letter.failureCallback !== undefined)
		lines.push(...kv('failure callback', text(letter.failureCallback)));
	if (letter.failureFunctionState !== undefined)
		lines.push(...kv('failure fn state', text(letter.failureFunctionState)));
	lines.push(
		...lastResponseLines(letter, width, labelWidth),
		...unknownFieldsSection(WorkflowDlqRecord, letter, width, labelWidth),
	);
	return lines;
}
