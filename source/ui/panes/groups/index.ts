/** Groups: the URL Groups with their endpoints and default headers, edited from the keyboard. */
import { definePane } from '../../contract/pane.js';
import { pollRequest } from '../../data/endpoints.js';
import { upDown } from '../../kit/tail-list/bindings.js';
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
	bindings: [
		...upDown('groups', 'select'),
		{ command: 'nav.open', scope: 'groups', keys: ['enter'], description: 'open the group' },
		{ command: 'nav.back', scope: 'groups', keys: ['esc'], description: 'back to the list' },
		{
			command: 'select.mark',
			scope: 'groups',
			keys: [' '],
			description: 'mark or unmark the endpoint',
			hint: { label: 'mark' },
		},
		{
			command: 'group.add',
			scope: 'groups',
			keys: ['a'],
			description: 'add an endpoint (to this group or a new one)',
			hint: { label: 'add' },
			edit: true,
		},
		{
			command: 'group.remove',
			scope: 'groups',
			keys: ['x'],
			description: 'remove the marked endpoints, or endpoints typed by name or URL',
			hint: { label: 'remove' },
			edit: true,
		},
		{
			command: 'group.headers',
			scope: 'groups',
			keys: ['h'],
			description: 'set the default headers',
			hint: { label: 'headers' },
			edit: true,
		},
		{
			command: 'group.clearHeaders',
			scope: 'groups',
			keys: ['c'],
			description: 'clear the default headers',
			edit: true,
		},
		{ command: 'group.delete', scope: 'groups', keys: ['D'], description: 'delete the group', edit: true },
		{
			command: 'group.name',
			scope: 'groups',
			keys: ['g'],
			description: 'type a group name (where the service lists none)',
		},
	],
	focus: groupsScope,
	View: GroupsView,
});
