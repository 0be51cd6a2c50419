/** The keys of the Vector pane: its series scroll, and the index it shows is picked from a list. */
import { indexPick, indexPickBindings, pickScope } from '../../kit/index-picker/index-picker-state.js';
import { upDown } from '../../kit/tail-list/bindings.js';

export const vectorScrollBindings = upDown('vector', 'scroll');
export const vectorIndexBindings = [indexPick('vector', 'vector index')] as const;
export const vectorPickScope = pickScope('vector');
export const vectorPickBindings = indexPickBindings(vectorPickScope, 'vector index');
