/** Groups: the URL Groups with their endpoints and default headers, edited from the keyboard. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { groupsBindings } from './bindings.js';
import { GroupsController } from './controller.js';
import { groupsEndpoint } from './endpoints.js';
import { groupsReducer, groupsScope, initialGroupsState } from './groups-state.js';
import { GroupsView } from './groups-view.js';

export const groupsPane = definePane({
	names: { id: 'groups', title: 'Groups', shortTitle: 'Grps', aliases: ['topics', 'urlgroups', 'grp'] },
	summary: 'URL Groups: endpoints and default headers, edited here',
	requires: ['messaging'],
	model: { initial: initialGroupsState, reduce: groupsReducer, focus: groupsScope },
	Controller: GroupsController,
	// A deployment without the listing answered 404/405 once: asking again cannot help.
	polls: ({ state }) => (state.listed ? [pollRequest(groupsEndpoint)] : []),
	bindings: groupsBindings,
	View: GroupsView,
});
