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

	it('fits 80 columns with every pane, and stays put as the current pane changes', () => {
		for (const columns of [80, 100, 120, 200]) {
			const first = tabLine(panes, 'overview', columns);
			for (const pane of panes) {
				const line = tabLine(panes, pane.id, columns);
				expect(width(line), `${pane.id} at ${columns}`).toBeLessThanOrEqual(columns);
				expect(line.labels).toHaveLength(tabPanes(panes, pane.id).length);
				// The numbered tabs read the same whichever is current: switching panes never moves them.
				if (pane.numberKey) expect(line, `${pane.id} at ${columns}`).toEqual(first);
				else expect(line.labels.at(-1)).toMatch(new RegExp(`^:(${pane.title}|${pane.shortTitle})$`));
			}
		}
		expect(tabLine(panes, 'messages', 100).labels.slice(0, 5)).toEqual([
			'1 Over',
			'2 Acct',
			'3 Vec',
			'4 Srch',
			'5 Msgs',
		]);
		expect(tabLine(panes, 'workflows', 80)).toMatchObject({ gap: true });
	});
});
