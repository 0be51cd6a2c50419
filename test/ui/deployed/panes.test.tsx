/**
 * The TUI against a loopback server that answers as the deployed service documents it
 * (test/support/deployed-service.ts): vendor field names (`vercel_email`, `callerIp`), header
 * values as lists, the other timestamp spellings, `/v2/logs` and no `/v2/events`, fields left
 * out. Every pane shows its data; each with an unknown enum value and an unknown field shows
 * them rather than refusing the answer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signRequest } from '../../../source/signing/jwt.js';
import { ids } from '../../fixtures/deployed/answers.js';
import { edited } from '../../fixtures/deployed/catalog.js';
import { callbackBody, send } from '../../receiver/helpers.js';
import { documentedAnswers } from '../../support/deployed-service.js';
import { type DeployedSession, keys, lineOf, selectRow, startDeployedSession } from '../harness.js';

const ctrlS = '\x13';
const publishedIds = [
	'msg_3Xc4tzQw7qnsiUvbMNkU5pT9w5Jt6AAfr2NN2xP2sGzZjDzWmbJ2H4PEbKw',
	'msg_4Bq2mGHd5ZpVZ4UUp1nGJz7x4sYB4dNmnKJk3fJH9f8rTb5yYzwAcqP7ZfQ',
];

/** A frame showing `texts` with every API it polls answering. */
const showing =
	(...texts: string[]) =>
	(frame: string) =>
		texts.every((t) => frame.includes(t)) && !frame.includes('✗') ? frame : undefined;

