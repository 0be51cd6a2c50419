import { PaneContext, useRuntime } from '../contract/context.js';
import type { PaneViewProps } from '../contract/pane.js';
import type { Command } from '../keys/commands.js';
import { priorities } from '../keys/dispatcher.js';
import { useCommands } from '../keys/use-keys.js';
import { SettingsNeeded } from '../kit/settings-needed/settings-needed-view.js';
import { lackingApi } from './panes.js';

const none: readonly Command[] = [];

/**
 * The view of a pane, with its instance (state, controller) for usePane(); or, when the
 * connection lacks the settings of an API the pane needs, which settings and how to give them.
 */
export function Pane(props: PaneViewProps & { pane: string }) {
	const runtime = useRuntime();
	const instance = runtime.pane(props.pane);
	const { View, title } = instance.module;
	const { connection } = runtime;
	const lacking = lackingApi(instance.module, connection);
	// The pane's keys go to its controller's handlers, with the cells its view has.
	useCommands(instance.controller?.commands ?? none, priorities.pane, {
		active: !lacking,
		size: { width: props.width, height: props.height },
	});
	if (lacking) {
		const working = runtime.panes
			.filter((p) => p.numberKey && lackingApi(p, connection) === undefined)
			.map((p) => p.title);
		return (
			<SettingsNeeded
				pane={title}
				api={lacking}
				keys={connection.unconfigured?.[lacking] ?? []}
				origin={connection.settingsOrigin}
				working={working}
				width={props.width}
				height={props.height}
			/>
		);
	}
	return (
		<PaneContext.Provider value={instance}>
			<View width={props.width} height={props.height} />
		</PaneContext.Provider>
	);
}
