import { Box, Text } from 'ink';
import { useRuntime } from '../../contract/context.js';
import type { IndexField } from '../../contract/shell-state.js';
import { TextInput } from '../text-input/view.js';

/** Asks for the id of the index a pane shows. */
export function IndexPrompt(props: { field: IndexField; what: string; current: string | undefined }) {
	const { ui } = useRuntime();
	return (
		<Box flexDirection="column">
			<TextInput
				label={`${props.what} id:`}
				initial={props.current ?? ''}
				placeholder="type the id, enter to apply"
				onSubmit={(id) => ui.dispatch({ type: 'index/set', field: props.field, id })}
				onCancel={() => ui.dispatch({ type: 'back' })}
			/>
			{props.current ? null : (
				<Text dimColor>No {props.what.toLowerCase()} is configured for this connection.</Text>
			)}
		</Box>
	);
}
