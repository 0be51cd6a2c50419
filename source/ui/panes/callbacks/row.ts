/**
 * The rows on screen as one grid: the same columns for every kind of request, each as wide as
 * its widest cell, under a header. A column has a few forms, longest first (`failure-callback`,
 * then `fail-cb`); when the grid is too wide for the pane, columns give way one step at a time,
 * the least useful first, for every row alike, and what is still too wide is cut at the end
 * (the message id, the detail last of all). So at 80 columns a row still shows its time to the
 * millisecond, its kind, its verdict, the callback's status and attempts and its message id.
 */

import { sizeColumns } from '../../../format/layout.js';
import { fitText, textWidth, truncate } from '../../../format/text.js';
import { formatClock, formatClockMillis } from '../../../format/time.js';
import { type EventKind, type ReceivedEvent, requestNumber } from '../../../receiver/index.js';
import { describePreview } from '../../../text/body-preview.js';
import { sanitize } from '../../../text/sanitize.js';
import { statusStyle } from '../../../text/style.js';
import type { Segment } from '../../kit/live-line/live-line-view.js';
import { fitUrl } from '../../kit/table/cut.js';
import type { Column } from '../../kit/table/table-view.js';
import { type Tone, toneOfColour } from '../../theme/theme.js';
import type { ReplayState } from './callbacks-state.js';

/** A row to draw: a request, the receiver it came from, whether it is selected, its latest replay. */
export interface GridRow {
	event: ReceivedEvent;
	/** Set for a request of `mqtop listen` (its history, followed), absent for the monitor's own. */
	from?: 'listen' | undefined;
	selected: boolean;
	replay?: ReplayState | undefined;
}

/** A cell: its forms from the longest to the shortest ('' leaves it blank), and how it looks. */
interface Cell {
	forms: readonly string[];
	/** How it is cut to a width it does not fit (default: its end, with `…`). */
	cut?: (width: number) => string;
	/** Cells of it that must show, whole (the detail's dead letter id): columns give way first. */
	least?: number;
	tone?: Tone | undefined;
	bold?: boolean;
	dim?: boolean;
}

type ColumnId =
	| 'time'
	| 'from'
	| 'seq'
	| 'kind'
	| 'verdict'
	| 'answer'
	| 'again'
	| 'status'
	| 'attempts'
	| 'message'
	| 'detail';

interface ColumnSpec {
	id: ColumnId;
	/** The header of each form. */
	headers: readonly string[];
	/** Cut no narrower than this by the final fit (the detail and message ids give way there). */
	min: number;
	/** Cells wider than this are cut with `…`. */
	max?: number;
}

const columns: readonly ColumnSpec[] = [
	{ id: 'time', headers: ['time'], min: 8 },
	{ id: 'from', headers: ['via', ''], min: 1 },
	{ id: 'seq', headers: ['req', ''], min: 2 },
	{ id: 'kind', headers: ['kind'], min: 8 },
	{ id: 'verdict', headers: ['signature', 'sig', 'sig', ''], min: 1, max: 34 },
	{ id: 'answer', headers: ['answered', 'ans'], min: 3, max: 28 },
	{ id: 'again', headers: ['sent again', 'again'], min: 3, max: 28 },
	{ id: 'status', headers: ['status', 'st'], min: 3 },
	{ id: 'attempts', headers: ['retried', 'retried', 'ret'], min: 3 },
	{ id: 'message', headers: ['message'], min: 8, max: 32 },
	{ id: 'detail', headers: ['detail'], min: 0 },
];

/**
 * The order columns give way in, a form at a time, until the grid fits (then cells are cut). The
 * time keeps its milliseconds down to 80 columns, the kind and the message id their sense, the
 * detail its dead letter id, whatever the rows (mqtop listen's, forwarded, rejected, sent again):
 * the verdict and a replay's answer give way to their marks before that.
 */
const steps: readonly (ColumnId | 'gap')[] = [
	'answer',
	'again',
	'answer',
	'verdict',
	'status',
	'from',
	'seq',
	'attempts',
	'message',
	'attempts',
	'verdict',
	'gap',
	'verdict',
	'again',
	'time',
];

