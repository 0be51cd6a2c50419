/**
 * Every read command against a loopback server that answers as the deployed service documents
 * it (test/support/deployed-service.ts): the documented answers render; so does each with any
 * one field that identifies nothing left out or mistyped; and random answers with many such
 * fields dropped or mistyped never make a command say "unexpected response". The commands run
 * in this process (hundreds of runs); deployed-child.test.ts runs the built CLI the same way.
 */
import { PassThrough, Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LogsPage } from '../../source/api/messaging-schemas.js';
import {
	DlqPage,
	DlqRecord,
	GroupPublishMessages,
	Message,
	MqStats,
	MqUsers,
	PublishResult,
	SearchIndex,
	UrlGroup,
	UrlGroups,
	VectorIndexStats,
	WorkflowTriggerResults,
} from '../../source/api/schemas.js';
import { WorkflowRunsPage } from '../../source/api/workflow-schemas.js';
import { dlqLs, dlqShow } from '../../source/cli/commands/dlq.js';
import { groupLs, groupShow } from '../../source/cli/commands/group.js';
import { logsCommand } from '../../source/cli/commands/logs.js';
import { messageCommand } from '../../source/cli/commands/message.js';
import { publishCommand } from '../../source/cli/commands/publish.js';
import { searchConfig } from '../../source/cli/commands/search.js';
import { statsMq, statsVector } from '../../source/cli/commands/stats.js';
import { triggerCommand } from '../../source/cli/commands/trigger.js';
import { usersCommand } from '../../source/cli/commands/users.js';
import { workflowsList, workflowsShow } from '../../source/cli/commands/workflows.js';
import { type CommandSpec, runSpec } from '../../source/cli/define.js';
import type { Io } from '../../source/cli/io.js';
import { ids } from '../fixtures/deployed/answers.js';
import {
	edited,
	optionalPaths,
	pathText,
	randomEdits,
	randomlyEdited,
} from '../fixtures/deployed/catalog.js';
import {
	type DeployedService,
	deployedEnv,
	documentedAnswers,
	type Route,
	startDeployedService,
} from '../support/deployed-service.js';

interface Case {
	route: Route;
	spec: CommandSpec;
	args: string[];
	schema: z.ZodType;
	stdin?: string;
	/** Text every rendering of the documented answer shows. */
	shows: string[];
}

const cases: Case[] = [
	{ route: 'users', spec: usersCommand.spec, args: [], schema: MqUsers, shows: [ids.account] },
	{ route: 'mqStats', spec: statsMq, args: [ids.account], schema: MqStats, shows: ['daily_used'] },
	{
		route: 'vectorStats',
		spec: statsVector,
		args: [ids.vectorIndex],
		schema: VectorIndexStats,
		shows: ['vector_count'],
	},
	{
		route: 'searchIndex',
		spec: searchConfig,
		args: [ids.searchIndex],
		schema: SearchIndex,
		shows: [ids.searchIndex],
	},
	{ route: 'message', spec: messageCommand.spec, args: [ids.message], schema: Message, shows: [ids.message] },
	{
		route: 'dlq',
		spec: dlqLs,
		args: [],
		schema: DlqPage,
		shows: ['msg_7YoJxFpwkEy5zBp378JgvD6YBDPBEqkBPje2JGTCEUiASMJQ1FM4WBEKp7a'],
	},
	{
		route: 'dlqRecord',
		spec: dlqShow,
		args: ['1768478500000-0'],
		schema: DlqRecord,
		shows: [ids.message, 'upstream failed'],
	},
	{ route: 'logs', spec: logsCommand.spec, args: [], schema: LogsPage, shows: [ids.message, 'IN_PROGRESS'] },
	{ route: 'groups', spec: groupLs, args: [], schema: UrlGroups, shows: [ids.group] },
	{ route: 'group', spec: groupShow, args: [ids.group], schema: UrlGroup, shows: [ids.group] },
	{
		route: 'publishUrl',
		spec: publishCommand.spec,
		args: ['https://hooks.example.org/orders', '--body', 'hello'],
		schema: PublishResult,
		shows: ['msg_2Lbd6X4dnXcEt9LPnKzwA4MyTQQXKP1Db4RTXJ3nMr1p8kZfPzN6Ppw9uVS'],
	},
	{
		route: 'publishGroup',
		spec: publishCommand.spec,
		args: [ids.group, '--body', 'hello'],
		schema: GroupPublishMessages,
		shows: ['msg_4Bq2mGHd5ZpVZ4UUp1nGJz7x4sYB4dNmnKJk3fJH9f8rTb5yYzwAcqP7ZfQ'],
	},
	{
		route: 'trigger',
		spec: triggerCommand.spec,
		args: ['-'],
		schema: WorkflowTriggerResults,
		stdin: '[{"destination":"https://hooks.example.org/wf"}]',
		shows: ['wfr_nightly-report-01'],
	},
	{
		route: 'workflowRuns',
		spec: workflowsList,
		args: [],
		schema: WorkflowRunsPage,
		shows: ['wfr_nightly-report-01'],
	},
	{
		route: 'workflowRuns',
		spec: workflowsShow,
		args: ['wfr_nightly-report-01'],
		schema: WorkflowRunsPage,
		shows: ['wfr_nightly-report-01'],
	},
];

