/** Accounts: the message-queue accounts, the one the Overview shows, and the detail of one. */
import { definePane } from '../../contract/pane.js';
import { pollRequest, usersEndpoint } from '../../data/endpoints.js';
import { accountsReducer, initialAccountsState } from './accounts-state.js';
import { AccountsView } from './accounts-view.js';
import { accountsBindings } from './bindings.js';
import { AccountsController } from './controller.js';

export const accountsPane = definePane({
	names: { id: 'accounts', title: 'Accounts', shortTitle: 'Acct', aliases: ['users', 'acct'] },
	summary: 'the message-queue accounts, their limits and credentials',
	requires: ['management'],
	model: {
		initial: initialAccountsState,
		reduce: accountsReducer,
		leave: (state) =>
			state.detail || state.detailScroll || state.filtering
				? { ...state, detail: false, detailScroll: 0, filtering: false }
				: state,
		focus: (state) => (state.filtering ? 'input' : undefined),
	},
	Controller: AccountsController,
	polls: () => [pollRequest(usersEndpoint)],
	bindings: accountsBindings,
	View: AccountsView,
});
