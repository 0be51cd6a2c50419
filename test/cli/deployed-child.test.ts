/**
 * The built CLI as a user runs it, pointed at a deployment with one setting (`--dialect
 * deployed` / MQTOP_DIALECT=deployed): every read command against a loopback server that
 * answers in the deployed shapes (vendor paths and field names, header values as lists, other
 * timestamp spellings, `/v2/logs` and no `/v2/events`) shows the data. And `mqtop serve
 * --dialect deployed` answers in those names itself.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dialectPresets } from '../../source/api/dialect.js';
import { type LocalIndexInfo, localIndex } from '../../source/local/service-indexes.js';
import { ids, mqStats, publishGroupReference, vectorIndexResource } from '../fixtures/deployed/answers.js';
import {
	type DeployedService,
	deployedEnv,
	documentedAnswers,
	startDeployedService,
} from '../support/deployed-service.js';
import { assertBuilt, baseEnv, runCli, startServe } from './child.js';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let home: string;
let service: DeployedService;

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-deployed-'));
	service = await startDeployedService();
});
afterAll(async () => {
	await service.close();
	await rm(home, { recursive: true, force: true });
});

const cli = (args: string[], input?: string) =>
	runCli(args, { env: baseEnv(home, deployedEnv(service)), ...(input !== undefined ? { input } : {}) });

/** Runs the command, expects it to succeed without a word on stderr, and gives its stdout. */
async function shows(args: string[], input?: string): Promise<string> {
	const result = await cli(args, input);
	expect(result.stderr, `mqtop ${args.join(' ')}`).toBe('');
	expect(result.code, `mqtop ${args.join(' ')}`).toBe(0);
	return result.stdout;
}

