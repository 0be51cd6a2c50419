/**
 * What the filter and sort keys do in a list: open the filter's field, or change the order with
 * the selected row kept selected, by its key, wherever the new order puts it.
 */
import type { CommandHandlers } from '../../keys/commands.js';
import type { RowFilterAction } from './row-filter-state.js';

export type RowCommand = 'filter.edit' | 'sort.next' | 'sort.previous' | 'sort.reverse';

export interface RowCommandsOptions {
	dispatch: (action: RowFilterAction) => void;
	/** The columns the list shows (their headers are what it sorts by); or how to read them when the key arrives. */
	columns: readonly { header: string }[] | (() => readonly { header: string }[]);
	/**
	 * Selects the row selected now by its key (not by its place, nor as `the first`), so that it
	 * stays selected wherever the new order puts it.
	 */
	keep?: () => void;
}

export function rowCommands(options: RowCommandsOptions): CommandHandlers<RowCommand> {
	const { dispatch } = options;
	const { columns } = options;
	const read = typeof columns === 'function' ? columns : () => columns;
	const headers = () => read().map((c) => c.header);
	const keep = () => options.keep?.();
	return {
		'filter.edit': () => dispatch({ type: 'filter/open' }),
		'sort.next': () => {
			keep();
			dispatch({ type: 'order/step', headers: headers(), step: 1 });
		},
		'sort.previous': () => {
			keep();
			dispatch({ type: 'order/step', headers: headers(), step: -1 });
		},
		'sort.reverse': () => {
			keep();
			dispatch({ type: 'order/reverse', headers: headers() });
		},
	};
}
