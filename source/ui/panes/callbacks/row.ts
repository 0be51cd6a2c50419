/**
 * One received request as a list row that fits its width. Each column has a few forms, longest
 * first; when the row is too wide the least useful detail goes first (the destination's scheme
 * and host, then its path, what the receiver answered, labels and padding), so that at 80
 * columns a row still shows the source message id and the dead letter id.
 */
import { truncate } from '../../../format/text.js';
import { formatClock, formatClockMillis } from '../../../format/time.js';
import type { EventKind, ReceivedEvent } from '../../../receiver/event.js';
import { describePreview } from '../../../text/body-preview.js';
import { sanitize } from '../../../text/sanitize.js';
import { statusStyle } from '../../../text/style.js';
import type { Segment } from '../../kit/live-line/view.js';
import { urlForms } from '../../kit/table/cut.js';
import { type Tone, toneOfColour } from '../../theme/theme.js';
import type { ReplayState } from './state.js';

interface Column {
	id: string;
	/** Forms from the longest to the shortest; an empty form leaves the column out. */
	forms: string[];
	tone?: Tone | undefined;
	bold?: boolean;
	dim?: boolean;
}

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
const kindWidth = Math.max(...Object.keys(kindTones).map((k) => k.length));
const statusTone = (status: number): Tone => toneOfColour[statusStyle(status)] ?? 'error';

/** The columns of an event's row, each with its forms. */
function columns(event: ReceivedEvent, replay: ReplayState | undefined): Column[] {
	const cb = event.callback;
	const out: Column[] = [
		{
			id: 'time',
			forms: [formatClockMillis(event.receivedAt), formatClock(event.receivedAt)],
			dim: true,
		},
		{
			id: 'kind',
			// A failure callback's row shows its dead letter id, which says as much as the kind.
			forms: [
				event.kind.padEnd(kindWidth),
				event.kind,
				shortKinds[event.kind],
				...(cb?.dlqId !== undefined ? [''] : []),
			],
			tone: kindTones[event.kind],
		},
		event.verified
			? {
					id: 'verdict',
					forms: [
						`✓ ${event.keyPair ? `${sanitize(event.keyPair)} ` : ''}${event.signingKey ?? ''}`.trimEnd(),
						'✓',
					],
					tone: 'ok',
				}
			: { id: 'verdict', forms: [`✗ ${sanitize(event.reason ?? 'rejected')}`, '✗'], tone: 'error' },
	];
	if (cb) {
		const ok = cb.status >= 200 && cb.status < 300;
		const attempts = `${cb.retried}/${cb.maxRetries}`;
		const [note, tone, bold]: [string, Tone | undefined, boolean] =
			cb.exhausted && !ok
				? ['exhausted', 'error', true]
				: cb.exhausted
					? ['last', undefined, false]
					: ok
						? ['', undefined, false]
						: ['will retry', 'warn', false];
		out.push(
			{ id: 'status', forms: [`status ${cb.status}`, String(cb.status)], tone: statusTone(cb.status) },
			{
				id: 'attempts',
				forms: [
					`retried ${attempts}${note ? ` ${note}` : ''}`,
					`${attempts}${note ? ` ${note.split(' ').at(-1)}` : ''}`,
					attempts,
				],
				tone,
				bold,
			},
			{ id: 'source', forms: [`src ${sanitize(cb.sourceMessageId)}`, sanitize(cb.sourceMessageId)] },
		);
		if (cb.dlqId !== undefined) out.push({ id: 'dlq', forms: [`dlq ${sanitize(cb.dlqId)}`], tone: 'error' });
		out.push({ id: 'target', forms: targetForms(sanitize(cb.method), sanitize(cb.url)) });
	} else {
		if (event.delivery.messageId)
			out.push({
				id: 'source',
				forms: [`msg ${sanitize(event.delivery.messageId)}`, sanitize(event.delivery.messageId)],
			});
		if (event.delivery.retried !== undefined)
			out.push({
				id: 'attempts',
				forms: [`retried ${event.delivery.retried}`, `r${event.delivery.retried}`],
			});
		out.push({
			id: 'target',
			forms: [`${sanitize(event.method)} ${sanitize(event.path)}`, sanitize(event.path), ''],
		});
		if (event.problem) out.push({ id: 'note', forms: [sanitize(event.problem), ''], tone: 'warn' });
		else {
			const snippet = bodySnippet(event);
			if (snippet) out.push({ id: 'note', forms: [snippet, ''], dim: true });
		}
	}
	const forward = event.forward;
	out.push(
		forward === undefined
			? { id: 'answer', forms: [`→ ${event.response.status}`, ''], tone: statusTone(event.response.status) }
			: forward.status === undefined
				? {
						id: 'answer',
						forms: [`→ app ✗ ${sanitize(forward.error ?? 'unreachable')}`, '→ app ✗', '✗'],
						tone: 'error',
					}
				: {
						id: 'answer',
						forms: [
							`→ app ${forward.status} ${Math.round(forward.ms)} ms`,
							`→ app ${forward.status}`,
							`→ ${forward.status}`,
						],
						tone: statusTone(forward.status),
					},
	);
	if (replay) out.push(replayColumn(replay));
	return out;
}

