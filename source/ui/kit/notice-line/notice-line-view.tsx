import { Text } from 'ink';
import { sanitize } from '../../../text/sanitize.js';
import { useTheme } from '../../theme/theme.js';

/** What an action did, or why it was refused: one line of a pane. */
export interface Notice {
	tone: 'ok' | 'error' | 'info';
	text: string;
}

/** What a key that would change something says in read-only mode. */
export function readOnlyNotice(what: string): Notice {
	return { tone: 'info', text: `read-only: ${what} is disabled; nothing was sent` };
}

/** A notice as a line: ✓ in green, ✗ in red, information in yellow; nothing without one. */
export function NoticeLine(props: { notice: Notice | undefined }) {
	const theme = useTheme();
	if (!props.notice) return null;
	const { tone, text } = props.notice;
	return (
		<Text color={theme.color(tone === 'info' ? 'warn' : tone)} wrap="truncate-end">
			{tone === 'error' ? '✗ ' : tone === 'ok' ? '✓ ' : ''}
			{sanitize(text)}
		</Text>
	);
}