const kindTones: Record<EventKind, Tone> = {
	callback: 'accent',
	'failure-callback': 'special',
	delivery: 'info',
	malformed: 'warn',
	oversize: 'error',
};
const shortKinds: Record<EventKind, string> = {
	callback: 'cb',
	'failure-callback': 'fail-cb',
	delivery: 'delivery',
	malformed: 'malformed',
	oversize: 'oversize',
};
/** The kind as a narrow row shows it, which a filter matches too. */
export function shortKind(kind: EventKind): string {
	return shortKinds[kind];
}
const statusTone = (status: number): Tone => toneOfColour[statusStyle(status)] ?? 'error';

/** The cells of a row, by column. */
function cells(row: GridRow): Record<ColumnId, Cell> {
	const { event } = row;
	const cb = event.callback;
	// What an unverified request claims proves nothing: shown dim.
	const claim = event.verified ? {} : { dim: true };
	return {
		time: { forms: [formatClockMillis(event.receivedAt), formatClock(event.receivedAt)], dim: true },
		from: { forms: row.from ? ['listen', 'L'] : [''], tone: 'accent' },
		seq: { forms: [requestNumber(event.seq), ''], bold: true },
		kind: { forms: [event.kind, shortKinds[event.kind]], tone: kindTones[event.kind] },
		verdict: verdictCell(event),
		answer: answerCell(event),
		again: row.replay ? againCell(row.replay) : { forms: [''] },
		status: cb ? { forms: [String(cb.status)], tone: statusTone(cb.status), ...claim } : { forms: [''] },
		attempts: { ...attemptsCell(event), ...claim },
		message: messageCell(cb?.sourceMessageId ?? event.delivery.messageId, claim),
		detail: { ...detailCell(event), ...claim },
	};
}

function verdictCell(event: ReceivedEvent): Cell {
	// The shortest form, the last to come (after a replay's), says it by its mark and colour; the
	// detail says why.
	if (!event.verified) {
		const failure = `✗ ${event.failure ?? 'rejected'}`;
		return { forms: [`✗ ${sanitize(event.reason ?? 'rejected')}`, failure, failure, '✗'], tone: 'error' };
	}
	const key = `✓ ${event.keyPair ? `${sanitize(event.keyPair)} ` : ''}${event.signingKey ?? ''}`.trimEnd();
	if (event.replayOf === undefined) return { forms: [key, '✓'], tone: 'ok' };
	// The same signed request again: accepted, and said.
	const of = `replay of ${requestNumber(event.replayOf)}`;
	return { forms: [`${key} ${of}`, `✓ ${of}`, '✓ replay'], tone: 'warn', bold: true };
}

/** What the receiver answered: the status, or with forwarding the app's answer and its time. */
function answerCell(event: ReceivedEvent): Cell {
	const forward = event.forward;
	// The receiver's own answer follows from the verdict (and --respond): the first to give way.
	if (forward === undefined)
		return {
			forms: [`→ ${event.response.status}`, `→ ${event.response.status}`, ''],
			tone: statusTone(event.response.status),
		};
	if (forward.status === undefined)
		return {
			forms: [`→ app ✗ ${sanitize(forward.error ?? 'unreachable')}`, '→ app ✗', '→ ✗'],
			tone: 'error',
		};
	return {
		forms: [
			`→ app ${forward.status} ${Math.round(forward.ms)} ms`,
			`→ app ${forward.status}`,
			`→ ${forward.status}`,
		],
		tone: statusTone(forward.status),
	};
}

/** The message a request is about (a callback's source message): its id, then its start, which tells it apart. */
function messageCell(id: string | undefined, claim: Partial<Cell>): Cell {
	const text = sanitize(id ?? '');
	return { forms: [text, truncate(text, messageStart)], ...claim };
}

/** The start of a message id that a narrow row shows: its prefix and enough of the random part. */
const messageStart = 16;

