/**
 * The keys that filter and sort a list: `/`, and `o`/`<`/`O`, the same in every list that has
 * them. The rows are narrowed and sorted as shown (row-filter.ts, row-order.ts).
 */
import { bindingsIn } from '../../keys/bind.js';
import type { Scope } from '../../keys/key-table.js';

/** `/` in `scope`, filtering its rows (`what`, e.g. `runs`) by what they show. */
export const filterBinding = <const S extends Scope>(scope: S, what: string) =>
	bindingsIn(scope)(
		'filter.edit',
		'/',
		`filter the ${what}: a regular expression or text over each row as shown; esc clears`,
		{ hint: 'filter', detail: false },
	);

/** `o` sorts by the next column (`>` too), `<` by the previous one, `O` reverses: after `/` in the help. */
export const orderBindings = <const S extends Scope>(scope: S) => {
	const key = bindingsIn(scope);
	return [
		key(
			'sort.next',
			['o', '>'],
			'sort by the next column (numbers, times and text each as such); past the last, as listed',
			{ hint: { keys: 'o/O', label: 'sort' }, detail: false },
		),
		key('sort.previous', '<', 'sort by the previous column'),
		key('sort.reverse', 'O', 'reverse the order; esc clears the filter and the order'),
	] as const;
};

/** `/` and the sort keys together: every list has them so. */
export const rowBindings = <const S extends Scope>(scope: S, what: string) =>
	[filterBinding(scope, what), ...orderBindings(scope)] as const;

/** Esc where a list has no other use for it: clears its filter and order. */
export const clearBinding = <const S extends Scope>(scope: S) =>
	bindingsIn(scope)('filter.clear', 'esc', 'clear the filter and the order', { help: false });
