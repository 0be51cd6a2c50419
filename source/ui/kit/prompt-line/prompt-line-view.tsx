import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { sanitize } from '../../../text/sanitize.js';
import { useTheme } from '../../theme/theme.js';
import type { Notice } from '../notice-line/notice-line-view.js';
import { TextInput } from '../text-input/text-input-view.js';

export interface PromptField {
	label: string;
	initial?: string;
	placeholder: string;
	onSubmit: (value: string) => void;
	onCancel: () => void;
}

export interface PromptLineProps {
	width: number;
	/** The text field, when it is open. */
	field?: PromptField | undefined;
	/** What the last action did. */
	notice?: Notice | undefined;
	/** Shown when nothing else is: one line (a Text that truncates, or a LiveLine). */
	hint: ReactNode;
}

/**
 * One line under a pane's title: the open text field (with what is wrong with its value), the
 * result of the last action, or a hint; always one line, so the list under it never jumps.
 */
export function PromptLine(props: PromptLineProps) {
	const theme = useTheme();
	const { notice } = props;
	const noticeText = notice ? (
		<Text color={notice.tone === 'info' ? undefined : theme.color(notice.tone)} wrap="truncate-end">
			{notice.tone === 'error' ? '✗ ' : notice.tone === 'ok' ? '✓ ' : ''}
			{sanitize(notice.text)}
		</Text>
	) : null;
	let content: ReactNode;
	if (props.field) {
		content = (
			<>
				<Box flexShrink={0}>
					<TextInput
						label={props.field.label}
						initial={props.field.initial ?? ''}
						placeholder={props.field.placeholder}
						onSubmit={props.field.onSubmit}
						onCancel={props.field.onCancel}
					/>
				</Box>
				{noticeText ? <Text> </Text> : null}
				{noticeText}
			</>
		);
	} else content = noticeText ?? props.hint;
	return (
		<Box height={1} width={props.width} flexShrink={0} overflowY="hidden">
			{content}
		</Box>
	);
}
