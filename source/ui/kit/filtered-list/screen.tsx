/**
 * The screen of a filtered, paged list (the dead letters, the delivery logs): its filter form
 * while open, the detail of the selected row while open, else a heading (what is shown, the
 * page, the filter), the pane's prompt line and the table, or why there is nothing to show.
 * With the hook that works out, each frame, which row is selected and the keys every such
 * list shares.
 */
import { Text } from 'ink';
import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { describeFilter, isFiltered } from '../../../api/filter-settings.js';
import type { MessageFilter } from '../../../api/filters.js';
import { formatClock } from '../../../format/time.js';
import { sanitize } from '../../../text/sanitize.js';
import { detailScreenHeight, detailScrolls } from '../detail-view/detail-view.js';
import type { DetailLine } from '../detail-view/lines.js';
import { EndpointState } from '../endpoint-state/endpoint-state-view.js';
import type { Segment } from '../live-line/live-line-view.js';
import { PromptLine } from '../prompt-line/prompt-line-view.js';
import { filterField, filterSegment, useRowFilter } from '../row-filter/row-filter-view.js';
import type { Column } from '../table/table-view.js';
import { ListScreen } from '../tail-list/list-screen.js';
import { selectedIndex } from '../tail-list/selection.js';
import type { FilteredList, Page } from './controller.js';
import { FilterFormView } from './filtered-list-view.js';

export interface ListRows<Row> {
	index: number;
	/** The selected row, if any. */
	current: Row | undefined;
	/** Its detail while open, else none. */
	detailLines: DetailLine[];
}

/**
 * The selected row of the page as shown (over `columns`: keep them the same array between
 * frames) and its `detail`, and the shared keys, in a screen of `size`.
 */
export function useListRows<Row, F>(
	list: FilteredList<F, Page, Row>,
	detail: (row: Row, width: number) => DetailLine[],
	size: { width: number; height: number },
	columns: readonly Column<Row>[],
): ListRows<Row> {
	const { width, height } = size;
	// The page comes from the poll store through the controller: the view using this is drawn
	// again with each answer.
	useSyncExternalStore(list.polls.subscribe, list.polls.getSnapshot);
	const { state } = list;
	const rows = list.shown(columns) ?? none;
	const { keysOf } = list.options;
	const keys = useMemo(() => keysOf(rows), [keysOf, rows]);
	const index = selectedIndex(keys, state.selected);
	const current = rows[index];
	const detailLines = useMemo(
		() => (state.detail && current ? detail(current, width) : []),
		[state.detail, current, detail, width],
	);
	list.drawnDetail(detailScrolls(detailLines.length, detailScreenHeight(height)));
	return { index, current, detailLines };
}

const none: readonly never[] = [];

/** What the pages on either side hold, for the heading: `next page` and `previous`, or `older` and `newer`. */
export interface PagingWords {
	/** After the number of a page past the first, e.g. ` (older)`. */
	page?: string;
	next: string;
	previous: string;
}

/** Where the page shown is, for the heading: its number past the first, and the keys to the pages beside it. */
export function pagingText<F, Row>(
	list: FilteredList<F, Page, Row>,
	words: PagingWords = { next: 'next page', previous: 'previous' },
): string {
	const before = list.state.previous.length;
	return [
		before > 0 ? ` · page ${before + 1}${words.page ?? ''}` : '',
		list.page()?.cursor ? ` · n ${words.next}` : '',
		before > 0 ? ` · p ${words.previous}` : '',
	].join('');
}

export interface FilteredListScreenProps<Row, F> {
	list: FilteredList<F, Page, Row>;
	size: { width: number; height: number };
	/** E.g. `Filter the dead letters`. */
	formTitle: string;
	/** What is shown before the filter: the count, the page, marks. */
	heading: readonly Segment[];
	/** The pane's prompt line: its notice or hint. */
	prompt: ReactNode;
	/** What an empty page says without a filter (with one, that nothing matches it). */
	empty: string;
	columns: readonly Column<Row>[];
	selected: ListRows<Row>;
	mark?: (row: Row) => string;
	/** The title of the open detail. */
	detailTitle: (row: Row) => ReactNode;
}

export function FilteredListScreen<Row, F extends MessageFilter>(props: FilteredListScreenProps<Row, F>) {
	const { list, selected } = props;
	const { width, height } = props.size;
	const { state } = list;
	const page = list.rows();
	const rows = list.shown(props.columns);
	const rowFilter = useRowFilter(state.filter, state.filtering);
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
	const filtered = isFiltered(state.query);
	const filter: Segment = filtered
		? { text: ` · filter ${sanitize(describeFilter(state.query, formatClock))}`, tone: 'accent' }
		: { text: ' · no filter (F filters)', dim: true };
	const narrowed =
		rowFilter || state.order
			? [filterSegment(rowFilter, rows?.length ?? 0, page?.length ?? 0, state.order)]
			: [];
	const entry = list.entry();
	let instead: ReactNode;
	if (!rows) instead = <EndpointState entry={entry?.failure ? entry : undefined} what={list.options.what} />;
	else if (rows.length === 0 && page?.length)
		instead = (
			<Text dimColor>{`No ${list.options.one} of this page matches / (it changes it; esc clears it).`}</Text>
		);
	else if (rows.length === 0)
		instead = (
			<Text dimColor>
				{filtered ? `No ${list.options.one} matches the filter. F changes it; esc clears it.` : props.empty}
			</Text>
		);
	return (
		<ListScreen
			size={props.size}
			detail={
				state.detail && selected.current
					? {
							title: props.detailTitle(selected.current),
							lines: selected.detailLines,
							scroll: state.detailScroll,
						}
					: undefined
			}
			// `/` and the order right after the count: at 80 columns the title keeps them.
			heading={[...props.heading.slice(0, 1), ...narrowed, ...props.heading.slice(1), filter]}
			prompt={
				state.filtering ? (
					<PromptLine
						width={props.size.width}
						field={filterField(state.filter, list.store.dispatch)}
						hint={null}
					/>
				) : (
					props.prompt
				)
			}
			instead={instead}
			columns={props.columns}
			rows={rows ?? none}
			selected={selected.index}
			mark={props.mark}
		/>
	);
}