let service: DeployedService;

beforeAll(async () => {
	service = await startDeployedService();
});
afterAll(() => service.close());
beforeEach(() => {
	service.answers = documentedAnswers();
});

function sink(): { stream: Writable; text(): string } {
	let text = '';
	const stream = new Writable({
		write(chunk, _encoding, done) {
			text += chunk;
			done();
		},
	});
	return { stream, text: () => text };
}

async function run(c: Case, json: boolean): Promise<{ code: number; stdout: string; stderr: string }> {
	const stdout = sink();
	const stderr = sink();
	const stdin = new PassThrough();
	stdin.end(c.stdin ?? '');
	const io: Io = {
		stdout: stdout.stream,
		stderr: stderr.stream,
		stdin,
		env: { ...deployedEnv(service), MQTOP_CONFIG: '/nonexistent/mqtop-config.json' },
		platform: process.platform,
		homedir: '/nonexistent',
		cwd: process.cwd(),
	};
	const code = await runSpec(c.spec, [...c.args, ...(json ? ['--json'] : [])], { io });
	return { code, stdout: stdout.text(), stderr: stderr.text() };
}

function expectRendered(result: { code: number; stdout: string; stderr: string }, what: string): void {
	expect(result.stderr, what).not.toContain('unexpected response');
	expect(result.code, `${what}: ${result.stderr}`).toBe(0);
	expect(result.stdout.trim(), what).not.toBe('');
}

