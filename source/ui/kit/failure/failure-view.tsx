/** Why a send was refused, over the form it came from: wrapped, so the server's reason is never cut. */
import { Box, Text } from 'ink';
import { sanitize } from '../../../text/sanitize.js';
import { hardWrap } from '../text/wrap.js';

const maxRows = 3;

/** The rows the failure takes at `width`: at most three, the last one cut with `…`. */
export function failureRows(text: string | undefined, width: number): string[] {
	if (!text) return [];
	const rows = hardWrap(`✗ ${sanitize(text)}`, Math.max(10, width));
	return rows.length <= maxRows
		? rows
		: [...rows.slice(0, maxRows - 1), `${rows[maxRows - 1]!.slice(0, -1)}…`];
}

export function Failure(props: { text: string | undefined; width: number }) {
	const rows = failureRows(props.text, props.width);
	if (rows.length === 0) return null;
	return (
		<Box flexDirection="column" width={props.width} flexShrink={0}>
			{rows.map((row, i) => (
				// biome-ignore lint/suspicious/noArrayIndexKey: rows of one text, in order
				<Text key={i} color="red" wrap="truncate-end">
					{row}
				</Text>
			))}
		</Box>
	);
}
