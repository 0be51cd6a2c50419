import { Box, Text } from 'ink';
import type { DetailLine } from '../models/detail-lines.js';

export interface DetailViewProps {
	lines: readonly DetailLine[];
	/** First line shown. */
	offset: number;
	height: number;
	width: number;
}

/** Lines of a detail view (see models/detail-lines), scrolled to `offset`. */
export function DetailView(props: DetailViewProps) {
	const shown = props.lines.slice(props.offset, props.offset + Math.max(0, props.height));
	return (
		<Box flexDirection="column" width={props.width} height={props.height} overflowY="hidden">
			{shown.map((line, i) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: lines are positions in a scrolled view
				<Text key={props.offset + i} wrap="truncate-end">
					{line.label ? <Text dimColor>{line.label}</Text> : null}
					<Text color={line.color} bold={line.bold} dimColor={line.dim}>
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
