/**
 * The panes that show the answers of the deployed service, each with the route it reads, the
 * view that reads most of the answer, and what that view shows whatever the answer's other
 * fields are. Each answer the tests give carries a mark (an unknown field, which the pane must
 * keep anyway), so a test knows when the pane's data is the answer it gave.
 */
import { z } from 'zod';
import { identified } from '../../../source/api/liberal.js';
import {
	DeliveryEvent,
	Message,
	MqStats,
	MqUsers,
	SearchIndex,
	UrlGroups,
	VectorIndexStats,
} from '../../../source/api/schemas.js';
import { logsEndpoint, usersEndpoint } from '../../../source/ui/data/endpoints.js';
import { entryOf, keyedEntry, type PollFailure, type PollState } from '../../../source/ui/data/poll-store.js';
import { groupsEndpoint } from '../../../source/ui/panes/groups/endpoints.js';
import { messageEndpoint } from '../../../source/ui/panes/messages/endpoints.js';
import { mqStatsEndpoint } from '../../../source/ui/panes/overview/endpoints.js';
import { searchIndexEndpoint } from '../../../source/ui/panes/search/endpoints.js';
import { vectorStatsEndpoint } from '../../../source/ui/panes/vector/endpoints.js';
import { ids } from '../../fixtures/deployed/answers.js';
import type { Path } from '../../fixtures/deployed/catalog.js';
import type { Route } from '../../support/deployed-service.js';
import { keys, type Screen } from '../harness.js';

/** The unknown field that marks an answer. */
export const markField = 'mqtopTestMark';

/** The delivery logs page as the TUI reads it: `logs` identify it, its entries their message. */
const LogsAnswer = identified(
	z.looseObject({ logs: z.array(DeliveryEvent), cursor: z.string().optional() }),
	['logs'],
);

export interface PaneCase {
	route: Route;
	/** The pane's title, for messages. */
	pane: string;
	/** The schema the answer is read with: its non-identity fields are the ones left out or mistyped. */
	schema: z.ZodType;
	/** Where in the answer the mark goes: the root, or the first record of a list. */
	markAt: Path;
	/** The marked record of the pane's data, as polled. */
	marked(polls: PollState): Record<string, unknown> | undefined;
	/** The entry's failure, if the last poll failed. */
	failure(polls: PollState): PollFailure | undefined;
	/** Shows the pane's fullest view (a detail where it has one). */
	open(screen: Screen): Promise<void>;
	/** What the view shows whatever the other fields of the answer. */
	shows: string[];
	/**
	 * Paths the client cannot read liberally yet: on main the delivery logs are parsed with a
	 * schema that requires an entry's `time` and `state` (source/api/messaging-schemas.ts, being
	 * made liberal in another branch); left out or mistyped, the page does not fit at all.
	 */
	strictPaths?: readonly string[];
}

/** Shows the pane of `key`, and once its list shows `row`, opens the detail of the newest row. */
async function openDetail(screen: Screen, key: string, row: string): Promise<void> {
	await screen.press(key);
	await screen.waitFor((frame) => frame.includes(row), `the row ${row}`);
	if (key === '5') await screen.press('g');
	await screen.press(keys.enter);
}

const first = (data: unknown) =>
	Array.isArray(data) ? (data[0] as Record<string, unknown> | undefined) : undefined;
const root = (data: unknown) => data as Record<string, unknown> | undefined;

export const paneCases: PaneCase[] = [
	{
		route: 'users',
		pane: 'Accounts',
		schema: MqUsers,
		markAt: [0],
		marked: (polls) => first(entryOf(polls, usersEndpoint)?.data),
		failure: (polls) => entryOf(polls, usersEndpoint)?.failure,
		open: (screen) => openDetail(screen, '2', ids.account),
		shows: [`Account ${ids.account}`, 'customer', 'token'],
	},
	{
		route: 'mqStats',
		pane: 'Overview',
		schema: MqStats,
		markAt: [],
		marked: (polls) => root(entryOf(polls, mqStatsEndpoint)?.data),
		failure: (polls) => entryOf(polls, mqStatsEndpoint)?.failure,
		open: (screen) => screen.press('1'),
		shows: [`Account ${ids.account}`, 'Today', 'Month', 'Period series'],
	},
	{
		route: 'vectorStats',
		pane: 'Vector',
		schema: VectorIndexStats,
		markAt: [],
		marked: (polls) => root(entryOf(polls, vectorStatsEndpoint)?.data),
		failure: (polls) => entryOf(polls, vectorStatsEndpoint)?.failure,
		open: (screen) => screen.press('3'),
		shows: [`Vector index ${ids.vectorIndex} · period`, 'vectors', 'query mean'],
	},
	{
		route: 'searchIndex',
		pane: 'Search',
		schema: SearchIndex,
		markAt: [],
		marked: (polls) => root(entryOf(polls, searchIndexEndpoint)?.data),
		failure: (polls) => entryOf(polls, searchIndexEndpoint)?.failure,
		open: (screen) => screen.press('4'),
		shows: ['Search index ', ids.searchIndex, 'Limits', 'throughput'],
	},
	{
		route: 'message',
		pane: 'Messages',
		schema: Message,
		markAt: [],
		marked: (polls) => root(keyedEntry(polls, messageEndpoint, ids.message)?.data),
		failure: (polls) => {
			const failure = keyedEntry(polls, messageEndpoint, ids.message)?.failure;
			return failure?.status === 404 ? undefined : failure;
		},
		open: (screen) => openDetail(screen, '5', ids.message.slice(0, 30)),
		shows: [`Message ${ids.message}`, 'Delivery logs (', 'Headers', 'Body'],
	},
	{
		route: 'logs',
		pane: 'Messages',
		schema: LogsAnswer,
		markAt: ['logs', 0],
		marked: (polls) => {
			const data = entryOf(polls, logsEndpoint)?.data;
			return data?.listed ? first(data.logs) : undefined;
		},
		failure: (polls) => entryOf(polls, logsEndpoint)?.failure,
		open: (screen) => openDetail(screen, '5', ids.message.slice(0, 30)),
		shows: [`Message ${ids.message}`, 'Delivery logs (', 'Headers'],
		strictPaths: ['logs[0].time', 'logs[0].state'],
	},
	{
		route: 'groups',
		pane: 'Groups',
		schema: UrlGroups,
		markAt: [0],
		marked: (polls) => first(entryOf(polls, groupsEndpoint)?.data),
		failure: (polls) => entryOf(polls, groupsEndpoint)?.failure,
		open: (screen) => openDetail(screen, '7', ids.group),
		shows: [`URL Group ${ids.group}`, 'Default headers', 'name'],
	},
];
