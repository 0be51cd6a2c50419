/** The frame the shell's overlays (`?` help, `!` health) draw in place of the pane: a round border in a tone. */
import { Box } from 'ink';
import type { ReactNode } from 'react';
import { type Tone, useTheme } from '../theme/theme.js';

export function Overlay(props: { width: number; height: number; tone: Tone; children: ReactNode }) {
	const theme = useTheme();
	return (
		<Box
			flexDirection="column"
			width={props.width}
			height={props.height}
			overflowY="hidden"
			borderStyle="round"
			borderColor={theme.color(props.tone)}
			paddingX={1}
		>
			{props.children}
		</Box>
	);
}
