import { PaneContext, useRuntime } from '../contract/context.js';
import type { PaneViewProps } from '../contract/pane.js';

/** The view of a pane, with its instance (state, controller) for usePane(). */
export function Pane(props: PaneViewProps & { pane: string }) {
	const runtime = useRuntime();
	const instance = runtime.pane(props.pane);
	const { View } = instance.module;
	return (
		<PaneContext.Provider value={instance}>
			<View width={props.width} height={props.height} />
		</PaneContext.Provider>
	);
}