/** The replay of a request, beside the original's answer. */
function replayColumn(replay: ReplayState): Column {
	if (replay.state === 'sending') return { id: 'replay', forms: ['↻ sending…', '↻'], dim: true };
	if (replay.state === 'failed')
		return { id: 'replay', forms: [`↻ ${sanitize(replay.message)}`, '↻ ✗'], tone: 'error' };
	const { forward } = replay;
	if (forward.status === undefined)
		return {
			id: 'replay',
			forms: [`↻ app ✗ ${sanitize(forward.error ?? 'unreachable')}`, '↻ ✗'],
			tone: 'error',
		};
	return {
		id: 'replay',
		forms: [
			`↻ ${replay.edited ? 'edited ' : ''}app ${forward.status} ${Math.round(forward.ms)} ms`,
			`↻ ${forward.status}`,
		],
		tone: statusTone(forward.status),
	};
}

/** `POST http://host/path`, then without the scheme, then the path alone, then nothing. */
function targetForms(method: string, url: string): string[] {
	return [...urlForms(url).map((form) => `${method} ${form}`), ''];
}

/** The start of a delivery's body, as `mqtop listen` shows it. */
function bodySnippet(event: ReceivedEvent): string | undefined {
	if (!event.body) return undefined;
	const text = sanitize(describePreview(event.body));
	return text ? truncate(text, 60) : undefined;
}

/** The order forms give way in: the first step is taken first, and so on, until the row fits. */
const steps = [
	'target',
	'replay',
	'answer',
	'note',
	'kind',
	'verdict',
	'target',
	'target',
	'status',
	'attempts',
	'time',
	'kind',
	'source',
	'attempts',
	'kind',
];

const gap = '  ';

function rowWidth(cols: readonly Column[], form: ReadonlyMap<string, number>): number {
	let width = 0;
	let shown = 0;
	for (const c of cols) {
		const text = c.forms[form.get(c.id) ?? 0] ?? '';
		if (text === '') continue;
		width += [...text].length;
		shown++;
	}
	return width + gap.length * Math.max(0, shown - 1);
}

/** An event's row in `width` cells (the selection mark included), as styled segments. */
export function rowSegments(
	event: ReceivedEvent,
	selected: boolean,
	width = Number.POSITIVE_INFINITY,
	replay?: ReplayState,
): Segment[] {
	const cols = columns(event, replay);
	const form = new Map<string, number>();
	const room = width - 2;
	for (const step of steps) {
		if (rowWidth(cols, form) <= room) break;
		const col = cols.find((c) => c.id === step);
		if (!col) continue;
		const at = form.get(step) ?? 0;
		if (at < col.forms.length - 1) form.set(step, at + 1);
	}
	const segments: Segment[] = [{ text: selected ? '› ' : '  ' }];
	for (const c of cols) {
		const text = c.forms[form.get(c.id) ?? 0] ?? '';
		if (text === '') continue;
		segments.push({
			text: segments.length > 1 ? `${gap}${text}` : text,
			tone: c.tone,
			bold: c.bold,
			dim: c.dim,
		});
	}
	return segments;
}
