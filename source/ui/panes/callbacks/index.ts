/** Callbacks: what the receiver got, newest first, verified or why not; a filter, the detail. */
import { definePane } from '../../contract/pane.js';
import { callbacksBindings } from './bindings.js';
import { callbacksReducer, initialCallbacksState, leaveCallbacks, openCallbacks } from './callbacks-state.js';
import { CallbacksView } from './callbacks-view.js';
import { CallbacksController } from './controller.js';

export const callbacksPane = definePane({
	names: { id: 'callbacks', title: 'Callbacks', shortTitle: 'Cbks', aliases: ['cb', 'receiver'] },
	summary: 'the requests the callback receiver got, verified or why not',
	model: {
		initial: initialCallbacksState,
		reduce: callbacksReducer,
		leave: leaveCallbacks,
		open: openCallbacks,
		showsDetail: (state) => state.detail,
		focus: (state) =>
			state.confirm ? 'confirm' : state.filtering || state.editingBody !== undefined ? 'input' : undefined,
	},
	Controller: CallbacksController,
	streams: 'receiver',
	bindings: callbacksBindings,
	View: CallbacksView,
});
