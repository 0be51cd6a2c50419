import { Text } from 'ink';
import type { EndpointEntry } from '../../data/poll-store.js';

/** What a pane shows before its data arrives: loading, or why it failed and what to do. */
export function EndpointState(props: { entry: EndpointEntry<unknown> | undefined; what: string }) {
	const failure = props.entry?.failure;
	if (!failure) return <Text dimColor>Loading {props.what}…</Text>;
	return (
		<>
			<Text color="red" wrap="truncate-end">
				✗ {failure.message}
			</Text>
			{failure.hint ? <Text dimColor>{failure.hint}</Text> : null}
		</>
	);
}
