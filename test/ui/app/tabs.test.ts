import { describe, expect, it } from 'vitest';
import { tabLabels } from '../../../source/ui/app/chrome.js';
import { panes } from '../../../source/ui/registry.js';

/** The width of the tab line: each label with a space either side, one space between. */
const lineWidth = (labels: string[]) => labels.reduce((sum, l) => sum + l.length + 2, 0) + labels.length - 1;

describe('the tab labels', () => {
	it('are the full titles where they fit', () => {
		expect(tabLabels(panes, 'overview', 200)).toEqual(panes.map((p, i) => `${i + 1} ${p.title}`));
	});

	it('shorten the other tabs first, then every tab, so that the line fits 80 columns', () => {
		for (const pane of panes) {
			for (const width of [80, 100, 120]) {
				const labels = tabLabels(panes, pane.id, width);
				expect(lineWidth(labels), `${pane.id} at ${width}`).toBeLessThanOrEqual(width);
				expect(labels).toHaveLength(panes.length);
			}
		}
		const at100 = tabLabels(panes, 'messages', 100);
		expect(at100[4]).toBe('5 Messages');
		expect(at100[0]).toBe('1 Over');
		expect(tabLabels(panes, 'workflows', 80).at(-1)).toBe('9 Flows');
	});
});