/** The replay of a request, beside the original's answer; why not, when it could not be sent. */
function againCell(replay: ReplayState): Cell {
	// The shortest form of each is the mark alone, in the colour of how it went.
	if (replay.state === 'sending') return { forms: ['↻ sending…', '↻ …', '↻'], dim: true };
	if (replay.state === 'failed')
		return { forms: [`↻ ✗ ${sanitize(replay.message)}`, '↻ ✗', '↻'], tone: 'error' };
	const { forward } = replay;
	if (forward.status === undefined)
		return { forms: [`↻ app ✗ ${sanitize(forward.error ?? 'unreachable')}`, '↻ ✗', '↻'], tone: 'error' };
	return {
		forms: [
			`↻ ${replay.edited ? 'edited ' : ''}app ${forward.status} ${Math.round(forward.ms)} ms`,
			`↻ ${forward.status}`,
			'↻',
		],
		tone: statusTone(forward.status),
	};
}

/** A callback's attempts (`retried/maxRetries`, the last one flagged), a delivery's Retried header. */
function attemptsCell(event: ReceivedEvent): Cell {
	const cb = event.callback;
	if (!cb) {
		const retried = event.delivery.retried;
		return { forms: [retried === undefined ? '' : String(retried)] };
	}
	const ok = cb.status >= 200 && cb.status < 300;
	const attempts = `${cb.retried}/${cb.maxRetries}`;
	// The shortest form says it by its colour alone.
	if (cb.exhausted && !ok)
		return { forms: [`${attempts} exhausted`, `${attempts} exh`, attempts], tone: 'error', bold: true };
	if (cb.exhausted) return { forms: [`${attempts} last`, `${attempts} last`, attempts] };
	if (ok) return { forms: [attempts] };
	return { forms: [`${attempts} will retry`, `${attempts} retry`, attempts], tone: 'warn' };
}

/** The rest, in one cell cut at its end: the dead letter, the destination or path, the body or what is wrong. */
function detailCell(event: ReceivedEvent): Cell {
	const cb = event.callback;
	if (cb) {
		const method = `${sanitize(cb.method)} `;
		const url = sanitize(cb.url);
		const dlq = cb.dlqId === undefined ? '' : `dlq ${sanitize(cb.dlqId)}  `;
		return {
			forms: [`${dlq}${method}${url}`],
			// The destination's host and scheme give way before its path, the dead letter id last.
			cut: (w) => {
				const room = w - textWidth(dlq) - textWidth(method);
				if (room >= 8) return `${dlq}${method}${fitUrl(url, room)}`;
				// A cell just as wide as the dead letter id shows it whole, rather than cut for a `…`.
				if (dlq && w < textWidth(dlq)) return truncate(dlq.trimEnd(), w);
				return truncate(`${dlq}${method}${url}`, w);
			},
			...(dlq ? { tone: 'special' as const, least: textWidth(dlq.trimEnd()) } : {}),
		};
	}
	const request = `${sanitize(event.method)} ${sanitize(event.path)}`;
	if (event.problem) return { forms: [`${request}  ${sanitize(event.problem)}`], tone: 'warn' };
	const body = event.body && sanitize(describePreview(event.body));
	return { forms: [body ? `${request}  ${truncate(body, 60)}` : request] };
}

/** The width from which the kind is written whole (`callback`, `failure-callback`). */
const kindWhole = 120;

/** Cells between columns; one when nothing else gives way (before the time's milliseconds do). */
const wideGap = 2;
/** The detail's width below which columns give way rather than it (and then it is cut): a sixth of the row. */
const detailLeast = (room: number) => Math.max(12, Math.floor(room / 6));
/** The selection mark's cells. */
const markWidth = 2;

/** A row's text of a column at a form (its last form when it has fewer). */
function formOf(cell: Cell, level: number): string {
	return cell.forms[Math.min(level, cell.forms.length - 1)]!;
}

export interface Grid {
	header: Segment[];
	/** A line per row, in order: its segments, and whether it is the selected row. */
	lines: { segments: Segment[]; selected: boolean }[];
}

