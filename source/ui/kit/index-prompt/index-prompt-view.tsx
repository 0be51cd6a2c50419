import { Box, Text } from 'ink';
import { TextInput } from '../text-input/text-input-view.js';

/** Asks for the id of the index a pane shows; closed, says how to open it again. */
export function IndexPrompt(props: {
	what: string;
	current: string | undefined;
	editing: boolean;
	onSubmit: (id: string) => void;
	onCancel: () => void;
}) {
	if (!props.editing)
		return (
			<Text>
				No {props.what.toLowerCase()} is configured for this connection: <Text bold>i</Text> types its id.
			</Text>
		);
	return (
		<Box flexDirection="column">
			<TextInput
				label={`${props.what} id:`}
				initial={props.current ?? ''}
				placeholder="type the id, enter to apply"
				onSubmit={props.onSubmit}
				onCancel={props.onCancel}
			/>
			{props.current ? null : (
				<Text dimColor>No {props.what.toLowerCase()} is configured for this connection.</Text>
			)}
		</Box>
	);
}