describe('the TUI on the deployed service', () => {
	let session: DeployedSession;

	beforeAll(async () => {
		session = await startDeployedSession({ columns: 200, rows: 50 });
	});
	afterAll(() => session.close());
	beforeEach(() => {
		session.service.answers = documentedAnswers();
	});

	it('shows every pane with data', async () => {
		const { screen, service, receiver, keys: signing } = session;

		// Overview: no account configured, so the first one listed, whatever fields its record lacks.
		const overview = await screen.waitFor(
			showing(`Account ${ids.account} (ops@example.org)`, 'Month   200 requests', 'DLQ 3', 'management ok'),
			'the Overview',
		);
		expect(lineOf(overview, 'messages delivered')).toContain('last 8');
		// ISO 8601 timestamps (daily_qstash_messages[1]) read as well as the service's own spelling.
		expect(lineOf(overview, 'messages failed')).toContain('last 1');
		expect(lineOf(overview, 'workflow canceled')).toContain('max 1');

		await screen.press('2');
		const accounts = await screen.waitFor(showing('1 account', ids.account), 'Accounts');
		// Fields the deployment leaves out are "—"; its own plan names are shown as they came.
		expect(lineOf(accounts, '●')).toMatch(/active +paid qstash_enterprise_1m +— +500k +200 +10 MiB/);
		await screen.press(keys.enter);
		const detail = await screen.waitFor(showing('read-only token'), 'the account detail');
		expect(detail).toMatch(/bandwidth\/s +50 MiB\/s/);
		expect(detail).toMatch(/enterprise +yes/);
		expect(detail).toMatch(/region +—/);
		await screen.press(keys.esc);

		await screen.press('3');
		const vector = await screen.waitFor(showing(`Vector index ${ids.vectorIndex}`, 'vectors'), 'Vector');
		expect(vector).toMatch(/vectors +1,000/);
		expect(lineOf(vector, 'vector count')).toContain('min 998');

		await screen.press('4');
		const search = await screen.waitFor(showing('Search index docs-search'), 'Search');
		expect(search).toMatch(/vercel email +team@example\.org/);
		expect(search).toMatch(/queries\/day +unlimited/);

		await screen.press('5');
		// The message comes from the delivery logs (its newest entry is IN_PROGRESS), then is read itself.
		await screen.waitFor(
			showing(
				ids.message.slice(0, 30),
				'in delivery',
				'billing-hooks/orders',
				'delivery logs listed by the service',
			),
			'Messages',
		);
		await screen.press(keys.enter);
		const message = await screen.waitFor(showing(`Message ${ids.message}`, 'X-Team'), 'the message detail');
		expect(message).toMatch(/X-Team +billing, ops/);
		expect(message).toMatch(/caller IP +203\.0\.113\.7/);
		expect(message).toMatch(/IN_PROGRESS/);
		await screen.press(keys.esc);
		expect(service.requests).toContain('GET /v2/logs');
		expect(service.requests.some((r) => r.startsWith('GET /v2/events'))).toBe(false);

		await screen.press('6');
		// A callback as the deployed service sends it: its source headers as lists of values.
		const body = JSON.stringify({
			...callbackBody({ sourceMessageId: ids.message, status: 200 }),
			sourceHeader: { 'X-Team': ['billing', 'ops'], 'Content-Type': ['application/json'] },
		});
		const url = `${receiver.url}/callback`;
		const token = signRequest({ key: signing.current, issuer: 'Upstash', url, body });
		expect((await send(url, { body, headers: { 'Upstash-Signature': token } })).status).toBe(200);
		await screen.waitFor(showing('callback', '✓ current', ids.message.slice(0, 20)), 'Callbacks');
		await screen.press(keys.enter);
		const callback = await screen.waitFor(showing('Source message headers'), 'the callback detail');
		expect(callback).toMatch(/X-Team +billing, ops/);
		await screen.press(keys.esc);

		await screen.press('7');
		const groups = await screen.waitFor(showing('1 URL Group', ids.group), 'Groups');
		expect(lineOf(groups, '›') ?? lineOf(groups, ids.group)).toMatch(/billing-hooks +2 +0/);

		await screen.press('8', 'e', ids.group, ctrlS);
		await screen.waitFor(showing(`POST /v2/publish/${ids.group}`), 'the publish request');
		await screen.press(keys.enter);
		await screen.waitFor(
			showing(`published to ${ids.group}: ${publishedIds.join(', ')}`),
			'the publish answer',
		);
	});

	it('shows the workflow runs, the dead letters and the delivery logs', async () => {
		const { screen, service } = session;
		await screen.press('9');
		const runs = await screen.waitFor(showing('1 workflow run (1 failed)'), 'Workflows');
		expect(lineOf(runs, '›')).toMatch(
			/failed +wfr_nightly-report-01 +3 +1m +send report: HTTP 500: mail server down/,
		);
		await screen.press(keys.enter);
		const run = await screen.waitFor(
			showing(`Workflow run ${ids.workflowRun} failed`, '█ running'),
			'the run on its time line',
		);
		expect(run).toMatch(/caller IP +203\.0\.113\.7/);
		expect(run).toMatch(/‖ count orders +█/);
		expect(run).toMatch(/→ send report +[ █░]*×/);
		// A context.call's headers as the service lists them, its secret masked.
		await selectRow(screen, 'fetch rates');
		await screen.press(keys.enter);
		const call = await screen.waitFor(
			(f) => (/step +fetch rates/.test(f) && f.includes('Input') ? f : undefined),
			'the call step',
		);
		expect(call).toContain('Authorization: ••••••••');
		expect(call).not.toContain('rates-secret-token');
		await screen.press(keys.esc, keys.esc);

		// These panes are reached by name on the command line.
		await screen.press(':', ...'dlq', keys.enter);
		const dlq = await screen.waitFor(showing('2 dead letters'), 'Dead letters');
		expect(lineOf(dlq, '›')).toMatch(/500 +billing-hooks\/orders +billing,nightly/);
		// The reference's records carry no dlqId: shown, but not to be retried or deleted by it.
		expect(dlq.split('\n').find((line) => line.includes('/refunds'))).toMatch(
			/404 +https:\/\/hooks\.example\.org\/refunds .*— \(cannot be acted on\)/,
		);
		await screen.press(keys.enter);
		const letter = await screen.waitFor(
			showing('Dead letter 1768478500000-0', 'Last response'),
			'a dead letter',
		);
		expect(letter).toMatch(/caller IP +203\.0\.113\.7/);
		expect(letter).toMatch(/X-Team +billing, ops/);
		await screen.press(keys.esc);

		await screen.press(':', ...'logs', keys.enter);
		const logs = await screen.waitFor(showing('2 log entries'), 'Logs');
		expect(lineOf(logs, '›')).toMatch(/IN_PROGRESS +msg_26hZCx.* +billing-hooks +billing/);
		await screen.press(keys.enter);
		const entry = await screen.waitFor(showing('Log entry of', 'Message headers'), 'a log entry');
		expect(entry).toMatch(/state +IN_PROGRESS/);
		await screen.press(keys.esc);
		expect(service.requests).toContain('GET /v2/workflows/logs');
		expect(service.requests).toContain('GET /v2/dlq');
		expect(service.requests.some((r) => r.startsWith('GET /v2/events'))).toBe(false);
	});

	it('keeps each day of the month at its place when one of them is odd', async () => {
		const { screen, service } = session;
		service.answers.mqStats = edited(documentedAnswers().mqStats, ['days', 1], 42);
		await screen.press('1');
		const overview = await screen.waitFor(showing('△ 1 odd field in usage stats: days[1]'), 'the odd day');
		// Three bars, the odd day's name a blank at its place: Saturday stays under the third.
		expect(lineOf(overview, 'Th')).toBe('Th    Sa');
		expect(overview).toMatch(/Saturday 3 {2}0 requests/);
		await screen.press(keys.left);
		// The odd day is the second, with its own requests, named by its number alone.
		await screen.waitFor((f) => /\n2 {2}80 requests · 0 workflow runs/.test(f), 'the second day');
		await screen.press(keys.right);
		service.answers.mqStats = documentedAnswers().mqStats;
		await screen.waitFor(showing('Th Fr Sa'), 'the days as sent again');
	});

	it('shows an unknown enum value and an unknown field rather than refusing them', async () => {
		const { screen, service } = session;
		const answers = documentedAnswers();
		service.answers.users = edited(edited(answers.users, [0, 'type'], 'enterprise'), [0, 'sso'], 'okta');
		service.answers.searchIndex = { ...(answers.searchIndex as object), region: 'ap-south-1', replicas: 3 };
		service.answers.vectorStats = { ...(answers.vectorStats as object), sparse_vector_count: 42 };
		service.answers.message = { ...(answers.message as object), deliveryRegion: 'eu-central-1' };
		service.answers.groups = edited(answers.groups, [0, 'retention'], '7d');
		// Another message than the first test's, which a callback has since reported delivered.
		const paused = 'msg_7PausedForReviewByTheDeployedService0001';
		service.answers.logs = { logs: [{ time: 1768478402000, messageId: paused, state: 'PAUSED_FOR_REVIEW' }] };

		await screen.press('2');
		await screen.waitFor(showing('enterprise qstash'), 'the account with its new type');
		await screen.press(keys.enter);
		const account = await screen.waitFor(showing('sso'), 'the unknown account field');
		expect(account).toMatch(/type +enterprise qstash_e/);
		expect(account).toMatch(/sso +okta/);
		// Odd but read: the status line names it, the pane keeps its data.
		expect(account).toContain(
			'△ 1 odd field in accounts: [0].type: "enterprise" is not one of the known values (kept)',
		);
		await screen.press(keys.esc);

		await screen.press('3');
		await screen.waitFor(
			(f) => /sparse_vector_count +42/.test(f) && !f.includes('✗'),
			'the unknown vector field',
		);

		await screen.press('4');
		const search = await screen.waitFor(showing('replicas'), 'the unknown search field');
		expect(search).toMatch(/region +ap-south-1/);
		expect(search).toMatch(/replicas +3/);

		await screen.press('5', 'g');
		const messages = await screen.waitFor(showing('PAUSED_FOR_REVIEW'), 'the unknown log state');
		expect(lineOf(messages, '›')).toMatch(/^› PAUSED_FOR_REVIEW +msg_7PausedForReview/);
		await screen.press(keys.enter);
		const detail = await screen.waitFor(showing('deliveryRegion'), 'the unknown message field');
		expect(detail).toMatch(/deliveryRegion +eu-central-1/);
		expect(detail).toMatch(/state +PAUSED_FOR_REVIEW \(event PAUSED_FOR_REVIEW\)/);
		await screen.press(keys.esc);

		await screen.press('7');
		await screen.waitFor(showing('1 URL Group'), 'the groups');
		await screen.press(keys.enter);
		await screen.waitFor(
			showing(`URL Group ${ids.group}`, 'Fields mqtop does not know: retention 7d'),
			'the unknown group field',
		);
		await screen.press(keys.esc);
		await screen.waitFor((f) => !f.includes(`URL Group ${ids.group}`), 'the groups list again');

		service.answers.workflowRuns = edited(
			edited(answers.workflowRuns, ['runs', 0, 'workflowState'], 'RUN_PAUSED'),
			['runs', 0, 'region'],
			'eu-west-1',
		);
		await screen.press('9');
		// The row, not the status line (which names the unknown state as soon as it is read).
		await screen.waitFor(showing('› RUN_PAUSED'), 'the unknown run state');
		await screen.press(keys.enter);
		const run = await screen.waitFor(showing('Fields mqtop does not know'), 'the unknown run field');
		// Its state in the title, as it came.
		expect(run).toContain(`Workflow run ${ids.workflowRun} RUN_PAUSED`);
		expect(run).toMatch(/region +eu-west-1/);
		await screen.press(keys.esc);

		service.answers.dlq = edited(
			edited(answers.dlq, ['messages', 0, 'retryReason'], 'manual'),
			['messages', 0, 'maxRetries'],
			'three',
		);
		await screen.press(':', ...'dlq', keys.enter);
		await screen.waitFor(showing('2 dead letters'), 'the dead letters');
		await screen.press(keys.enter);
		const letter = await screen.waitFor(showing('retryReason'), 'the unknown dead letter field');
		expect(letter).toMatch(/retryReason +manual/);
		// A mistyped field is left out, and the status line says which.
		expect(letter).not.toMatch(/retries allowed/);
		expect(letter).toContain('△ 1 odd field in dead letters: messages[0].maxRetries');
		await screen.press(keys.esc);

		service.answers.logs = {
			logs: [{ time: 1768478402000, messageId: paused, state: 'PAUSED_FOR_REVIEW', hop: 2 }],
		};
		await screen.press(':', ...'logs', keys.enter);
		await screen.waitFor(showing('log entr'), 'Logs');
		// Following the newest again: an entry opened before paused the list.
		await screen.press('g');
		await screen.waitFor(showing('› 2026-01-15 12:00  PAUSED_FOR_REVIEW'), 'the unknown state in Logs');
		await screen.press(keys.enter);
		const entry = await screen.waitFor(showing('Fields mqtop does not know'), 'the unknown log field');
		expect(entry).toMatch(/state +PAUSED_FOR_REVIEW/);
		expect(entry).toMatch(/hop +2/);
		await screen.press(keys.esc);
	});
});
