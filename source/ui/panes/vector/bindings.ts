/** The keys of the Vector pane: its series scroll, the index it shows is picked from a list, d shows its data. */

import { dataOpenBinding, dataScope, indexDataBindings } from '../../kit/index-data/bindings.js';
import type { IndexedKeys } from '../../kit/index-data/indexed-data-controller.js';
import { indexPick, indexPickBindings, pickScope } from '../../kit/index-picker/index-picker-state.js';
import { upDown } from '../../kit/tail-list/bindings.js';

export const vectorScrollBindings = upDown('vector', 'scroll');
export const vectorIndexBindings = [
	indexPick('vector', 'vector index'),
	dataOpenBinding('vector', "vector index's data"),
] as const;
export const vectorPickScope = pickScope('vector');
export const vectorPickBindings = indexPickBindings(vectorPickScope, 'vector index');
export const vectorDataScope = dataScope('vector');
export const vectorDataBindings = indexDataBindings(vectorDataScope, 'vector index');

/** The list's keys and the data's, for the controller to handle. */
export const vectorIndexedKeys: IndexedKeys = {
	pick: { scope: vectorPickScope, bindings: vectorPickBindings },
	data: { scope: vectorDataScope, bindings: vectorDataBindings },
};
