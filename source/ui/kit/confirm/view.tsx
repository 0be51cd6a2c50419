/**
 * The request an edit will send, shown before it is sent: Enter or y sends it, Esc or n goes
 * back with nothing sent. While shown it takes every key.
 */
import { Box, Text } from 'ink';
import { sanitize } from '../../../text/sanitize.js';
import { commandFor } from '../../keys/bindings.js';
import { priorities } from '../../keys/dispatcher.js';
import { useKeys } from '../../keys/use-keys.js';
import { previewLines, type RequestPreview } from './request-preview.js';

export interface ConfirmProps {
	/** What the request does, e.g. `remove 2 endpoints from orders`. */
	title: string;
	preview: RequestPreview;
	/** The host the path is relative to. */
	host: string;
	width: number;
	height: number;
	/** The request is out: keys wait for its answer. */
	busy: boolean;
	onSend: () => void;
	onCancel: () => void;
}

export function Confirm(props: ConfirmProps) {
	useKeys(priorities.input, (event) => {
		const command = commandFor('confirm', event.name);
		if (event.name === 'ctrl+c') return false;
		if (props.busy) return true;
		if (command === 'confirm.send') props.onSend();
		else if (command === 'confirm.cancel') props.onCancel();
		return true;
	});
	const inner = Math.max(10, props.width - 4);
	const lines = previewLines(props.preview, inner);
	// Title, host, footer and the border take five rows.
	const room = Math.max(1, props.height - 5);
	const shown =
		lines.length > room ? [...lines.slice(0, room - 1), `… ${lines.length - room + 1} more lines`] : lines;
	return (
		<Box
			flexDirection="column"
			width={props.width}
			height={Math.min(props.height, shown.length + 5)}
			borderStyle="round"
			borderColor="yellow"
			paddingX={1}
			overflowY="hidden"
		>
			<Text bold wrap="truncate-end">
				{sanitize(props.title)}
			</Text>
			<Text dimColor wrap="truncate-end">
				to {sanitize(props.host)}
			</Text>
			{shown.map((line, i) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: lines of one text, in order
				<Text key={i} wrap="truncate-end">
					{i === 0 ? <Text color="yellow">{sanitize(line)}</Text> : sanitize(line) || ' '}
				</Text>
			))}
			<Text wrap="truncate-end">
				{props.busy ? (
					<Text color="yellow">sending…</Text>
				) : (
					<>
						<Text color="cyan" bold>
							enter/y
						</Text>
						<Text> send this request · </Text>
						<Text color="cyan" bold>
							esc/n
						</Text>
						<Text> back, nothing is sent</Text>
					</>
				)}
			</Text>
		</Box>
	);
}
