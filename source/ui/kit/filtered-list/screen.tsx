/**
 * The screen of a filtered, paged list (the dead letters, the delivery logs): its filter form
 * while open, the detail of the selected row while open, else a heading (what is shown, the
 * page, the filter), the pane's prompt line and the table, or why there is nothing to show.
 * With the hook that works out, each frame, which row is selected and the keys every such
 * list shares.
 */
import { Box, Text } from 'ink';
import { type ReactNode, useMemo } from 'react';
import { describeFilter, isFiltered } from '../../../api/filter-settings.js';
import type { MessageFilter } from '../../../api/filters.js';
import { formatClock } from '../../../format/time.js';
import { sanitize } from '../../../text/sanitize.js';
import type { EndpointEntry } from '../../data/poll-store.js';
import type { CommandHandlers } from '../../keys/use-keys.js';
import { DetailScreen, detailScreenHeight, detailScrolls } from '../detail-view/detail-view.js';
import type { DetailLine } from '../detail-view/lines.js';
import { EndpointState } from '../endpoint-state/endpoint-state-view.js';
import { LiveLine, type Segment } from '../live-line/live-line-view.js';
import { type Column, Table } from '../table/table-view.js';
import { type TailCommand, tailNavigation } from '../tail-list/navigation.js';
import { selectedIndex } from '../tail-list/selection.js';
import type { FilteredList } from './controller.js';
import type { FilteredListAction, FilteredListState } from './filtered-list-state.js';
import { FilterFormView } from './filtered-list-view.js';

type ListCommand = TailCommand | 'filter.edit' | 'page.next' | 'page.previous';

export interface ListRows<Row> {
	index: number;
	/** The selected row, if any. */
	current: Row | undefined;
	/** Its detail while open, else none. */
	detailLines: DetailLine[];
	/** The keys every filtered list has: move, open, page, filter, and the first row of the page. */
	commands: CommandHandlers<ListCommand>;
}

/** The selected row and its detail, and the shared keys, for a list of `rows` keyed by `keysOf`. */
export function useListRows<Row, F>(options: {
	rows: readonly Row[];
	keysOf: (rows: readonly Row[]) => string[];
	state: FilteredListState<F>;
	store: { getSnapshot(): FilteredListState<F>; dispatch(action: FilteredListAction<F>): void };
	list: FilteredList<F, unknown>;
	detail: (row: Row, width: number) => DetailLine[];
	width: number;
	height: number;
}): ListRows<Row> {
	const { rows, keysOf, state, store, list, detail, width, height } = options;
	const keys = useMemo(() => keysOf(rows), [keysOf, rows]);
	const index = selectedIndex(keys, state.selected);
	const current = rows[index];
	const detailLines = useMemo(
		() => (state.detail && current ? detail(current, width) : []),
		[state.detail, current, detail, width],
	);
	const commands: CommandHandlers<ListCommand> = {
		...tailNavigation({
			list: store.getSnapshot,
			dispatch: store.dispatch,
			keys,
			listHeight: listRows(height),
			scrolls: detailScrolls(detailLines.length, detailScreenHeight(height)),
		}),
		'filter.edit': () => list.openFilter(),
		'page.next': () => list.nextPage(),
		'page.previous': () => list.previousPage(),
	};
	return { index, current, detailLines, commands };
}

/** Rows of the table's body: the heading, the prompt and the table's header take three. */
const listRows = (height: number) => Math.max(1, height - 3);

export interface FilteredListScreenProps<Row, F> {
	width: number;
	height: number;
	state: FilteredListState<F>;
	list: FilteredList<F, unknown>;
	/** E.g. `Filter the dead letters`. */
	formTitle: string;
	/** The page's rows; undefined until the page asked for has come. */
	rows: readonly Row[] | undefined;
	/** The poll entry of the page, for what went wrong while there is none. */
	entry: EndpointEntry<unknown> | undefined;
	/** E.g. `dead letters`. */
	what: string;
	/** What is shown before the filter: the count, the page, marks. */
	heading: readonly Segment[];
	/** The pane's prompt line: its notice or hint. */
	prompt: ReactNode;
	/** What an empty page says, with a filter and without. */
	empty: { filtered: string; unfiltered: string };
	columns: readonly Column<Row>[];
	selected: ListRows<Row>;
	mark?: (row: Row) => string;
	/** The title of the open detail. */
	detailTitle: (row: Row) => ReactNode;
}

export function FilteredListScreen<Row, F extends MessageFilter>(props: FilteredListScreenProps<Row, F>) {
	const { width, height, state, list, rows, selected } = props;
	if (state.form)
		return (
			<FilterFormView
				title={props.formTitle}
				form={state.form}
				errors={list.formErrors()}
				width={width}
				height={height}
				onAction={(action) => list.formAction(action)}
				onSubmit={() => list.applyFilter()}
				onCancel={() => list.closeFilter()}
			/>
		);
	if (state.detail && selected.current)
		return (
			<DetailScreen
				title={props.detailTitle(selected.current)}
				prompt={props.prompt}
				lines={selected.detailLines}
				scroll={state.detailScroll}
				width={width}
				height={height}
			/>
		);
	const filtered = isFiltered(state.filter);
	const filter: Segment = filtered
		? { text: ` · filter ${sanitize(describeFilter(state.filter, formatClock))}`, tone: 'accent' }
		: { text: ' · no filter (/ filters)', dim: true };
	let body: ReactNode;
	if (!rows)
		body = <EndpointState entry={props.entry?.failure ? props.entry : undefined} what={props.what} />;
	else if (rows.length === 0)
		body = <Text dimColor>{filtered ? props.empty.filtered : props.empty.unfiltered}</Text>;
	else
		body = (
			<Table
				columns={props.columns}
				rows={rows}
				width={width}
				height={height - 2}
				selected={selected.index}
				mark={props.mark ?? ((row) => (row === selected.current ? '›' : ' '))}
			/>
		);
	return (
		<Box flexDirection="column" width={width} height={height} overflowY="hidden">
			<LiveLine width={width} segments={[...props.heading, filter]} />
			{props.prompt}
			{body}
		</Box>
	);
}
