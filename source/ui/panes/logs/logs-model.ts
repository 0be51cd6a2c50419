/** What the Logs pane shows of an entry: its row key, its columns, its detail. Pure. */
import type { LogLine } from '../../../api/logs-api.js';
import { LogEntry } from '../../../api/messaging-schemas.js';
import { formatClock, formatClockMillis } from '../../../format/time.js';
import { sanitize } from '../../../text/sanitize.js';
import {
	destinationText,
	headersAndBody,
	labelsText,
	logBody,
	recordLines,
	responseStatusLines,
	statusTone,
	whenText,
} from '../../kit/delivery/record.js';
import { type DetailLine, pair, title, unknownFieldsSection } from '../../kit/detail-view/lines.js';
import { fitUrl } from '../../kit/table/cut.js';
import type { Column } from '../../kit/table/table-view.js';
import type { Tone } from '../../theme/theme.js';

const stateTones: Record<string, Tone> = {
	CREATED: 'muted',
	ACTIVE: 'info',
	IN_PROGRESS: 'info',
	RETRY: 'warn',
	ERROR: 'error',
	DELIVERED: 'ok',
	FAILED: 'error',
	CANCEL_REQUESTED: 'special',
	CANCELLED: 'muted',
	CANCELED: 'muted',
};

/** The tone of a state; a state nobody listed is shown as it came, plain. */
export function stateTone(state: string | undefined): Tone | undefined {
	return state === undefined ? undefined : stateTones[state];
}

/**
 * Keys of the rows, in order: entries have no id, so time, message and state, with a count
 * for an entry that repeats all three.
 */
export function rowKeys(lines: readonly LogLine[]): string[] {
	const seen = new Map<string, number>();
	return lines.map((line) => {
		const base = `${line.time ?? ''} ${line.messageId} ${line.state ?? ''}`;
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		return count === 0 ? base : `${base} #${count + 1}`;
	});
}

/** What happened besides the state: the error, and when the next attempt is due. */
function outcome(line: LogLine): string {
	const parts = [
		line.error ? sanitize(line.error) : '',
		line.nextDeliveryTime ? `next ${formatClock(line.nextDeliveryTime)}` : '',
	];
	return parts.filter(Boolean).join(' · ');
}

export function logColumns(now: number): Column<LogLine>[] {
	return [
		{ header: 'time', cell: (l) => whenText(l.time, now), value: (l) => l.time, minWidth: 8 },
		{ header: 'state', cell: (l) => sanitize(l.state ?? '—'), tone: (l) => stateTone(l.state), minWidth: 7 },
		{
			header: 'status',
			cell: (l) => (l.responseStatus === undefined ? '' : String(l.responseStatus)),
			value: (l) => l.responseStatus,
			tone: (l) => statusTone(l.responseStatus),
			align: 'right',
			minWidth: 6,
		},
		{ header: 'message', cell: (l) => sanitize(l.messageId), minWidth: 10, maxWidth: 34 },
		{ header: 'destination', cell: destinationText, minWidth: 12, maxWidth: 60, cut: fitUrl },
		{ header: 'labels', cell: labelsText, minWidth: 6, maxWidth: 24 },
		{ header: 'error / next attempt', cell: outcome, minWidth: 10 },
	];
}

const labelWidth = 18;

/** Everything about one entry: the state change, the message, the destination's answer. */
export function logDetail(line: LogLine, width: number): DetailLine[] {
	const kv = (label: string, value: string, tone?: Tone) => pair(label, value, width, labelWidth, tone);
	const lines: DetailLine[] = [];
	if (line.time !== undefined) lines.push(...kv('time', formatClockMillis(line.time)));
	lines.push(...kv('state', sanitize(line.state ?? '—'), stateTone(line.state)));
	if (line.error) lines.push(...kv('error', sanitize(line.error), 'error'));
	if (line.nextDeliveryTime) lines.push(...kv('next attempt', formatClockMillis(line.nextDeliveryTime)));
	lines.push(...recordLines(line, width, labelWidth));
	const answer = line.responseHeader !== undefined || line.responseBody !== undefined;
	if (answer || line.responseStatus !== undefined) {
		lines.push(...title('Response'), ...responseStatusLines(line.responseStatus, width, labelWidth));
		// A service may log the status of a delivery without the answer itself.
		if (answer)
			lines.push(
				...headersAndBody('Response', line.responseHeader, logBody(line.responseBody), width, labelWidth),
			);
		else lines.push({ text: 'its headers and body are not in this entry', dim: true });
	}
	lines.push(...headersAndBody('Message', line.header, logBody(line.body), width, labelWidth));
	lines.push(...unknownFieldsSection(LogEntry, line, width, labelWidth));
	return lines;
}
