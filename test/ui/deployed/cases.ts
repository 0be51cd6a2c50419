/**
 * The panes that show the answers of the deployed service, each with the route it reads, the
 * view that reads most of the answer, and what that view shows whatever the answer's other
 * fields are. Each answer the tests give carries a mark (an unknown field, which the pane must
 * keep anyway), so a test knows when the pane's data is the answer it gave.
 */
import type { z } from 'zod';
import { FlowControlKeys, LogsPage, Queues, Schedules } from '../../../source/api/messaging-schemas.js';
import {
	DlqPage,
	Message,
	MqStats,
	MqUsers,
	SearchIndex,
	UrlGroups,
	VectorIndexStats,
} from '../../../source/api/schemas.js';
import { WorkflowRunsPage } from '../../../source/api/workflow-schemas.js';
import { logsEndpoint, queuesEndpoint, usersEndpoint } from '../../../source/ui/data/endpoints.js';
import { entryOf, keyedEntry, type PollFailure, type PollState } from '../../../source/ui/data/poll-store.js';
import { dlqPageEndpoint } from '../../../source/ui/panes/dlq/endpoints.js';
import { flowKeysEndpoint } from '../../../source/ui/panes/flow/endpoints.js';
import { groupsEndpoint } from '../../../source/ui/panes/groups/endpoints.js';
import { logPageEndpoint } from '../../../source/ui/panes/logs/endpoints.js';
import { messageEndpoint } from '../../../source/ui/panes/messages/endpoints.js';
import { mqStatsEndpoint } from '../../../source/ui/panes/overview/endpoints.js';
import { schedulesEndpoint } from '../../../source/ui/panes/schedules/endpoints.js';
import { searchIndexEndpoint } from '../../../source/ui/panes/search/endpoints.js';
import { vectorStatsEndpoint } from '../../../source/ui/panes/vector/endpoints.js';
import { runsEndpoint } from '../../../source/ui/panes/workflows/endpoints.js';
import { ids, schedule } from '../../fixtures/deployed/answers.js';
import type { Path } from '../../fixtures/deployed/catalog.js';
import type { Route } from '../../support/deployed-service.js';
import { keys, type Screen } from '../harness.js';

/** The unknown field that marks an answer. */
export const markField = 'mqtopTestMark';

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
}

/** Shows the pane of `key`, and once its list shows `row`, opens the detail of the newest row. */
async function openDetail(screen: Screen, key: string, row: string): Promise<void> {
	await screen.press(key);
	await screen.waitFor((frame) => frame.includes(row), `the row ${row}`);
	if (key === '5') await screen.press('g');
	await screen.press(keys.enter);
}

/** Shows a pane without a number key by its name on the `:` command line, once `row` shows. */
export async function showByName(screen: Screen, pane: string, row: string): Promise<void> {
	await screen.press(':', ...pane, keys.enter);
	await screen.waitFor((frame) => frame.includes(row), `the row ${row}`);
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
		schema: LogsPage,
		markAt: ['logs', 0],
		marked: (polls) => {
			const data = entryOf(polls, logsEndpoint)?.data;
			return data?.listed ? first(data.logs) : undefined;
		},
		failure: (polls) => entryOf(polls, logsEndpoint)?.failure,
		open: (screen) => openDetail(screen, '5', ids.message.slice(0, 30)),
		shows: [`Message ${ids.message}`, 'Delivery logs (', 'Headers'],
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
	{
		route: 'workflowRuns',
		pane: 'Workflows',
		schema: WorkflowRunsPage,
		markAt: ['runs', 0],
		marked: (polls) => first(entryOf(polls, runsEndpoint)?.data),
		failure: (polls) => entryOf(polls, runsEndpoint)?.failure,
		open: (screen) => openDetail(screen, '9', ids.workflowRun),
		shows: [`Workflow run ${ids.workflowRun}`, '█ running', 'workflow'],
	},
	// Dead letters and Logs are reached by name (`:dlq`, `:logs`); their rows are keyed by fields
	// an answer may leave out (a dlqId, a time), so the lists are what is always shown.
	{
		route: 'dlq',
		pane: 'Dead letters',
		schema: DlqPage,
		markAt: ['messages', 0],
		marked: (polls) => first(entryOf(polls, dlqPageEndpoint)?.data?.messages),
		failure: (polls) => entryOf(polls, dlqPageEndpoint)?.failure,
		open: (screen) => showByName(screen, 'dlq', ids.message.slice(0, 30)),
		shows: ['2 dead letters', 'destination', ids.message.slice(0, 30)],
	},
	{
		route: 'logs',
		pane: 'Logs',
		schema: LogsPage,
		markAt: ['logs', 0],
		marked: (polls) => first(entryOf(polls, logPageEndpoint)?.data?.logs),
		failure: (polls) => entryOf(polls, logPageEndpoint)?.failure,
		open: (screen) => showByName(screen, 'logs', ids.message.slice(0, 30)),
		shows: ['2 log entries', 'destination', ids.message.slice(0, 30)],
	},
	// The messaging operations' views, reached by name too (`:schedules`, `:queues`, `:flow`).
	{
		route: 'schedules',
		pane: 'Schedules',
		schema: Schedules,
		markAt: [0],
		marked: (polls) => first(entryOf(polls, schedulesEndpoint)?.data),
		failure: (polls) => entryOf(polls, schedulesEndpoint)?.failure,
		open: async (screen) => {
			await showByName(screen, 'schedules', schedule.scheduleId);
			await screen.press(keys.enter);
		},
		shows: [`schedule id       ${schedule.scheduleId}`, 'Headers', 'Body'],
	},
	{
		route: 'queues',
		pane: 'Queues',
		schema: Queues,
		markAt: [0],
		marked: (polls) => first(entryOf(polls, queuesEndpoint)?.data),
		failure: (polls) => entryOf(polls, queuesEndpoint)?.failure,
		open: (screen) => showByName(screen, 'queues', 'invoices'),
		shows: ['invoices'],
	},
	{
		route: 'flowControlKeys',
		pane: 'Flow control',
		schema: FlowControlKeys,
		markAt: [0],
		marked: (polls) => first(entryOf(polls, flowKeysEndpoint)?.data),
		failure: (polls) => entryOf(polls, flowKeysEndpoint)?.failure,
		open: (screen) => showByName(screen, 'flow', 'tenant-acme'),
		shows: ['tenant-acme'],
	},
];
