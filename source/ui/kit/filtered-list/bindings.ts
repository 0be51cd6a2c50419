/**
 * The keys every filtered, paged list has: move, open, back, `/` over the page shown, the
 * service's filter fields (F), and the pages before and after. The order's keys (orderBindings)
 * follow the pane's own.
 */
import { bindingsIn } from '../../keys/bind.js';
import type { Scope } from '../../keys/key-table.js';
import { filterBinding } from '../row-filter/bindings.js';
import { upDown } from '../tail-list/bindings.js';

export interface ListWords {
	/** One row, e.g. `dead letter`. */
	row: string;
	/** What the filter takes, e.g. `URL, URL Group, label or time`. */
	filters: string;
	/** What the next and previous pages hold, e.g. `older entries`. */
	next: string;
	previous: string;
	/** What Esc closes, in order. */
	back: string;
}

export function filteredListBindings<const S extends Scope>(scope: S, words: ListWords) {
	const key = bindingsIn(scope);
	return [
		...upDown(scope, 'select'),
		key('nav.open', 'enter', `open the ${words.row}`, { hint: 'detail', detail: false }),
		key('nav.back', 'esc', `back: ${words.back}`, { detail: 'back' }),
		filterBinding(scope, `${words.row} rows of the page shown`),
		key('filter.fields', 'F', `the service's filter: by ${words.filters} (a form)`, {
			hint: 'fields',
			detail: false,
		}),
		key('page.next', 'n', words.next, { hint: { keys: 'n/p', label: 'page' }, detail: false }),
		key('page.previous', 'p', words.previous),
	] as const;
}
