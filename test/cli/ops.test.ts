/**
 * `mqtop schedules`, `mqtop queues` and `mqtop flow` end to end: the built CLI as a child
 * process against `mqtop serve` as another, over loopback; every subcommand, bad usage (2),
 * an unknown name (1), a service that is down (3); and the listings against a server that
 * answers in the deployed service's documented shapes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { parseCron } from '../../source/api/cron.js';
import { defaultDialect } from '../../source/api/dialect.js';
import { formatLocalDateTime } from '../../source/format/time.js';
import { deployedEnv, startDeployedService } from '../support/deployed-service.js';
import { listen, type TestServer } from '../support/http-server.js';
import { waitUntil } from '../support/wait.js';
import { assertBuilt, baseEnv, runCli, type Served, startServe } from './child.js';

// Each test runs several node processes one after another; on a loaded two-core machine a
// start can take a second or more.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

let home: string;
let served: Served;
let client: MqClient;
let env: Record<string, string>;
/** Where schedules and queues deliver: a loopback destination that answers 200. */
let sink: TestServer;

const cli = (args: string[], options: { env?: Record<string, string>; input?: string } = {}) =>
	runCli(args, { env: options.env ?? env, ...(options.input !== undefined ? { input: options.input } : {}) });

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-ops-'));
	served = await startServe(baseEnv(home));
	sink = await listen((req, res) => {
		req.resume();
		res.end('ok');
	});
	const info = served.info as {
		queueUrl: string;
		managementUrl: string;
		token: string;
		email: string;
		apiKey: string;
	};
	env = baseEnv(home, { MQTOP_QUEUE_URL: info.queueUrl, MQTOP_TOKEN: info.token });
	client = new MqClient({ ...info, dialect: defaultDialect, timeoutMs: 5000 });
});

afterAll(async () => {
	await served?.stop();
	await sink?.close();
	if (home) await rm(home, { recursive: true, force: true });
});

/** Exit code 2, a message naming the problem, and the hint to the command's help. */
function expectUsage(result: { code: number | null; stderr: string }, says: string): void {
	expect(result.code).toBe(2);
	expect(result.stderr).toContain(says);
}

