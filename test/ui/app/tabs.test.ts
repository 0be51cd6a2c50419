import { describe, expect, it } from 'vitest';
import { numbered, tabPanes } from '../../../source/ui/app/panes.js';
import { type TabLine, tabLine } from '../../../source/ui/app/tabs.js';
import { panes } from '../../../source/ui/registry.js';

/** The width of the tab line: each label with a space either side, and the gaps between. */
const width = (line: TabLine) =>
	line.labels.reduce((sum, l) => sum + l.length + 2, 0) + (line.gap ? line.labels.length - 1 : 0);

describe('the tab line', () => {
	it('has the full titles where they fit', () => {
		expect(tabLine(panes, 'overview', 200)).toEqual({
			labels: numbered(panes).map((p, i) => `${i + 1} ${p.title}`),
			gap: true,
		});
		// A pane without a number key is a tab only while it is shown, marked by the `:` that reaches it.
		expect(tabLine(panes, 'dlq', 200).labels.at(-1)).toBe(':Dead letters');
	});

	it('fits 80 columns with every pane, the current one by its full title', () => {
		for (const pane of panes) {
			for (const columns of [80, 100, 120]) {
				const line = tabLine(panes, pane.id, columns);
				expect(width(line), `${pane.id} at ${columns}`).toBeLessThanOrEqual(columns);
				expect(line.labels).toHaveLength(tabPanes(panes, pane.id).length);
				if (pane.numberKey)
					expect(line.labels).toContain(`${numbered(panes).indexOf(pane) + 1} ${pane.title}`);
				// A tenth tab in 80 columns leaves room only for short titles, its own included.
				else expect(line.labels.at(-1)).toMatch(new RegExp(`^:(${pane.title}|${pane.shortTitle})$`));
			}
		}
		const at100 = tabLine(panes, 'messages', 100);
		expect(at100.labels[4]).toBe('5 Messages');
		expect(at100.labels[0]).toBe('1 Over');
		expect(tabLine(panes, 'workflows', 80)).toMatchObject({ gap: false });
	});
});
