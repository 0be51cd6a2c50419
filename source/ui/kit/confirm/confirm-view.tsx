/**
 * The request an edit will send, shown before it is sent: Enter or y sends it, Esc or n goes
 * back with nothing sent. While shown it takes every key.
 */
import { Text } from 'ink';
import { sanitize } from '../../../text/sanitize.js';
import { bindingsIn } from '../../keys/bind.js';
import { commands } from '../../keys/commands.js';
import { priorities } from '../../keys/dispatcher.js';
import { useCommands } from '../../keys/use-keys.js';
import { Overlay } from '../overlay/overlay-view.js';
import { previewLines, type RequestPreview } from './request-preview.js';

/** A request shown before it is sent: it takes every key until answered. */
const key = bindingsIn('confirm');
export const confirmBindings = [
	key('confirm.send', ['enter', 'y'], 'send this request', { hint: { keys: 'enter/y', label: 'send' } }),
	key('confirm.cancel', ['esc', 'n'], 'back; nothing is sent', { hint: { keys: 'esc/n', label: 'back' } }),
] as const;

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
	// While the request is out, keys wait for its answer: every one but ctrl+c is swallowed.
	useCommands(
		commands(
			confirmBindings,
			'confirm',
			{ 'confirm.send': () => props.onSend(), 'confirm.cancel': () => props.onCancel() },
			() => !props.busy,
		),
		priorities.input,
		{ rest: (event) => event.name !== 'ctrl+c' },
	);
	const inner = Math.max(10, props.width - 4);
	const lines = previewLines(props.preview, inner);
	// Title, host, footer and the border take five rows.
	const room = Math.max(1, props.height - 5);
	const shown =
		lines.length > room ? [...lines.slice(0, room - 1), `… ${lines.length - room + 1} more lines`] : lines;
	return (
		<Overlay width={props.width} height={Math.min(props.height, shown.length + 5)} borderColor="yellow">
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
		</Overlay>
	);
}
