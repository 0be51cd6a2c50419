/** A box drawn over the pane: a round border, a column of padding each side, what does not fit cut at the bottom. */
import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Overlay } from '../../../source/ui/kit/overlay/overlay-view.js';

const strip = (text: string | undefined) => (text ?? '').replace(/\x1b\[[0-9;]*m/g, '');

describe('Overlay', () => {
	it('draws its lines in a round border, padded, cut at its height', () => {
		const { lastFrame, unmount } = render(
			<Overlay width={20} height={4} borderColor="yellow">
				{['first', 'second', 'third'].map((line) => (
					<Box key={line} flexShrink={0}>
						<Text>{line}</Text>
					</Box>
				))}
			</Overlay>,
		);
		const lines = strip(lastFrame()).split('\n');
		unmount();
		expect(lines).toHaveLength(4);
		expect(lines[0]).toMatch(/^╭─+╮$/);
		expect(lines[1]).toBe(`│ first${' '.repeat(12)}│`);
		expect(lines[2]).toContain('│ second');
		expect(lines.join('\n')).not.toContain('third');
		expect(lines[3]).toMatch(/^╰─+╯$/);
	});
});
