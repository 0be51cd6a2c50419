import { describe, expect, it } from 'vitest';
import { type TabLine, tabLine } from '../../../source/ui/app/chrome.js';
import { panes } from '../../../source/ui/registry.js';

/** The width of the tab line: each label with a space either side, and the gaps between. */
const width = (line: TabLine) =>
	line.labels.reduce((sum, l) => sum + l.length + 2, 0) + (line.gap ? line.labels.length - 1 : 0);

describe('the tab line', () => {
	it('has the full titles where they fit', () => {
		expect(tabLine(panes, 'overview', 200)).toEqual({
			labels: panes.map((p, i) => `${i + 1} ${p.title}`),
			gap: true,
		});
	});

	it('fits 80 columns with every pane, the current one by its full title', () => {
		for (const pane of panes) {
			for (const columns of [80, 100, 120]) {
				const line = tabLine(panes, pane.id, columns);
				expect(width(line), `${pane.id} at ${columns}`).toBeLessThanOrEqual(columns);
				expect(line.labels).toHaveLength(panes.length);
				expect(line.labels).toContain(`${panes.indexOf(pane) + 1} ${pane.title}`);
			}
		}
		const at100 = tabLine(panes, 'messages', 100);
		expect(at100.labels[4]).toBe('5 Messages');
		expect(at100.labels[0]).toBe('1 Over');
		expect(tabLine(panes, 'workflows', 80)).toMatchObject({ gap: false });
	});
});
