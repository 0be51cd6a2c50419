/** A list's screen: a heading, the prompt line and the table with the selected row marked; or the open detail; or what shows instead. */
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { Column } from '../../../source/ui/kit/table/table-view.js';
import { ListScreen, type ListScreenProps } from '../../../source/ui/kit/tail-list/list-screen.js';

const strip = (text: string | undefined) => (text ?? '').replace(/\x1b\[[0-9;]*m/g, '');
const columns: Column<string>[] = [{ header: 'name', cell: (row) => row }];

function linesOf(props: Partial<ListScreenProps<string>>) {
	const { lastFrame, unmount } = render(
		<ListScreen
			size={{ width: 40, height: 8 }}
			detail={undefined}
			heading={[{ text: '3 rows', bold: true }]}
			prompt={<Text>the prompt</Text>}
			instead={undefined}
			columns={columns}
			rows={['alpha', 'beta', 'gamma']}
			selected={1}
			{...props}
		/>,
	);
	const lines = strip(lastFrame()).split('\n');
	unmount();
	return lines;
}

describe('ListScreen', () => {
	it('shows the heading, the prompt and the rows, the selected one marked', () => {
		const lines = linesOf({});
		expect(lines[0]).toBe('3 rows');
		expect(lines[1]).toBe('the prompt');
		expect(lines.find((l) => l.includes('beta'))).toMatch(/^›/);
		expect(lines.find((l) => l.includes('alpha'))).not.toMatch(/^›/);
	});

	it('marks rows the pane’s way where it has one', () => {
		const lines = linesOf({ mark: (row) => (row === 'gamma' ? '●' : ' ') });
		expect(lines.find((l) => l.includes('gamma'))).toMatch(/^●/);
	});

	it('shows what stands instead of the table, and the open detail instead of the list', () => {
		expect(linesOf({ instead: <Text>nothing yet</Text> }).slice(0, 3)).toEqual([
			'3 rows',
			'the prompt',
			'nothing yet',
		]);
		const detail = linesOf({ detail: { title: 'Row beta', lines: [{ text: 'its detail' }], scroll: 0 } });
		expect(detail[0]).toMatch(/^Row beta · esc back/);
		expect(detail).toContain('the prompt');
		expect(detail).toContain('its detail');
		expect(detail.join('\n')).not.toContain('alpha');
	});
});
