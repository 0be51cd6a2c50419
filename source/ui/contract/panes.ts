/** The panes of the monitor, in tab order; number keys 1-8 follow this order. */
export const paneIds = [
	'overview',
	'accounts',
	'vector',
	'search',
	'messages',
	'callbacks',
	'groups',
	'publish',
] as const;
export type PaneId = (typeof paneIds)[number];

export const paneTitles: Record<PaneId, string> = {
	overview: 'Overview',
	accounts: 'Accounts',
	vector: 'Vector',
	search: 'Search',
	messages: 'Messages',
	callbacks: 'Callbacks',
	groups: 'Groups',
	publish: 'Publish',
};

/** Titles for a tab bar that does not fit the full ones. */
export const paneShortTitles: Record<PaneId, string> = {
	overview: 'Over',
	accounts: 'Acct',
	vector: 'Vec',
	search: 'Srch',
	messages: 'Msgs',
	callbacks: 'Cbks',
	groups: 'Grps',
	publish: 'Pub',
};
