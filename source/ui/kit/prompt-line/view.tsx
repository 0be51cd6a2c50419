import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { useUi } from '../../contract/context.js';
import type { PaneId } from '../../contract/panes.js';
import type { EditField } from '../../contract/shell-state.js';
import { TextInput } from '../text-input/view.js';

const toneColors = { info: undefined, ok: 'green', error: 'red' } as const;

export interface PromptLineProps {
	pane: PaneId;
	width: number;
	/** The text field this pane opens, and how it is labelled and submitted. */
	field?: {
		name: EditField;
		label: string;
		initial?: string;
		placeholder: string;
		onSubmit: (value: string) => void;
		onCancel: () => void;
	};
	/** The question while a confirmation is open. */
	question?: ReactNode;
	/** Shown when nothing else is: one line (a Text that truncates, or a LiveLine). */
	hint: ReactNode;
}

/**
 * One line under a pane's title: the open text field (with what is wrong with its value), the
 * yes/no question, the result of the last action, or a hint; always one line, so the list
 * under it never jumps.
 */
export function PromptLine(props: PromptLineProps) {
	const ui = useUi();
	const notice = ui.notice?.pane === props.pane ? ui.notice : undefined;
	const noticeText = notice ? (
		<Text color={toneColors[notice.tone]} wrap="truncate-end">
			{notice.tone === 'error' ? '✗ ' : notice.tone === 'ok' ? '✓ ' : ''}
			{notice.text}
		</Text>
	) : null;
	let content: ReactNode;
	if (props.field && ui.editing === props.field.name) {
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
	} else if (ui.confirm && props.question) {
		content = (
			<Text color="yellow" bold wrap="truncate-end">
				{props.question} <Text color="cyan">y</Text>
				<Text dimColor>/</Text>
				<Text color="cyan">n</Text>
			</Text>
		);
	} else content = noticeText ?? props.hint;
	return (
		<Box height={1} width={props.width} flexShrink={0} overflowY="hidden">
			{content}
		</Box>
	);
}