describe('mqtop schedules', () => {
	const cron = 'CRON_TZ=Europe/Berlin 30 7 * * 1-5';

	it('creates a schedule with publish flags, lists it, shows its next runs in local time', async () => {
		const created = await cli([
			'schedules',
			'create',
			`${sink.url}/report`,
			'--cron',
			cron,
			'--id',
			'morning',
			'--body',
			'{"report":"daily"}',
			'--content-type',
			'application/json',
			'--retries',
			'2',
			'--label',
			'reports',
			'--forward',
			'X-Team: ops',
			'--flow-control-key',
			'reports',
			'--flow-control',
			'rate=5',
			'--json',
		]);
		expect(created.stderr).toBe('');
		expect(created.code).toBe(0);
		expect(JSON.parse(created.stdout)).toEqual({ scheduleId: 'morning' });
		const { data: schedule } = await client.schedules.get('morning');
		expect(schedule).toMatchObject({
			cron,
			destination: `${sink.url}/report`,
			retries: 2,
			labels: ['reports'],
			flowControlKey: 'reports',
			rate: 5,
			isPaused: false,
			body: '{"report":"daily"}',
		});
		expect(schedule.header?.['X-Team'] ?? schedule.header?.['x-team']).toEqual(['ops']);

		const plain = await cli(['schedules', 'create', `${sink.url}/tick`, '--cron', '*/5 * * * * *']);
		expect(plain.code).toBe(0);
		expect(plain.stdout).toMatch(/^created schedule scd_\w+; next run \w{3} [\d-]+ [\d:]+ \(in \ds\)\n$/);

		// `mqtop schedules` alone lists them, as `ls` does.
		for (const args of [['schedules'], ['schedules', 'ls']]) {
			const listed = await cli(args);
			expect(listed.code).toBe(0);
			expect(listed.stdout).toMatch(/^schedule +next run +last run +cron +destination/);
			expect(listed.stdout).toMatch(
				/morning +\w{3} [\d-]+ 0?\d:30:00 \(in [\dhdms]+\) +not run yet +CRON_TZ=Europe/,
			);
		}
		const json = await cli(['schedules', 'ls', '--json']);
		expect((JSON.parse(json.stdout) as { scheduleId: string }[]).map((s) => s.scheduleId)).toContain(
			'morning',
		);

		const shown = await cli(['schedules', 'show', 'morning', '--runs', '3']);
		expect(shown.code).toBe(0);
		expect(shown.stdout).toMatch(/read in +Europe\/Berlin \(CRON_TZ\)/);
		expect(shown.stdout).toContain('next runs, in your local time (');
		for (const at of parseCron(cron).runs(Date.now(), 3))
			expect(shown.stdout).toContain(formatLocalDateTime(at));
		expect(shown.stdout).toContain('last run: not run yet');
		const shownJson = await cli(['schedules', 'show', 'morning', '--json']);
		expect(JSON.parse(shownJson.stdout)).toMatchObject({ scheduleId: 'morning', cron });
	});

	it('pauses, resumes and deletes a schedule', async () => {
		const paused = await cli(['schedules', 'pause', 'morning']);
		expect(paused).toMatchObject({ code: 0, stdout: 'paused schedule morning\n' });
		expect((await client.schedules.get('morning')).data.isPaused).toBe(true);
		const listed = await cli(['schedules', 'ls']);
		expect(listed.stdout).toMatch(/morning +paused +not run yet/);
		const resumed = await cli(['schedules', 'resume', 'morning', '--json']);
		expect(JSON.parse(resumed.stdout)).toEqual({ scheduleId: 'morning', paused: false });
		expect((await client.schedules.get('morning')).data.isPaused).toBe(false);
		const removed = await cli(['schedules', 'rm', 'morning']);
		expect(removed).toMatchObject({ code: 0, stdout: 'deleted schedule morning\n' });
		expect((await client.schedules.list()).data.map((s) => s.scheduleId)).not.toContain('morning');
	});

	it('says no (exit 1) to an unknown schedule', async () => {
		for (const verb of ['show', 'pause', 'rm']) {
			const result = await cli(['schedules', verb, 'no-such-schedule']);
			expect(result.code).toBe(1);
			expect(result.stderr).toContain('schedule "no-such-schedule" not found');
		}
	});

	it('refuses bad usage (exit 2) and sends nothing', async () => {
		const before = (await client.schedules.list()).data.length;
		expectUsage(await cli(['schedules', 'create', `${sink.url}/x`]), 'give --cron');
		expectUsage(
			await cli(['schedules', 'create', `${sink.url}/x`, '--cron', '* * *']),
			'--cron: expected 5 fields',
		);
		expectUsage(
			await cli(['schedules', 'create', `${sink.url}/x`, '--cron', 'CRON_TZ=Mars/Base 0 9 * * *']),
			'unknown time zone "Mars/Base"',
		);
		expectUsage(
			await cli(['schedules', 'create', `${sink.url}/x`, '--cron', '0 9 * * *', '--retries', 'many']),
			'--retries:',
		);
		expectUsage(
			await cli(['schedules', 'create', 'not a url', '--cron', '0 9 * * *']),
			'is neither an http(s) URL',
		);
		expectUsage(
			await cli(['schedules', 'create', `${sink.url}/x`, '--cron', '0 9 * * *', '--id', 'a b']),
			'--id:',
		);
		expectUsage(await cli(['schedules', 'show']), 'missing argument');
		expectUsage(await cli(['schedules', 'show', 'x', '--runs', 'lots']), '--runs: expected a whole number');
		expectUsage(await cli(['schedules', 'frobnicate']), 'unknown subcommand "frobnicate"');
		expectUsage(await cli(['schedules', 'ls', '--bogus']), 'unknown flag --bogus');
		expect((await client.schedules.list()).data.length).toBe(before);
		const help = await cli(['schedules', '--help']);
		expect(help.code).toBe(0);
		expect(help.stdout).toContain('`mqtop schedules` alone runs `mqtop schedules ls`');
		const createHelp = await cli(['schedules', 'create', '--help']);
		expect(createHelp.stdout).toContain('--flow-control-key <key>');
		expect(createHelp.stdout).toContain('--cron <expression>');
	});
});

