import { Box } from 'ink';

/**
 * A blank line between blocks of a pane, the first thing to give way when the pane is short.
 * A shrunk `<Text> </Text>` would still be drawn, over the line above it.
 */
export function Gap() {
	return <Box height={1} flexShrink={1} />;
}
