/** Callbacks: what the receiver got, newest first, verified or why not; a filter, the detail. */
import { definePane } from '../../contract/pane.js';
import { callbacksBindings } from './bindings.js';
import {
	type CallbacksAction,
	type CallbacksState,
	callbacksReducer,
	initialCallbacksState,
	leaveCallbacks,
	openCallbacks,
} from './callbacks-state.js';
import { CallbacksView } from './callbacks-view.js';
import { CallbacksController } from './controller.js';

export const callbacksPane = definePane<CallbacksState, CallbacksAction, CallbacksController>({
	id: 'callbacks',
	title: 'Callbacks',
	shortTitle: 'Cbks',
	aliases: ['cb', 'receiver'],
	numberKey: true,
	summary: 'the requests the callback receiver got, verified or why not',
	initial: () => initialCallbacksState,
	reduce: callbacksReducer,
	leave: leaveCallbacks,
	open: openCallbacks,
	controller: (context) => new CallbacksController(context),
	streams: 'receiver',
	bindings: callbacksBindings,
	showsDetail: (state) => state.detail,
	focus: (state) =>
		state.confirm ? 'confirm' : state.filtering || state.editingBody !== undefined ? 'input' : undefined,
	View: CallbacksView,
});
