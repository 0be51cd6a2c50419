/** Groups: the URL Groups with their endpoints and default headers, edited from the keyboard. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { groupsBindings } from './bindings.js';
import { GroupsController } from './controller.js';
import { groupsEndpoint } from './endpoints.js';
import {
	type GroupsAction,
	type GroupsState,
	groupsReducer,
	groupsScope,
	initialGroupsState,
} from './groups-state.js';
import { GroupsView } from './groups-view.js';

export const groupsPane = definePane<GroupsState, GroupsAction, GroupsController>({
	id: 'groups',
	title: 'Groups',
	shortTitle: 'Grps',
	aliases: ['topics', 'urlgroups', 'grp'],
	numberKey: true,
	summary: 'URL Groups: endpoints and default headers, edited here',
	requires: ['messaging'],
	initial: () => initialGroupsState,
	reduce: groupsReducer,
	controller: (context) => new GroupsController(context),
	// A deployment without the listing answered 404/405 once: asking again cannot help.
	polls: ({ state }) => (state.listed ? [pollRequest(groupsEndpoint)] : []),
	bindings: groupsBindings,
	focus: groupsScope,
	View: GroupsView,
});
