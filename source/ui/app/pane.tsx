import type { PaneId } from '../contract/panes.js';
import { AccountsPane } from '../panes/accounts/view.js';
import { CallbacksPane } from '../panes/callbacks/view.js';
import { GroupsPane } from '../panes/groups/view.js';
import { MessagesPane } from '../panes/messages/view.js';
import { OverviewPane, type PaneProps } from '../panes/overview/view.js';
import { PublishPane } from '../panes/publish/view.js';
import { SearchPane } from '../panes/search/view.js';
import { VectorPane } from '../panes/vector/view.js';
import { PlaceholderPane } from './placeholder.js';

/** Panes with their own view; the others are tabs only, for now. */
export const builtPanes: ReadonlySet<PaneId> = new Set([
	'overview',
	'accounts',
	'vector',
	'search',
	'groups',
	'publish',
	'messages',
	'callbacks',
]);

export function Pane(props: PaneProps & { pane: PaneId }) {
	switch (props.pane) {
		case 'overview':
			return <OverviewPane {...props} />;
		case 'accounts':
			return <AccountsPane {...props} />;
		case 'vector':
			return <VectorPane {...props} />;
		case 'search':
			return <SearchPane {...props} />;
		case 'messages':
			return <MessagesPane {...props} />;
		case 'callbacks':
			return <CallbacksPane {...props} />;
		case 'groups':
			return <GroupsPane {...props} />;
		case 'publish':
			return <PublishPane {...props} />;
		default:
			return <PlaceholderPane pane={props.pane} />;
	}
}
