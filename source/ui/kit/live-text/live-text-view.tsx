import { Box, Text, Transform } from 'ink';
import { memo, useCallback } from 'react';

export interface LiveTextProps {
	text: string;
	color?: string;
	dimColor?: boolean;
	bold?: boolean;
	inverse?: boolean;
}

// Printable ASCII and the glyphs we draw with, all one cell wide in every terminal.
const singleCell =
	/^[\u0020-\u007e\u00b7\u2022\u2026\u203a\u2190-\u2193\u2500-\u259f\u25cb\u25cf\u2713\u2717]*$/;

/** Whether `text` can be drawn by LiveText: one cell per character. */
export function isSingleCell(text: string): boolean {
	return singleCell.test(text);
}

/**
 * Text that changes with live data: numbers, clocks, sparklines and bars. Ink measures every
 * text for layout and keeps each measured string in a module-level cache that never shrinks,
 * so a monitor left open for days would grow it with every refresh. Here layout measures a
 * blank placeholder of the same width (one cache entry per width, measured on Ink's fast ASCII
 * path), and the text replaces it as the frame is written. Text of other widths falls back to
 * a plain Text.
 */
export const LiveText = memo(function LiveText(props: LiveTextProps) {
	const { text } = props;
	const simple = isSingleCell(text);
	const placeholder = simple ? ' '.repeat(text.length) : '';
	const transform = useCallback((line: string) => line.replace(placeholder, () => text), [placeholder, text]);
	if (text === '') return null;
	if (!simple) {
		return (
			<Text color={props.color} dimColor={props.dimColor} bold={props.bold} inverse={props.inverse}>
				{text}
			</Text>
		);
	}
	// Never shrunk: a placeholder wrapped over two lines would no longer be found.
	return (
		<Box flexShrink={0}>
			<Transform transform={transform}>
				<Text color={props.color} dimColor={props.dimColor} bold={props.bold} inverse={props.inverse}>
					{placeholder}
				</Text>
			</Transform>
		</Box>
	);
});
