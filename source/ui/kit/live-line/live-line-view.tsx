import { Box, Text, Transform } from 'ink';
import { memo, useCallback } from 'react';
import { textWidth, truncate } from '../../../format/text.js';
import { painter, type StyleName } from '../../../text/style.js';
import { type Theme, type Tone, useTheme } from '../../theme/theme.js';
import { isSingleCell } from '../live-text/live-text-view.js';

/** A piece of a line and how it looks. */
export interface Segment {
	text: string;
	tone?: Tone | undefined;
	bold?: boolean | undefined;
	dim?: boolean | undefined;
}

/** The segments that fit `width` cells, the last one cut with `…` (a terminal would wrap a longer line). */
export function fitSegments<T extends { text: string }>(segments: readonly T[], width: number): T[] {
	const out: T[] = [];
	let left = width;
	for (const segment of segments) {
		if (left <= 0) break;
		const length = textWidth(segment.text);
		const text = length > left ? truncate(segment.text, left) : segment.text;
		left -= Math.min(length, left);
		out.push(text === segment.text ? segment : { ...segment, text });
	}
	return out;
}

function styles(segment: Segment, inverse: boolean, theme: Theme): StyleName[] {
	const list: StyleName[] = [];
	if (segment.bold) list.push('bold');
	if (segment.dim) list.push('dim');
	const color = theme.color(segment.tone);
	if (color) list.push(color as StyleName);
	if (inverse) list.push('inverse');
	return list;
}

/**
 * One line of differently styled segments that changes with live data (a request line, a table
 * row with a countdown): one layout node whatever the segments, and like LiveText, Ink measures
 * a blank placeholder rather than every new text (which it would measure slowly beyond ASCII
 * and cache for good); the styled text replaces the placeholder as the frame is written. Cut
 * to `width`. Styled as the theme says the terminal is (colours, styles only, or plain).
 */
export const LiveLine = memo(function LiveLine(props: {
	segments: readonly Segment[];
	width: number;
	inverse?: boolean;
}) {
	const theme = useTheme();
	const inverse = props.inverse ?? false;
	const fitted = fitSegments(props.segments, props.width);
	const plain = fitted.map((s) => s.text).join('');
	const simple = isSingleCell(plain);
	const paint = painter(theme.mode !== 'none');
	const styled = fitted
		.map((s) => {
			const list = styles(s, inverse, theme);
			return list.length > 0 ? paint(list, s.text) : s.text;
		})
		.join('');
	const placeholder = simple ? ' '.repeat(plain.length) : '';
	const transform = useCallback(
		(line: string) => line.replace(placeholder, () => styled),
		[placeholder, styled],
	);
	if (plain === '') return null;
	if (!simple) {
		return (
			<Text wrap="truncate-end" inverse={inverse}>
				{fitted.map((s, i) => (
					// biome-ignore lint/suspicious/noArrayIndexKey: segments of a line are positions
					<Text key={i} color={theme.color(s.tone)} bold={s.bold} dimColor={s.dim}>
						{s.text}
					</Text>
				))}
			</Text>
		);
	}
	return (
		<Box flexShrink={0} height={1}>
			<Transform transform={transform}>
				<Text>{placeholder}</Text>
			</Transform>
		</Box>
	);
});