describe('mqtop queues', () => {
	it('creates a queue with a parallelism, pauses it, keeps it paused when the parallelism changes, resumes it', async () => {
		const set = await cli(['queues', 'set', 'emails', '--parallelism', '2']);
		expect(set).toMatchObject({ code: 0, stdout: 'queue emails: parallelism 2\n' });
		expect((await client.queues.get('emails')).data).toMatchObject({ parallelism: 2, paused: false });
		expect((await cli(['queues', 'pause', 'emails'])).stdout).toBe('paused queue emails\n');
		const changed = await cli(['queues', 'set', 'emails', '--parallelism', '5', '--json']);
		expect(JSON.parse(changed.stdout)).toEqual({ queueName: 'emails', parallelism: 5, paused: true });
		expect((await client.queues.get('emails')).data).toMatchObject({ parallelism: 5, paused: true });

		await client.queues.enqueue('emails', { destination: `${sink.url}/email`, body: 'held' });
		const listed = await cli(['queues']);
		expect(listed.code).toBe(0);
		expect(listed.stdout).toMatch(/emails +paused +1 +5 /);
		const json = JSON.parse((await cli(['queues', 'ls', '--json'])).stdout) as {
			name: string;
			lag: number;
		}[];
		expect(json).toEqual([expect.objectContaining({ name: 'emails', lag: 1, paused: true })]);
		const shown = await cli(['queues', 'show', 'emails']);
		expect(shown.stdout).toMatch(/lag +1\n/);
		expect(shown.stdout).toMatch(/state +paused/);
		expect(JSON.parse((await cli(['queues', 'show', 'emails', '--json'])).stdout)).toMatchObject({
			name: 'emails',
			parallelism: 5,
		});

		expect(JSON.parse((await cli(['queues', 'resume', 'emails', '--json'])).stdout)).toEqual({
			queueName: 'emails',
			paused: false,
		});
		expect((await client.queues.get('emails')).data.paused).toBe(false);
		expect((await cli(['queues', 'rm', 'emails'])).stdout).toBe('deleted queue emails\n');
		expect((await client.queues.list()).data).toEqual([]);
	});

	it('publishes into a queue with --queue: held while it is paused, as `schedules create --queue` does', async () => {
		await cli(['queues', 'set', 'held', '--parallelism', '1']);
		await cli(['queues', 'pause', 'held']);
		const published = await cli([
			'publish',
			`${sink.url}/queued`,
			'--queue',
			'held',
			'--body',
			'q',
			'--json',
		]);
		expect(published.stderr).toBe('');
		expect(published.code).toBe(0);
		const { messageId } = JSON.parse(published.stdout);
		expect(JSON.parse((await cli(['queues', 'show', 'held', '--json'])).stdout)).toMatchObject({ lag: 1 });
		expect(JSON.parse((await cli(['message', messageId, '--json'])).stdout)).toMatchObject({
			queueName: 'held',
			url: `${sink.url}/queued`,
		});
		const text = await cli(['publish', `${sink.url}/queued`, '--queue', 'held', '--body', 'r']);
		expect(text.stdout).toMatch(/^message\s+url\s*\n\S+\s+http:\/\/127\.0\.0\.1:\d+\/queued\s*\n$/);
		expect(text.stderr).toBe('');
		expectUsage(
			await cli(['publish', `${sink.url}/queued`, '--queue', 'no such queue', '--body', 'x']),
			'--queue: "no such queue" is not a name',
		);
		expect((await cli(['queues', 'rm', 'held'])).code).toBe(0);
		expect((await client.queues.list()).data).toEqual([]);
	});

	it('says no (exit 1) to an unknown queue, and refuses bad usage (exit 2)', async () => {
		for (const verb of ['show', 'resume']) {
			const result = await cli(['queues', verb, 'nope']);
			expect(result.code).toBe(1);
			expect(result.stderr).toContain('queue "nope" not found');
		}
		expectUsage(await cli(['queues', 'set', 'emails']), 'give --parallelism <n>');
		expectUsage(
			await cli(['queues', 'set', 'emails', '--parallelism', '0']),
			'--parallelism: expected a whole number',
		);
		expectUsage(await cli(['queues', 'set', 'bad name', '--parallelism', '1']), 'is not a queue name');
		expectUsage(await cli(['queues', 'pause']), 'missing argument');
		expectUsage(await cli(['queues', 'drain', 'x']), 'unknown subcommand "drain"');
		expect((await client.queues.list()).data).toEqual([]);
	});
});

