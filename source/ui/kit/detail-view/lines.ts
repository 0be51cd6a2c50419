/**
 * Detail views as lines: titles, label/value pairs, headers and bodies, wrapped to a width so a
 * scrolling view shows everything. Pure; values here are our own text or already sanitised,
 * and bodies are sanitised here (escape sequences shown escaped, line breaks kept).
 */
import type { z } from 'zod';
import { extraPairs } from '../../../format/missing.js';
import { type BodyPreview, previewBase64 } from '../../../text/body-preview.js';
import { sanitize, sanitizeMultiline } from '../../../text/sanitize.js';
import type { Tone } from '../../theme/theme.js';
import { wordWrap, wrapText } from '../text/wrap.js';

export interface DetailLine {
	/** Dim text before the value (a label), already padded. */
	label?: string;
	text: string;
	tone?: Tone | undefined;
	bold?: boolean;
	dim?: boolean;
}

export function title(text: string): DetailLine[] {
	return [
		{ text: '', dim: true },
		{ text, bold: true },
	];
}

/** A label and a value; a long value continues on the next lines under itself, cut at a space where it has one. */
export function pair(
	label: string,
	value: string,
	width: number,
	labelWidth: number,
	tone?: Tone,
): DetailLine[] {
	const head = `${label.padEnd(labelWidth - 1)} `;
	return wordWrap(value, width - labelWidth).map((text, i) => ({
		label: i === 0 ? head : ' '.repeat(labelWidth),
		text,
		...(tone ? { tone } : {}),
	}));
}

/** Header name/value pairs, sanitised; values given as arrays are joined with ", ". */
export function headerLines(
	headers: Readonly<Record<string, string | readonly string[]>>,
	width: number,
	labelWidth: number,
): DetailLine[] {
	const names = Object.keys(headers).sort((a, b) => a.localeCompare(b));
	if (names.length === 0) return [{ text: '(none)', dim: true }];
	const nameWidth = Math.min(labelWidth * 2, Math.max(...names.map((n) => [...sanitize(n)].length)) + 2);
	return names.flatMap((name) => {
		const value = headers[name]!;
		return pair(
			sanitize(name),
			sanitize(typeof value === 'string' ? value : value.join(', ')),
			width,
			nameWidth,
		);
	});
}

const tab = '    ';
const hexBytesPerLine = 16;
/** Bytes of a binary body a detail view shows in hex. */
export const detailHexBytes = 256;

/** A JSON text pretty-printed, other text as it is. */
function pretty(text: string): string {
	const trimmed = text.trim();
	if (!/^[[{]/.test(trimmed)) return text;
	try {
		return JSON.stringify(JSON.parse(trimmed), null, 2);
	} catch {
		return text;
	}
}

/**
 * A body as lines: text (JSON pretty-printed) with its line breaks, anything a terminal could
 * act on escaped; bytes that are not UTF-8 as a hex preview, 16 bytes a line.
 */
export function bodyLines(preview: BodyPreview & { truncated?: boolean }, width: number): DetailLine[] {
	if (preview.kind === 'invalid-base64')
		return [
			{ text: 'not valid base64, as received:', tone: 'warn' },
			...wrapText(sanitize(preview.raw), width).map((text) => ({ text })),
		];
	if (preview.kind === 'binary') {
		const bytes = preview.hex.split(' ').filter(Boolean);
		const lines: DetailLine[] = [
			{
				text: `${preview.bytes} bytes, not UTF-8: hex of the first ${bytes.length}${preview.truncated ? '' : ' (all)'}`,
				dim: true,
			},
		];
		for (let i = 0; i < bytes.length; i += hexBytesPerLine)
			lines.push({
				label: `${i.toString(16).padStart(4, '0')}  `,
				text: bytes.slice(i, i + hexBytesPerLine).join(' '),
			});
		return lines;
	}
	if (preview.text === '') return [{ text: '(empty)', dim: true }];
	const lines = sanitizeMultiline(pretty(preview.text))
		.replaceAll('\t', tab)
		.split('\n')
		.flatMap((line) => wrapText(line, width).map((text): DetailLine => ({ text })));
	if (preview.truncated) lines.push({ text: '… (cut: only the start was kept)', dim: true });
	return lines;
}

/** A body given as text or as base64 (a message's `body` / `bodyBase64`). */
export function messageBodyPreview(body: string | undefined, bodyBase64: string | undefined): BodyPreview {
	if (bodyBase64) return previewBase64(bodyBase64, detailHexBytes);
	const text = body ?? '';
	return { kind: 'text', text, bytes: Buffer.byteLength(text) };
}

/**
 * The fields of `record` its schema does not name (a newer service's additions), one pair each,
 * labelled by their own names; values as they came, sanitised.
 */
export function extraLines(
	schema: z.ZodObject,
	record: Record<string, unknown>,
	width: number,
	labelWidth: number,
): DetailLine[] {
	return extraPairs(schema, record).flatMap(([label, value]) => pair(label, value, width, labelWidth));
}

/** The fields mqtop does not know under a title of their own, at the end of a detail; none, no title. */
export function unknownFieldsSection(
	schema: z.ZodObject,
	record: Record<string, unknown>,
	width: number,
	labelWidth: number,
): DetailLine[] {
	const extra = extraLines(schema, record, width, labelWidth);
	return extra.length === 0 ? [] : [...title('Fields mqtop does not know'), ...extra];
}
