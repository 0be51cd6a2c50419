import { Text } from 'ink';
import { type PaneId, paneTitles } from '../contract/panes.js';

/** A pane that a later version of mqtop fills; only its tab exists yet. */
export function PlaceholderPane(props: { pane: PaneId }) {
	return <Text dimColor>The {paneTitles[props.pane]} pane is not built yet.</Text>;
}
