/** The keys every filtered, paged list has: move, open, back, filter, and the pages before and after. */
import { bindingsIn } from '../../keys/bind.js';
import type { Scope } from '../../keys/key-table.js';
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
		key('filter.edit', '/', `filter by ${words.filters} (the service filters)`, {
			hint: 'filter',
			detail: false,
		}),
		key('page.next', 'n', words.next, { hint: { keys: 'n/p', label: 'page' }, detail: false }),
		key('page.previous', 'p', words.previous),
	] as const;
}
