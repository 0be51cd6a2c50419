/** Accounts: the message-queue accounts, the one the Overview shows, and the detail of one. */
import { definePane } from '../../contract/pane.js';
import { pollRequest, usersEndpoint } from '../../data/endpoints.js';
import {
	type AccountsAction,
	type AccountsState,
	accountsReducer,
	initialAccountsState,
} from './accounts-state.js';
import { AccountsView } from './accounts-view.js';
import { accountsBindings } from './bindings.js';
import { AccountsController } from './controller.js';

export const accountsPane = definePane<AccountsState, AccountsAction, AccountsController>({
	id: 'accounts',
	title: 'Accounts',
	shortTitle: 'Acct',
	aliases: ['users', 'acct'],
	numberKey: true,
	summary: 'the message-queue accounts, their limits and credentials',
	requires: ['management'],
	initial: () => initialAccountsState,
	reduce: accountsReducer,
	leave: (state) =>
		state.detail || state.detailScroll || state.filtering
			? { ...state, detail: false, detailScroll: 0, filtering: false }
			: state,
	controller: (context) => new AccountsController(context),
	polls: () => [pollRequest(usersEndpoint)],
	bindings: accountsBindings,
	focus: (state) => (state.filtering ? 'input' : undefined),
	View: AccountsView,
});