describe('mqtop flow', () => {
	it('lists the keys with the global parallelism; pauses, pins, unpins, resets and resumes one', async () => {
		// The deliveries of the tests before (one service for the file) are over first: on a loaded
		// machine one was still in flight and the line read 1/1,000.
		await waitUntil(
			async () =>
				(await client.flowControl.globalParallelism()).data.parallelismCount === 0 ? true : undefined,
			30_000,
			'deliveries of earlier tests still in flight',
		);
		expect((await cli(['flow', 'pause', 'tenant-a'])).stdout).toBe('paused key tenant-a\n');
		const pinned = await cli(['flow', 'pin', 'tenant-a', '--parallelism', '2', '--period', '1m']);
		expect(pinned).toMatchObject({ code: 0, stdout: 'pinned parallelism 2, period 60s on key tenant-a\n' });
		expect((await client.flowControl.get('tenant-a')).data).toMatchObject({
			isPaused: true,
			isPinnedParallelism: true,
			parallelismMax: 2,
			ratePeriod: 60,
		});
		for (const args of [['flow'], ['flow', 'ls', '--search', 'nant']]) {
			const listed = await cli(args);
			expect(listed.code).toBe(0);
			expect(listed.stdout).toMatch(/^global parallelism 0\/1,000\n/);
			expect(listed.stdout).toMatch(
				/tenant-a +paused +0 +0\/2 pinned +no rate limit \(0 this period\)( pinned)?\n/,
			);
		}
		expect((await cli(['flow', 'ls', '--search', 'other'])).stdout).toContain('no flow-control keys in use');
		const json = JSON.parse((await cli(['flow', 'ls', '--json'])).stdout);
		expect(json.globalParallelism).toEqual({ parallelismMax: 1000, parallelismCount: 0 });
		expect(json.keys).toEqual([expect.objectContaining({ flowControlKey: 'tenant-a', isPaused: true })]);
		const shown = await cli(['flow', 'show', 'tenant-a']);
		expect(shown.stdout).toMatch(/parallelism +0\/2 pinned/);
		expect(shown.stdout).toMatch(/rate +no rate limit \(0 this period\)( pinned)?\n/);

		const unpinned = await cli(['flow', 'unpin', 'tenant-a', '--parallelism', '--json']);
		expect(JSON.parse(unpinned.stdout)).toEqual({
			flowControlKey: 'tenant-a',
			unpinned: { parallelism: true, rate: false },
		});
		expect((await client.flowControl.get('tenant-a')).data.isPinnedParallelism).toBe(false);
		expect((await cli(['flow', 'reset', 'tenant-a'])).stdout).toBe('reset the rate of key tenant-a\n');
		expect((await cli(['flow', 'resume', 'tenant-a'])).stdout).toBe('resumed key tenant-a\n');
		expect((await client.flowControl.get('tenant-a')).data.isPaused).toBe(false);
		// Unpinning with neither flag unpins both.
		expect((await cli(['flow', 'unpin', 'tenant-a'])).stdout).toBe(
			'unpinned the parallelism and rate of key tenant-a\n',
		);
	});

	it('says no (exit 1) to an unknown key, refuses bad usage (exit 2), cannot connect (exit 3)', async () => {
		const unknown = await cli(['flow', 'show', 'ghost']);
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toContain('flow-control key "ghost" not found');
		expectUsage(await cli(['flow', 'pin', 'k']), 'give --parallelism, --rate or --period to pin');
		expectUsage(await cli(['flow', 'pin', 'k', '--rate', '-1']), '--rate');
		expectUsage(await cli(['flow', 'pin', 'k', '--period', '1500ms']), '--period: whole seconds');
		expectUsage(await cli(['flow', 'reset']), 'missing argument');
		expectUsage(await cli(['flow', 'explode', 'k']), 'unknown subcommand "explode"');
		expect((await client.flowControl.list()).data.map((k) => k.flowControlKey)).not.toContain('k');

		const closed = await listen((_, res) => res.end());
		await closed.close();
		const down = await cli(['flow', 'ls'], { env: { ...env, MQTOP_QUEUE_URL: closed.url } });
		expect(down.code).toBe(3);
		expect(down.stderr).toContain(`cannot connect to ${closed.url}`);
	});
});

describe('the listings against the deployed service', () => {
	it('shows its schedules, queues and flow-control keys', async () => {
		const deployed = await startDeployedService();
		try {
			const denv = baseEnv(home, deployedEnv(deployed));
			const schedules = await cli(['schedules'], { env: denv });
			expect(schedules.stderr).toBe('');
			expect(schedules.stdout).toMatch(
				/scd_7m2QyW4nJ8sKx1Lp .* succeeded, .* CRON_TZ=Europe\/Istanbul \*\/5 \* \* \* \*/,
			);
			const queues = await cli(['queues'], { env: denv });
			expect(queues.stdout).toMatch(/invoices +active +14 +2 /);
			const flow = await cli(['flow'], { env: denv });
			expect(flow.stdout).toMatch(/^global parallelism 12\/1,000\n/);
			expect(flow.stdout).toMatch(/tenant-acme +active +31 +4\/4 +87\/100 per 60s pinned/);
			expect(deployed.requests).toEqual(
				expect.arrayContaining([
					'GET /v2/schedules',
					'GET /v2/queues',
					'GET /v2/flowControl',
					'GET /v2/globalParallelism',
				]),
			);
		} finally {
			await deployed.close();
		}
	});
});
