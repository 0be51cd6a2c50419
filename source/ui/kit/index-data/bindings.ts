/** The keys of an index's data inside the Vector and Search panes: one table for both. */
import { bindingsIn } from '../../keys/bind.js';
import type { Scope } from '../../keys/key-table.js';
import { upDown } from '../tail-list/bindings.js';

/** The key in the pane's own scope that shows the data instead of the statistics. */
export const dataOpenBinding = <const S extends Scope>(scope: S, what: string) =>
	bindingsIn(scope)('data.open', 'd', `the ${what}: query, fetch, range and delete`, { hint: 'data' });

/** The scope of the data view inside a pane, e.g. `vector.data`. */
export const dataScope = <const S extends string>(pane: S) => `${pane}.data` as const;

export const indexDataBindings = <const S extends Scope>(scope: S, what: string) => {
	const key = bindingsIn(scope);
	return [
		key('data.ask', 's', `ask the ${what}: query, fetch ids, range, or delete (a form)`, {
			hint: 'ask',
			detail: false,
		}),
		...upDown(scope, 'select'),
		key('nav.open', 'enter', 'the record in full', { hint: 'detail', detail: false }),
		key('nav.back', 'esc', 'back: the detail closes, else the statistics show again', {
			hint: 'back',
			detail: 'back',
		}),
		key('data.next', 'n', 'the next page of a range', {
			hint: { keys: 'n/p', label: 'page' },
			detail: false,
		}),
		key('data.previous', 'p', 'the previous page of a range', { detail: false }),
		key('data.delete', 'D', 'delete the selected record: shows the exact request first', {
			hint: 'delete',
			edit: true,
		}),
	] as const;
};
