/** The keys every filtered, paged list has: move, open, back, filter, and the pages before and after. */
import type { Binding, Scope } from '../../keys/key-table.js';
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

export function filteredListBindings(scope: Scope, words: ListWords): Binding[] {
	return [
		...upDown(scope, 'select'),
		{
			command: 'nav.open',
			scope,
			keys: ['enter'],
			description: `open the ${words.row}`,
			hint: { label: 'detail' },
		},
		{ command: 'nav.back', scope, keys: ['esc'], description: `back: ${words.back}` },
		{
			command: 'filter.edit',
			scope,
			keys: ['/'],
			description: `filter by ${words.filters} (the service filters)`,
			hint: { label: 'filter' },
		},
		{
			command: 'page.next',
			scope,
			keys: ['n'],
			description: words.next,
			hint: { keys: 'n/p', label: 'page' },
		},
		{ command: 'page.previous', scope, keys: ['p'], description: words.previous },
	];
}
