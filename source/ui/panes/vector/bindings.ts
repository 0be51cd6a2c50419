/** The keys of the Vector pane: its series scroll, and the index it shows is typed. */
import { indexEdit } from '../../kit/index-prompt/index-prompt-state.js';
import { upDown } from '../../kit/tail-list/bindings.js';

export const vectorScrollBindings = upDown('vector', 'scroll');
export const vectorIndexBindings = [indexEdit('vector', 'vector index')] as const;
