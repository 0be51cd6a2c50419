/** The tab bar: one tab a pane, its titles shortened to fit the width. */
import { Text } from 'ink';
import { memo } from 'react';
import { useRuntime, useUi } from '../contract/context.js';
import type { Runtime } from '../contract/runtime.js';
import { numbered, tabPanes } from './panes.js';

/** The tab line: its labels, and whether a space stands between the tabs besides their own padding. */
export interface TabLine {
	labels: string[];
	gap: boolean;
}

/**
 * The tab line that fits the width: full titles; else the same without the space between tabs;
 * else short titles, with and then without it. The form does not depend on which tab is the
 * current one, so switching panes never moves the tabs.
 */
export function tabLine(panes: Runtime['panes'], current: string, width: number): TabLine {
	const tabs = tabPanes(panes, current);
	const keys = new Map(numbered(panes).map((p, i) => [p.id, `${i + 1} `]));
	const label = (p: (typeof tabs)[number], title: string) => `${keys.get(p.id) ?? ':'}${title}`;
	const full = tabs.map((p) => label(p, p.title));
	const short = tabs.map((p) => label(p, p.shortTitle));
	const length = (line: TabLine) =>
		line.labels.reduce((a, l) => a + l.length + 2, 0) + (line.gap ? line.labels.length - 1 : 0);
	const choices: TabLine[] = [
		{ labels: full, gap: true },
		{ labels: full, gap: false },
		{ labels: short, gap: true },
		{ labels: short, gap: false },
	];
	return choices.find((line) => length(line) <= width) ?? choices.at(-1)!;
}

/** The tabs; the current one inverse and bold, which shows without colours too. */
export const Tabs = memo(function Tabs(props: { width: number }) {
	const { pane } = useUi();
	const { panes } = useRuntime();
	const tabs = tabPanes(panes, pane);
	const { labels, gap } = tabLine(panes, pane, props.width);
	return (
		<Text wrap="truncate-end">
			{tabs.map((p, i) => {
				const current = p.id === pane;
				return (
					<Text key={p.id}>
						<Text inverse={current} bold={current}>
							{` ${labels[i]} `}
						</Text>
						{gap && i < tabs.length - 1 ? ' ' : ''}
					</Text>
				);
			})}
		</Text>
	);
});
