/** Callbacks: what the receiver got, newest first, verified or why not; a filter, the detail. */
import { definePane } from '../../contract/pane.js';
import { tailing } from '../../kit/tail-list/bindings.js';
import {
	type CallbacksAction,
	type CallbacksState,
	callbacksReducer,
	initialCallbacksState,
	leaveCallbacks,
	openCallbacks,
} from './callbacks-state.js';
import { CallbacksView } from './callbacks-view.js';

export const callbacksPane = definePane<CallbacksState, CallbacksAction>({
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
	bindings: [
		...tailing('callbacks', 'callback'),
		{
			command: 'filter.edit',
			scope: 'callbacks',
			keys: ['/'],
			description: 'filter: a regular expression or text over each line; esc clears',
			hint: { label: 'filter' },
		},
		{
			// R, as Dead letters' retry: r refreshes everywhere.
			command: 'callbacks.replay',
			scope: 'callbacks',
			keys: ['R'],
			description: 'send the request again to the app (the forward URL), signed afresh',
			hint: { label: 'send again' },
		},
		{
			command: 'callbacks.replay-edit',
			scope: 'callbacks',
			keys: ['e'],
			description: 'edit the body, then send the request again to the app',
		},
		{
			command: 'secrets.reveal',
			scope: 'callbacks',
			keys: ['v'],
			description: 'reveal or hide the signing keys',
			hint: { label: 'reveal' },
		},
	],
	focus: (state) => (state.editing || state.editingBody !== undefined ? 'input' : undefined),
	View: CallbacksView,
});