describe('read commands against the deployed service', () => {
	for (const c of cases) {
		it(`mqtop ${c.spec.name}: shows the documented answer, in text and --json`, async () => {
			for (const json of [false, true]) {
				const result = await run(c, json);
				expectRendered(result, `${c.route}${json ? ' --json' : ''}`);
				expect(result.stderr).toBe('');
				for (const text of c.shows) expect(result.stdout).toContain(text);
				if (json) JSON.parse(result.stdout);
			}
		});

		it(`mqtop ${c.spec.name}: shows the answer with any one field that identifies nothing left out`, async () => {
			const documented = documentedAnswers()[c.route];
			// (A publish to a URL is documented with its identity, messageId, alone: nothing to leave out.)
			for (const path of optionalPaths(c.schema, documented)) {
				service.answers[c.route] = edited(documented, path);
				const [text, json] = [await run(c, false), await run(c, true)];
				expectRendered(text, `${c.route} without ${pathText(path)}`);
				expectRendered(json, `${c.route} --json without ${pathText(path)}`);
				// What the command read (and printed) really is the answer without that field.
				if (path.length === 1 && !Array.isArray(documented))
					expect(Object.hasOwn(JSON.parse(json.stdout), path[0]!), pathText(path)).toBe(false);
			}
		});
	}

	it('shows "—" for what is missing and names odd fields on stderr, keeping --json clean', async () => {
		const users = cases.find((c) => c.route === 'users')!;
		service.answers.users = edited(
			edited(documentedAnswers().users, [0, 'state']),
			[0, 'max_message_size'],
			'big',
		);
		const text = await run(users, false);
		expectRendered(text, 'users');
		expect(text.stdout.split('\n')[1]).toMatch(/—/);
		expect(text.stderr).toContain('[0].max_message_size: expected a whole number, got "big"');
		const json = await run(users, true);
		expect(JSON.parse(json.stdout)[0]).not.toHaveProperty('max_message_size');

		const stats = cases.find((c) => c.route === 'mqStats')!;
		service.answers.mqStats = edited(documentedAnswers().mqStats, ['dlq_message_count']);
		expect((await run(stats, false)).stdout).toMatch(/dead letters\s+—/);
	});

	it('shows an unknown enum value and an unknown field rather than refusing them', async () => {
		const users = cases.find((c) => c.route === 'users')!;
		service.answers.users = edited(
			edited(documentedAnswers().users, [0, 'type'], 'enterprise'),
			[0, 'sso'],
			'okta',
		);
		const text = await run(users, false);
		expectRendered(text, 'users');
		expect(text.stdout).toContain('enterprise');
		expect(JSON.parse((await run(users, true)).stdout)[0]).toMatchObject({ type: 'enterprise', sso: 'okta' });

		const message = cases.find((c) => c.route === 'message')!;
		service.answers.message = { ...(documentedAnswers().message as object), deliveryRegion: 'eu-central-1' };
		expect((await run(message, false)).stdout).toMatch(/deliveryRegion\s+eu-central-1/);
	});

	it('reads the search index under the deployed names and prints them so in --json', async () => {
		const search = cases.find((c) => c.route === 'searchIndex')!;
		expect((await run(search, false)).stdout).toMatch(/vercel email\s+team@example\.org/);
		expect(JSON.parse((await run(search, true)).stdout)).toMatchObject({ vercel_email: 'team@example.org' });
	});

	it('reads a group publish as an array (the SDK) and as {messages} (the reference)', async () => {
		const publish = cases.find((c) => c.route === 'publishGroup')!;
		service.answers.publishGroup = (documentedAnswers().publishGroup as { messages: unknown[] }).messages;
		const result = await run(publish, true);
		expectRendered(result, 'publish to a group');
		expect(JSON.parse(result.stdout)).toHaveLength(2);
	});

	it('says what it expected and shows what it got when an answer does not fit at all', async () => {
		const users = cases.find((c) => c.route === 'users')!;
		service.answers.users = { error: 'maintenance', until: '\u001b[31mlater' };
		const result = await run(users, false);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('unexpected response: expected a list of objects with "id"');
		expect(result.stderr).toContain('"error":"maintenance"');
		expect(result.stderr).not.toContain('\u001b');
		expect(result.stderr).toContain('hint: the service answered in a shape mqtop does not know');
	});
});

describe('answers with random fields dropped or mistyped (property)', () => {
	it('never make a read command exit with "unexpected response"', async () => {
		await fc.assert(
			fc.asyncProperty(fc.constantFrom(...cases), randomEdits, fc.boolean(), async (c, edits, json) => {
				const documented = documentedAnswers()[c.route];
				service.answers[c.route] = randomlyEdited(documented, optionalPaths(c.schema, documented), edits);
				const result = await run(c, json);
				expect(result.stderr).not.toContain('unexpected response');
				expect(result.code, result.stderr).toBe(0);
			}),
			{ numRuns: 150 },
		);
	});
});
