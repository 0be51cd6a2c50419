import chalk, { type ChalkInstance, type ForegroundColorName } from 'chalk';
import { Box, Text, Transform } from 'ink';
import { memo, useCallback } from 'react';
import { fitSegments } from '../live-line/live-line-view.js';
import { isSingleCell } from '../live-text/live-text-view.js';

/** A piece of a block's line and how it looks; its colour is one the caller chose (a theme's, or none), named as Ink names colours. */
export interface Span {
	text: string;
	color?: string | undefined;
	bold?: boolean | undefined;
	dim?: boolean | undefined;
	inverse?: boolean | undefined;
}

export type BlockLine = readonly Span[];

/**
 * A span styled as Ink's Text styles it: with Ink's chalk (so at the level the monitor set for
 * its terminal, ui/theme/ink-styles.ts), dim inside the colour inside bold inside inverse.
 */
function paintSpan(span: Span): string {
	let paint: ChalkInstance = chalk;
	if (span.inverse) paint = paint.inverse;
	if (span.bold) paint = paint.bold;
	if (span.color && span.color in chalk) paint = paint[span.color as ForegroundColorName];
	if (span.dim) paint = paint.dim;
	return paint === chalk ? span.text : paint(span.text);
}

/** The plain text of each line, and each line styled. */
export function paintLines(lines: readonly BlockLine[]): { plain: string[]; styled: string[] } {
	const plain: string[] = [];
	const styled: string[] = [];
	for (const line of lines) {
		let text = '';
		let painted = '';
		for (const span of line) {
			text += span.text;
			painted += paintSpan(span);
		}
		plain.push(text);
		styled.push(painted);
	}
	return { plain, styled };
}

/**
 * Lines of differently styled spans that change with live data (a chart, the rows of
 * sparklines, the month's bars) as one layout node, however many lines and spans: Ink lays out,
 * walks and measures every node on every frame, so a chart of a node a run costs each frame far
 * more than the text it draws. As with LiveText, Ink measures a blank placeholder (here one
 * `width` cells wide a line, so one shape a size) and the styled lines replace it as the frame
 * is written. Each line is cut to `width`. A block is drawn whole: it must not be scrolled off
 * at its top (its lines are found by their index). Lines with text of other widths than one
 * cell a character are drawn as plain Text.
 */
export const LiveBlock = memo(function LiveBlock(props: { lines: readonly BlockLine[]; width: number }) {
	const width = Math.max(0, props.width);
	const fitted = props.lines.map((line) => fitSegments(line, width));
	const { plain, styled } = paintLines(fitted);
	const simple = plain.every(isSingleCell);
	// The line's own text, then blanks to the width: the placeholder's line is replaced whole.
	const drawn = styled.map((line, i) => line + ' '.repeat(width - (plain[i] as string).length));
	const placeholder = ' '.repeat(width);
	const transform = useCallback(
		(line: string, index: number) => line.replace(placeholder, () => drawn[index] ?? ''),
		[placeholder, drawn],
	);
	if (fitted.length === 0) return null;
	if (!simple) return <SpanLines lines={fitted} width={width} />;
	// Never shrunk: a placeholder wrapped over two lines would no longer be found.
	return (
		<Box width={width} height={fitted.length} flexShrink={0}>
			<Transform transform={transform}>
				<Text>{Array.from({ length: fitted.length }, () => placeholder).join('\n')}</Text>
			</Transform>
		</Box>
	);
});

/** Lines of spans as Ink's nested Texts: LiveBlock's way for text of other widths than one cell a character. */
export function SpanLines(props: { lines: readonly BlockLine[]; width: number }) {
	return (
		<Box flexDirection="column" width={props.width} flexShrink={0}>
			{props.lines.map((line, i) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: the lines of one block, top first
				<Text key={i} wrap="truncate-end">
					{line.map((span, j) => (
						<Text
							// biome-ignore lint/suspicious/noArrayIndexKey: the spans of one line, left to right
							key={j}
							color={span.color}
							bold={span.bold}
							dimColor={span.dim}
							inverse={span.inverse}
						>
							{span.text}
						</Text>
					))}
				</Text>
			))}
		</Box>
	);
}