/** The rows as one grid in `width` cells (the selection mark included), with its header. */
export function callbackGrid(rows: readonly GridRow[], width: number): Grid {
	const table = rows.map(cells);
	// The kind's form follows the width alone, not the rows on screen: it never switches as they change.
	const level = new Map<ColumnId, number>([['kind', width >= kindWhole ? 0 : 1]]);
	let gap = wideGap;
	const natural = (spec: ColumnSpec): number => {
		const at = level.get(spec.id) ?? 0;
		let widest = 0;
		for (const row of table) widest = Math.max(widest, textWidth(formOf(row[spec.id], at)));
		// A column blank in every row is left out, header and all.
		if (widest === 0) return 0;
		widest = Math.max(widest, textWidth(spec.headers[Math.min(at, spec.headers.length - 1)]!));
		return Math.min(widest, spec.max ?? widest);
	};
	const room = width - markWidth;
	// The detail at its least: a share of the row, and what it must show whole (a dead letter id).
	let needed = detailLeast(room);
	for (const row of table) needed = Math.max(needed, row.detail.least ?? 0);
	/** The grid's width with the detail (the last column, cut to fit) at its least useful width. */
	const least = () => {
		const shown = columns.map((spec) => {
			const w = natural(spec);
			return spec.id === 'detail' ? Math.min(w, needed) : w;
		});
		const widths = shown.filter((w) => w > 0);
		return widths.reduce((a, b) => a + b, 0) + gap * Math.max(0, widths.length - 1);
	};
	for (const step of steps) {
		if (least() <= room) break;
		if (step === 'gap') gap = 1;
		else level.set(step, (level.get(step) ?? 0) + 1);
	}
	const naturals = columns.map(natural);
	const fixed = least() - Math.min(naturals.at(-1)!, needed);
	// The detail takes what the others leave; only a very narrow pane cuts the others too.
	const widths =
		least() <= room
			? naturals.map((w, i) => (i === naturals.length - 1 && w > 0 ? Math.min(w, room - fixed) : w))
			: sizeColumns(
					columns.map((spec, i) => ({ natural: naturals[i]!, min: Math.min(naturals[i]!, spec.min) })),
					room,
					gap,
				);
	const shown = columns.flatMap((spec, i) => (widths[i]! > 0 ? [{ spec, width: widths[i]! }] : []));
	const fitCell = (text: string, w: number, last: boolean, cell?: Cell) => {
		const cut = cell?.cut && textWidth(text) > w ? cell.cut(w) : text;
		return last ? truncate(cut, w) : fitText(cut, w);
	};
	const between = ' '.repeat(gap);
	const header: Segment[] = [{ text: ' '.repeat(markWidth) }];
	shown.forEach(({ spec, width: w }, i) => {
		const title = spec.headers[Math.min(level.get(spec.id) ?? 0, spec.headers.length - 1)]!;
		const last = i === shown.length - 1;
		header.push({ text: fitCell(title, w, last) + (last ? '' : between), dim: true });
	});
	const lines = table.map((row, r) => {
		const selected = rows[r]!.selected;
		const line: Segment[] = [{ text: selected ? '› ' : '  ' }];
		shown.forEach(({ spec, width: w }, i) => {
			const cell = row[spec.id];
			const last = i === shown.length - 1;
			line.push({
				text: fitCell(formOf(cell, level.get(spec.id) ?? 0), w, last, cell) + (last ? '' : between),
				tone: cell.tone,
				bold: cell.bold,
				dim: cell.dim,
			});
		});
		return { segments: line, selected };
	});
	return { header, lines };
}

/** A request as the order reads it: its event and the receiver it came from. */
export interface OrderedRow {
	event: ReceivedEvent;
	from?: 'listen' | undefined;
}

const sortNumbers: Partial<Record<ColumnId, (event: ReceivedEvent) => number | undefined>> = {
	time: (event) => event.receivedAt,
	seq: (event) => event.seq,
	status: (event) => event.callback?.status,
	attempts: (event) => event.callback?.retried ?? event.delivery.retried,
};

/**
 * The grid's columns as `o` sorts by them, under their full headers: a cell's text as the widest
 * row shows it, the time, the request's number, the status and the attempts as numbers. A
 * replay's outcome changes as it goes, and is not sorted by.
 */
export const orderColumns: readonly Column<OrderedRow>[] = columns
	.filter((spec) => spec.id !== 'again')
	.map((spec) => ({
		header: spec.headers[0] || spec.id,
		cell: (row: OrderedRow) => formOf(cells({ ...row, selected: false })[spec.id], 0),
		...(sortNumbers[spec.id] ? { value: (row: OrderedRow) => sortNumbers[spec.id]!(row.event) } : {}),
	}));
