/** The filter and order of a list in a view: compiled once the engine is there, its field, and what the title says. */
import { Text } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { useTheme } from '../../theme/theme.js';
import type { Segment } from '../live-line/live-line-view.js';
import type { PromptField } from '../prompt-line/prompt-line-view.js';
import type { Column } from '../table/table-view.js';
import {
	arrangeRows,
	filterEngineLoaded,
	filterOf,
	filterSummary,
	loadFilterEngine,
	type RowFilter,
} from './row-filter.js';
import type { RowFilterAction, RowFilterState } from './row-filter-state.js';
import { orderLabel, type RowOrder } from './row-order.js';

/** Whether the expression engine is loaded; starts loading it when `wanted`. */
export function useFilterEngine(wanted = true): boolean {
	const [loaded, setLoaded] = useState(filterEngineLoaded);
	useEffect(() => {
		if (loaded || !wanted) return;
		let live = true;
		void loadFilterEngine().then(() => live && setLoaded(true));
		return () => {
			live = false;
		};
	}, [loaded, wanted]);
	return loaded;
}

/**
 * The filter of `text`, compiled again once the engine is loaded; the engine is loaded when a
 * filter is typed or its field is open (`opening`), not before.
 */
export function useRowFilter(text: string, opening = false): RowFilter | undefined {
	const engine = useFilterEngine(opening || text !== '');
	// biome-ignore lint/correctness/useExhaustiveDependencies: compiled again once the engine is there
	return useMemo(() => filterOf(text), [text, engine]);
}

/**
 * The rows a list shows for its state's filter and order, worked out again only when the rows,
 * the columns, the filter or the order change (keep `columns` the same array between frames).
 */
export function useArrangedRows<Row>(
	rows: readonly Row[],
	columns: readonly Column<Row>[],
	state: RowFilterState,
): { rows: readonly Row[]; filter: RowFilter | undefined } {
	const filter = useRowFilter(state.filter, state.filtering);
	const shown = useMemo(
		() => arrangeRows(rows, columns, filter, state.order),
		[rows, columns, filter, state.order],
	);
	return { rows: shown, filter };
}

/** The prompt line's field of a list's filter. */
export function filterField(filter: string, dispatch: (action: RowFilterAction) => void): PromptField {
	return {
		label: 'Filter /',
		initial: filter,
		placeholder: 'a regular expression or text; enter applies, empty shows all',
		onSubmit: (text) => dispatch({ type: 'filter/set', text }),
		onCancel: () => dispatch({ type: 'filter/close' }),
	};
}

/**
 * What a list's title says of its filter and order: which filter, how many rows it keeps, the
 * column sorted by; how to filter and sort when neither is set.
 */
export function filterSegment(
	filter: RowFilter | undefined,
	kept: number,
	total: number,
	order?: RowOrder,
): Segment {
	const parts = [
		...(filter ? [filterSummary(filter, kept, total)] : []),
		...(order ? [orderLabel(order)] : []),
	];
	// The order's label takes the room of `esc clears` (the help says it), for 80 columns.
	return parts.length > 0
		? { text: ` · ${parts.join(' · ')}${order ? '' : ' (esc clears)'}`, tone: 'accent' }
		: { text: ' · / filters, o sorts', dim: true };
}

/** A title's segment of the filter and order, inside a title's Text. */
export function SegmentText(props: { segment: Segment }) {
	const theme = useTheme();
	const { segment } = props;
	return (
		<Text dimColor={segment.dim ?? false} bold={segment.bold ?? false} color={theme.color(segment.tone)}>
			{segment.text}
		</Text>
	);
}