describe('every read command against the deployed service', () => {
	it('lists the accounts, with the deployed fields in --json', async () => {
		const table = await shows(['users']);
		expect(table).toMatch(
			new RegExp(`${ids.account}\\s+ops@example\\.org\\s+active\\s+paid qstash_enterprise_1m\\s+—`),
		);
		// Sizes and times as the TUI shows them (source/format).
		expect(table).toMatch(/—\s+10 MiB\s+2025-10-09 08:53 UTC\s/);
		const [user] = JSON.parse(await shows(['users', '--json']));
		expect(user).toMatchObject({
			id: ids.account,
			max_bandwidth_per_second: 52428800,
			enterprise: { enabled: true },
		});
		expect(user.read_only_token).toBe('••••••••');
		expect(service.requests).toContain('GET /v2/qstash/users');
	});

	it('shows usage statistics whose timestamps come in both spellings', async () => {
		const text = await shows(['stats', 'mq', ids.account]);
		expect(text).toMatch(/monthly billing\s+\$5\.81/);
		expect(text).toMatch(/daily_used_workflow\s+3\s+1\s+0\s+1/);
		expect(text).toMatch(/messages: failed\s+3\s+2\s+1\s+1/);
		expect(JSON.parse(await shows(['stats', 'mq', ids.account, '--json'])).dlq_message_count).toBe(3);
		const vector = await shows(['stats', 'vector', ids.vectorIndex]);
		expect(vector).toMatch(/vectors\s+1,000/);
		expect(vector).toMatch(/vector_count\s+3\s+2,997\s+1,000\s+1,000/);
		expect(service.requests).toContain(`GET /v2/qstash/stats/${ids.account}`);
	});

	it("keeps every field of the index's documented answer in stats vector --json, its tokens masked", async () => {
		const document = JSON.parse(await shows(['stats', 'vector', ids.vectorIndex, '--json']));
		expect(document.current_vector_count).toBe(1000);
		expect(document.index.resource).toEqual({
			...vectorIndexResource,
			// The fake service points the index's endpoint at itself.
			endpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//),
			token: '••••••••',
			read_only_token: '••••••••',
		});
		const revealed = JSON.parse(await shows(['stats', 'vector', ids.vectorIndex, '--json', '--reveal']));
		expect(revealed.index.resource.token).toBe(vectorIndexResource.token);
	});

	it('shows a search index with its vercel_email', async () => {
		const shown = await shows(['search', ids.searchIndex]);
		expect(shown).toMatch(/vercel email\s+team@example\.org/);
		expect(shown).toMatch(/created\s+2025-10-23 06:13 UTC\n/);
		expect(shown).toMatch(/max monthly bandwidth\s+unlimited\n/);
		expect(JSON.parse(await shows(['search', ids.searchIndex, '--json']))).toMatchObject({
			vercel_email: 'team@example.org',
			token: '••••••••',
		});
	});

	it('shows a message with header lists and callerIp, and the dead letters with and without dlqId', async () => {
		const message = await shows(['message', ids.message]);
		expect(message).toMatch(/header X-Team\s+billing, ops/);
		expect(message).toMatch(/caller\s+203\.0\.113\.7/);
		const dlq = await shows(['dlq']);
		expect(dlq).toMatch(/1768478500000-0\s+msg_26hZ/);
		expect(dlq).toMatch(/—\s+msg_7YoJ\S+\s+404/);
		expect(dlq).toContain('mqtop dlq --cursor 1768478500000-1');
	});

	it('lists the URL Groups and shows one', async () => {
		expect(await shows(['group', 'ls'])).toMatch(new RegExp(`${ids.group}\\s+2\\s+0`));
		expect(await shows(['group', 'show', ids.group])).toMatch(
			/orders\s+https:\/\/hooks\.example\.org\/orders/,
		);
	});

	it('publishes to a URL and to a URL Group answered with {messages: [...]}, and triggers runs', async () => {
		expect(await shows(['publish', 'https://hooks.example.org/orders', '--body', 'x'])).toContain(
			'msg_2Lbd6X4d',
		);
		const group = await shows(['publish', ids.group, '--body', 'x']);
		expect(group).toMatch(/msg_4Bq2\S+\s+https:\/\/b\.example\.org\/x\s+deduplicated/);
		expect(service.requests).toContain(
			`POST /v2/publish/${encodeURIComponent('https://hooks.example.org/orders')}`,
		);
		expect(await shows(['trigger', '-'], '[{"destination":"https://hooks.example.org/wf"}]')).toContain(
			'wfr_nightly-report-01',
		);
	});

	it('reads a URL Group publish answered with one {messageId} object as a one-item answer', async () => {
		const [one] = publishGroupReference.messages;
		service.answers.publishGroup = one;
		try {
			const json = JSON.parse(await shows(['publish', ids.group, '--body', 'x', '--json']));
			expect(json).toEqual([one]);
			expect(await shows(['publish', ids.group, '--body', 'x'])).toMatch(
				/msg_3Xc4\S+\s+https:\/\/hooks\.example\.org\/orders/,
			);
		} finally {
			service.answers = documentedAnswers();
		}
	});

	it('keeps a statistics timestamp it cannot read as it came in --json, and names it on stderr', async () => {
		const stats = structuredClone(mqStats);
		stats.daily_used[1]!.x = 'yesterday at noon';
		(stats.daily_used[2] as { x: unknown }).x = 1768478400;
		service.answers.mqStats = stats;
		try {
			const result = await cli(['stats', 'mq', ids.account, '--json']);
			expect(result.code, result.stderr).toBe(0);
			const { daily_used } = JSON.parse(result.stdout);
			expect(daily_used).toEqual([
				stats.daily_used[0],
				{ x: 'yesterday at noon', y: 7 },
				{ x: 1768478400, y: 9 },
			]);
			const { warning } = JSON.parse(result.stderr);
			expect(warning).toContain('daily_used[1].x: expected a timestamp');
			expect(warning).toContain('got "yesterday at noon" (kept as it came)');
			expect(warning).not.toContain('daily_used[2]');
			const text = await cli(['stats', 'mq', ids.account]);
			expect(text.code).toBe(0);
			expect(text.stdout).toMatch(/daily_used\s+3\s+21\s/);
		} finally {
			service.answers = documentedAnswers();
		}
	});

	it('fails (exit 1) with one JSON object on stderr when it found only some of the dead letters given', async () => {
		service.answers.dlqDeleted = { deleted: 1 };
		try {
			const result = await cli(['dlq', 'rm', '1768478500000-0', '1768478500000-9', '--json']);
			expect(result.code).toBe(1);
			expect(JSON.parse(result.stdout)).toEqual({ deleted: 1 });
			expect(JSON.parse(result.stderr)).toEqual({
				error: 'the service deleted 1 of the 2 dead letters given; the others were not found',
				exitCode: 1,
			});
			const text = await cli(['dlq', 'rm', '1768478500000-0', '1768478500000-9']);
			expect(text.stdout).toBe('deleted 1 dead letter\n');
			expect(text.stderr).toBe(
				'mqtop: the service deleted 1 of the 2 dead letters given; the others were not found\n',
			);
		} finally {
			service.answers = documentedAnswers();
		}
	});

	it('shows the preset in use in mqtop config', async () => {
		const config = await shows(['config']);
		expect(config).toMatch(/dialect\s+deployed \(from env MQTOP_DIALECT\)/);
		expect(config).toMatch(/headerPrefix\s+Upstash-\s+preset deployed/);
		expect(config).toMatch(/partnerWord\s+vercel\s+preset deployed/);
		const json = JSON.parse(await shows(['config', '--json']));
		expect(json.dialect).toEqual({
			preset: 'deployed',
			names: {
				headerPrefix: 'Upstash-',
				tokenParam: 'qstash_token',
				productSegment: 'qstash',
				issuer: 'Upstash',
				partnerWord: 'vercel',
			},
		});
	});
});

