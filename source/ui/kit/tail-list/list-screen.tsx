/**
 * The screen of a list with the detail of one row (Messages, Workflows, the filtered lists):
 * the open detail, else a heading line, the pane's prompt line and the table with the selected
 * row marked, or what shows instead while there is nothing to list.
 */
import { Box } from 'ink';
import type { ReactNode } from 'react';
import { DetailScreen } from '../detail-view/detail-view.js';
import type { DetailLine } from '../detail-view/lines.js';
import { LiveLine, type Segment } from '../live-line/live-line-view.js';
import { type Column, Table } from '../table/table-view.js';

export interface ListScreenProps<Row> {
	size: { width: number; height: number };
	/** The open detail of the selected row; none shows the list. */
	detail: { title: ReactNode; lines: readonly DetailLine[]; scroll: number } | undefined;
	/** The first line: what is listed, how many, what it follows. */
	heading: readonly Segment[];
	/** The pane's prompt line: its notice, field or hint. */
	prompt: ReactNode;
	/** What shows instead of the table (loading, a failure, nothing yet); none shows the table. */
	instead: ReactNode;
	columns: readonly Column<Row>[];
	/** The rows on screen. */
	rows: readonly Row[];
	/** Where the selected row is among them. */
	selected: number;
	/** The mark before each row; by default `›` at the selected one. */
	mark?: ((row: Row) => string) | undefined;
}

export function ListScreen<Row>(props: ListScreenProps<Row>) {
	const { width, height } = props.size;
	const { detail, rows, selected } = props;
	if (detail)
		return (
			<DetailScreen
				title={detail.title}
				prompt={props.prompt}
				lines={detail.lines}
				scroll={detail.scroll}
				width={width}
				height={height}
			/>
		);
	return (
		<Box flexDirection="column" width={width} height={height} overflowY="hidden">
			<LiveLine width={width} segments={props.heading} />
			{props.prompt}
			{props.instead ?? (
				<Table
					columns={props.columns}
					rows={rows}
					width={width}
					height={height - 2}
					selected={selected}
					mark={props.mark ?? ((row) => (row === rows[selected] ? '›' : ' '))}
				/>
			)}
		</Box>
	);
}
