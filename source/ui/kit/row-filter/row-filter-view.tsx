/** The filter of a list in a view: compiled once the engine is there, its field, and what the title says. */
import { useEffect, useMemo, useState } from 'react';
import type { Segment } from '../live-line/live-line-view.js';
import type { PromptField } from '../prompt-line/prompt-line-view.js';
import {
	compileFilter,
	filterEngineLoaded,
	filterSummary,
	loadFilterEngine,
	type RowFilter,
} from './row-filter.js';
import type { RowFilterAction } from './row-filter-state.js';

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
	return useMemo(() => compileFilter(text), [text, engine]);
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

/** What a list's title says of its filter: which, and how many rows it keeps; how to filter when none. */
export function filterSegment(filter: RowFilter | undefined, kept: number, total: number): Segment {
	return filter
		? { text: ` · ${filterSummary(filter, kept, total)} (esc clears)`, tone: 'accent' }
		: { text: ' · / filters', dim: true };
}