describe('mqtop serve --dialect deployed', () => {
	it('answers in the deployed names, and the commands read them with the same one setting', async () => {
		const served = await startServe(baseEnv(home), ['--dialect', 'deployed']);
		try {
			const info = served.info as Record<string, string> & { indexes: LocalIndexInfo[] };
			const env = baseEnv(home, {
				MQTOP_QUEUE_URL: info.queueUrl!,
				MQTOP_TOKEN: info.token!,
				MQTOP_MANAGEMENT_URL: info.managementUrl!,
				MQTOP_EMAIL: info.email!,
				MQTOP_API_KEY: info.apiKey!,
				MQTOP_DIALECT: 'deployed',
			});
			const search = await runCli(['search', localIndex(info, 'search').id, '--json'], { env });
			expect(search.code, search.stderr).toBe(0);
			expect(JSON.parse(search.stdout)).toHaveProperty('vercel_email', '');
			expect(JSON.parse(search.stdout)).not.toHaveProperty('partner_email');
			const users = await runCli(['users', '--json'], { env });
			expect(JSON.parse(users.stdout)[0].id).toBe(info.accountId);

			// With nothing configured, the commands use this server in its dialect, and say so.
			const nothing = baseEnv(home);
			const config = JSON.parse((await runCli(['config', '--json'], { env: nothing })).stdout);
			expect(config.dialect).toEqual({ preset: 'deployed', names: dialectPresets.deployed });
			expect(config.settings.headerPrefix).toEqual({ value: 'Upstash-', source: 'local server' });
			expect(config.settings.queueUrl).toEqual({ value: info.queueUrl, source: 'local server' });
			const text = (await runCli(['config'], { env: nothing })).stdout;
			expect(text).toMatch(/dialect +deployed \(from local server\)/);
			const hook = await runCli(['webhook-url', 'https://example.com/hook', '--retries', '2', '--json'], {
				env: nothing,
			});
			expect(hook.code, hook.stderr).toBe(0);
			const url = new URL(JSON.parse(hook.stdout).url);
			expect(url.origin).toBe(new URL(info.queueUrl!).origin);
			expect(url.searchParams.get('qstash_token')).toBe(info.token);
			expect(url.searchParams.get('upstash-retries')).toBe('2');
		} finally {
			await served.stop();
		}
	});
});
