import type { PaneId } from '../state/panes.js';
import { AccountsPane } from './accounts.js';
import { CallbacksPane } from './callbacks.js';
import { GroupsPane } from './groups.js';
import { MessagesPane } from './messages.js';
import { OverviewPane, type PaneProps } from './overview.js';
import { PlaceholderPane } from './placeholder.js';
import { PublishPane } from './publish.js';
import { SearchPane } from './search.js';
import { VectorPane } from './vector.js';

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
