import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { useTheme } from '../../theme/theme.js';
import type { DetailLine } from './lines.js';

export interface DetailViewProps {
	lines: readonly DetailLine[];
	/** First line shown. */
	offset: number;
	height: number;
	width: number;
}

/** Lines of a detail view (see ./lines.ts), scrolled to `offset`. */
export function DetailView(props: DetailViewProps) {
	const theme = useTheme();
	const shown = props.lines.slice(props.offset, props.offset + Math.max(0, props.height));
	return (
		<Box flexDirection="column" width={props.width} height={props.height} overflowY="hidden">
			{shown.map((line, i) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: lines are positions in a scrolled view
				<Text key={props.offset + i} wrap="truncate-end">
					{line.label ? <Text dimColor>{line.label}</Text> : null}
					<Text color={theme.color(line.tone)} bold={line.bold} dimColor={line.dim}>
						{line.text === '' ? ' ' : line.text}
					</Text>
				</Text>
			))}
		</Box>
	);
}

/** Scroll positions of a view of `count` lines in `height` rows. */
export function detailScrolls(count: number, height: number): number {
	return Math.max(0, count - Math.max(1, height)) + 1;
}

/** Rows a detail screen gives its lines: all but its title and prompt line. */
export const detailScreenHeight = (height: number) => Math.max(1, height - 2);

/**
 * The full-pane detail of one list item: a title with "esc back", the pane's prompt line, and
 * the lines scrolled to `scroll` (clamped to the last position).
 */
export function DetailScreen(props: {
	title: ReactNode;
	prompt: ReactNode;
	lines: readonly DetailLine[];
	scroll: number;
	width: number;
	height: number;
}) {
	const height = detailScreenHeight(props.height);
	const scrolls = detailScrolls(props.lines.length, height);
	return (
		<Box flexDirection="column" width={props.width} height={props.height} overflowY="hidden">
			<Text bold wrap="truncate-end">
				{props.title}
				<Text dimColor> · esc back{scrolls > 1 ? ' · ↑↓ scroll' : ''}</Text>
			</Text>
			{props.prompt}
			<DetailView
				lines={props.lines}
				offset={Math.min(props.scroll, scrolls - 1)}
				height={height}
				width={props.width}
			/>
		</Box>
	);
}
