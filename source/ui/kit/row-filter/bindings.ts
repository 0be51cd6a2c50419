/** The key that filters a list: `/`, the same in every list that has it. */
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
