/** A box drawn over the pane (a question, the help, the health rules): a round border in a colour, a column of padding each side, what does not fit cut at the bottom. */
import { Box } from 'ink';
import type { ReactNode } from 'react';

export function Overlay(props: {
	width: number;
	height: number;
	borderColor: string | undefined;
	children: ReactNode;
}) {
	return (
		<Box
			flexDirection="column"
			width={props.width}
			height={props.height}
			overflowY="hidden"
			borderStyle="round"
			borderColor={props.borderColor}
			paddingX={1}
		>
			{props.children}
		</Box>
	);
}
