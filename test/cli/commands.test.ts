/**
 * The scriptable commands end to end: the built CLI as a child process against
 * `mqtop serve` (the embedded local service) as another, over loopback.
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { defaultDialect } from '../../source/api/dialect.js';
import { type LocalIndexInfo, localIndex } from '../../source/local/service-indexes.js';
import { maskText } from '../../source/text/mask.js';
import { listen, type TestServer } from '../support/http-server.js';
import { waitUntil } from '../support/wait.js';
import { assertBuilt, baseEnv, runCli, type Served, spawnCli, startServe } from './child.js';

// Each test runs several node processes one after another; on a loaded two-core machine a
// start can take a second or more, so the default 20 s per test is too tight.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

interface Received {
	method: string;
	url: string;
	headers: IncomingMessage['headers'];
	body: string;
}

let home: string;
let served: Served;
let destination: TestServer;
let destinationUrl: string;
const received: Received[] = [];
let info: {
	queueUrl: string;
	managementUrl: string;
	token: string;
	email: string;
	apiKey: string;
	accountId: string;
	indexes: LocalIndexInfo[];
};

/** The connection of the running `mqtop serve`, as environment variables. */
function env(extra: Record<string, string> = {}): Record<string, string> {
	return baseEnv(home, {
		MQTOP_QUEUE_URL: info.queueUrl,
		MQTOP_TOKEN: info.token,
		MQTOP_MANAGEMENT_URL: info.managementUrl,
		MQTOP_EMAIL: info.email,
		MQTOP_API_KEY: info.apiKey,
		...extra,
	});
}

const cli = (args: string[], options: { env?: Record<string, string>; input?: string } = {}) =>
	runCli(args, {
		env: options.env ?? env(),
		...(options.input !== undefined ? { input: options.input } : {}),
	});

async function closedPort(): Promise<number> {
	const server = await listen((_, res) => res.end());
	await server.close();
	return Number(new URL(server.url).port);
}

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-cli-'));
	destination = await listen((req, res) => {
		let body = '';
		req.on('data', (chunk) => {
			body += chunk;
		});
		req.on('end', () => {
			received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
			// The first attempt at /flaky fails, so a message there lives through a retry.
			const flaky = req.url === '/flaky' && received.filter((r) => r.url === '/flaky').length === 1;
			res.statusCode = flaky ? 500 : 200;
			res.end(flaky ? 'not yet' : 'ok');
		});
	});
	destinationUrl = destination.url;
	served = await startServe(baseEnv(home));
	info = served.info as typeof info;
});

afterAll(async () => {
	await served?.stop();
	await destination?.close();
	if (home) await rm(home, { recursive: true, force: true });
});

describe('connection settings', () => {
	it('shows where each setting came from, secrets masked unless --reveal', async () => {
		const result = await cli(['config', '--json'], { env: env({ MQTOP_TOKEN: 'tok_from_env_0123456789' }) });
		expect(result.code).toBe(0);
		const config = JSON.parse(result.stdout);
		expect(config.local).toBe(false);
		expect(config.settings.token).toEqual({ value: maskText, source: 'env MQTOP_TOKEN' });
		expect(config.settings.headerPrefix).toEqual({ value: 'Svc-', source: 'default' });
		const flagged = await cli(['config', '--json', '--reveal', '--token', 'tok_flag']);
		expect(JSON.parse(flagged.stdout).settings.token).toEqual({ value: 'tok_flag', source: 'flag --token' });
	});

	it('reads a profile from the config file and warns when others may read it', async () => {
		const dir = path.join(home, 'profiles', 'mqtop');
		await mkdir(dir, { recursive: true });
		const file = path.join(dir, 'config.json');
		await writeFile(
			file,
			JSON.stringify({
				defaultProfile: 'dev',
				profiles: {
					dev: {
						queueUrl: info.queueUrl,
						token: info.token,
						managementUrl: info.managementUrl,
						email: info.email,
						apiKey: info.apiKey,
					},
				},
			}),
		);
		await chmod(file, 0o600);
		const profileEnv = baseEnv(home, { XDG_CONFIG_HOME: path.join(home, 'profiles') });
		const users = await cli(['users', '--json'], { env: profileEnv });
		expect(users.stderr).toBe('');
		expect(users.code).toBe(0);
		expect(JSON.parse(users.stdout).map((u: { id: string }) => u.id)).toContain(info.accountId);
		const config = JSON.parse((await cli(['config', '--json'], { env: profileEnv })).stdout);
		expect(config.profile).toEqual({ name: 'dev', source: 'config file defaultProfile' });
		expect(config.settings.queueUrl.source).toBe('profile dev');

		await chmod(file, 0o644);
		const warned = await cli(['users', '--json'], { env: profileEnv });
		expect(warned.code).toBe(0);
		expect(warned.stderr).toContain(
			`warning: ${file} holds secrets but is readable by group or others (mode 644)`,
		);

		await writeFile(file, JSON.stringify({ profiles: { dev: { queueUrl: 'nope' } } }));
		await chmod(file, 0o600);
		const broken = await cli(['users'], { env: profileEnv });
		expect(broken.code).toBe(2);
		expect(broken.stderr).toContain(`config file ${file}: profiles.dev.queueUrl: expected an http`);
	});

	it('refuses an unknown profile with exit code 2', async () => {
		const result = await cli(['users', '--profile', 'nope']);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('no profile named "nope"');
	});
});

describe('management commands', () => {
	it('lists the accounts with their secrets masked', async () => {
		const result = await cli(['users', '--json']);
		expect(result.code).toBe(0);
		const users = JSON.parse(result.stdout);
		const account = users.find((u: { id: string }) => u.id === info.accountId);
		expect(account.token).toBe(maskText);
		expect(account.password).toBe(maskText);
		const revealed = JSON.parse((await cli(['users', '--json', '--reveal'])).stdout);
		expect(revealed.find((u: { id: string }) => u.id === info.accountId).token).toMatch(/^\S{16,}$/);

		const table = await cli(['users']);
		expect(table.code).toBe(0);
		expect(table.stdout).toContain(info.accountId);
		// Not a terminal: no colour codes.
		expect(table.stdout).not.toContain('\x1b');
	});

	it('shows usage statistics for a valid period and refuses an unknown one', async () => {
		const mq = await cli(['stats', 'mq', info.accountId, '--period', '3h', '--json']);
		expect(mq.code).toBe(0);
		expect(JSON.parse(mq.stdout)).toHaveProperty('daily_requests');
		const readable = await cli(['stats', 'mq', info.accountId]);
		expect(readable.code).toBe(0);
		expect(readable.stdout).toMatch(/daily_requests/);
		const put = await fetch(`${localIndex(info, 'dense').url}/upsert/ns`, {
			method: 'POST',
			headers: { authorization: `Bearer ${localIndex(info, 'dense').token}` },
			body: JSON.stringify({ id: 'a', vector: Array.from({ length: 384 }, () => 1) }),
		});
		expect(put.status).toBe(200);
		const vector = await cli(['stats', 'vector', localIndex(info, 'dense').id, '--period', '30d', '--json']);
		expect(vector.code).toBe(0);
		const document = JSON.parse(vector.stdout);
		expect(document.query_throughput).toHaveLength(240);
		expect(document.index).toMatchObject({
			type: 'DENSE',
			dimension: 384,
			similarity: 'COSINE',
			denseModel: 'LOCAL_LEXICAL_HASH',
			namespaces: [
				{ name: '', count: 0, pending: 0 },
				{ name: 'ns', count: 1, pending: 0 },
			],
		});
		const table = await cli(['stats', 'vector', localIndex(info, 'dense').id]);
		expect(table.stdout).toContain('DENSE, 384 dimensions, COSINE');
		expect(table.stdout).toMatch(/^ns\s+1\s+0$/m);
		const bad = await cli(['stats', 'mq', info.accountId, '--period', '2h']);
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain('--period: expected one of 1h, 3h, 12h, 1d, 3d, 7d, 30d, got "2h"');
	});

	it('shows a search index with its tokens masked, and its indexes', async () => {
		const put = await fetch(`${localIndex(info, 'search').url}/upsert-data/kb`, {
			method: 'POST',
			headers: { authorization: `Bearer ${localIndex(info, 'search').token}` },
			body: JSON.stringify({ id: 'd', content: { text: 'hello' } }),
		});
		expect(put.status).toBe(200);
		const result = await cli(['search', localIndex(info, 'search').id, '--json']);
		expect(result.code).toBe(0);
		const index = JSON.parse(result.stdout);
		expect(index.indexes).toEqual([{ name: 'kb', count: 1, pending: 0 }]);
		expect(index.id).toBe(localIndex(info, 'search').id);
		expect(index.token).toBe(maskText);
		expect(index.read_only_token).toBe(maskText);
	});

	it('says no (exit 1) for an unknown id and names the credential it refused', async () => {
		const unknown = await cli(['stats', 'vector', 'no-such-index']);
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toMatch(/^mqtop: read vector index stats failed: HTTP 404/);
		expect(unknown.stderr).not.toMatch(/\n\s+at /);

		const refused = await cli(['users'], { env: env({ MQTOP_API_KEY: 'wrong-key' }) });
		expect(refused.code).toBe(1);
		expect(refused.stderr).toContain('HTTP 401');
		expect(refused.stderr).toContain('apiKey (from env MQTOP_API_KEY)');
	});
});

describe('messaging commands', () => {
	it('publishes with every kind of flag and the destination receives it', async () => {
		const result = await cli([
			'publish',
			`${destinationUrl}/orders?src=cli`,
			'--body',
			'{"order":1}',
			'--content-type',
			'application/json',
			'--forward',
			'X-Team: payments',
			'--retries',
			'2',
			'--label',
			'cli-test',
			'--json',
		]);
		expect(result.stderr).toBe('');
		expect(result.code).toBe(0);
		const published = JSON.parse(result.stdout);
		expect(published.messageId).toMatch(/\S/);
		const delivery = await waitUntil(
			() => received.find((r) => r.body === '{"order":1}'),
			10_000,
			'the delivery',
		);
		expect(delivery.url).toBe('/orders?src=cli');
		expect(delivery.headers['x-team']).toBe('payments');
		expect(delivery.headers['content-type']).toBe('application/json');
	});

	it('takes the body from stdin when it is piped', async () => {
		const result = await cli(['publish', `${destinationUrl}/stdin`, '--json'], { input: 'from stdin' });
		expect(result.code).toBe(0);
		await waitUntil(
			() => received.find((r) => r.url === '/stdin' && r.body === 'from stdin'),
			10_000,
			'the delivery',
		);
	});

	it('refuses bad values with exit 2, naming the flag, and sends nothing', async () => {
		const before = received.length;
		const cases: [string[], string][] = [
			[['--delay', 'soon'], '--delay: invalid duration "soon"'],
			[['--callback', 'ftp://x'], '--callback: expected an http:// or https:// URL'],
			[['--flow-control-key', 'k', '--flow-control', 'rate=fast'], '--flow-control: '],
			[['--retry-delay', 'require("fs")'], '--retry-delay: '],
			[['--nope'], 'unknown flag --nope'],
		];
		for (const [flags, message] of cases) {
			const result = await cli(['publish', `${destinationUrl}/never`, '--body', 'x', ...flags]);
			expect(result.code, flags.join(' ')).toBe(2);
			expect(result.stderr).toContain(message);
		}
		const destinationBad = await cli(['publish', 'not a group', '--body', 'x']);
		expect(destinationBad.code).toBe(2);
		const events = JSON.parse((await cli(['dlq', '--json'])).stdout);
		expect(events.messages.filter((m: { url: string }) => m.url.endsWith('/never'))).toEqual([]);
		await sleep(200);
		expect(received.slice(before).filter((r) => r.url === '/never')).toEqual([]);
	});

	it('watches a message through a retry until it is gone, one JSON line per change', async () => {
		// Held in a paused queue until the watch runs, however slowly the commands start.
		const client = new MqClient({ ...info, dialect: defaultDialect });
		await client.queues.upsert('watched', { paused: true });
		const enqueued = await client.queues.enqueue('watched', {
			destination: `${destinationUrl}/flaky`,
			body: 'w',
			options: { retries: 1, retryDelay: '1000' },
		});
		if (enqueued.kind !== 'url') throw new Error('expected the answer of a publish to a URL');
		const { messageId } = enqueued.result;
		const shown = await cli(['message', messageId, '--json']);
		expect(shown.stderr).toBe('');
		expect(shown.code).toBe(0);
		expect(JSON.parse(shown.stdout)).toMatchObject({
			messageId,
			url: `${destinationUrl}/flaky`,
			maxRetries: 1,
		});

		const watching = spawnCli(['message', messageId, '--watch', '--interval', '100ms', '--json'], env());
		await waitUntil(
			() => (watching.stdout().includes('"type":"message"') ? true : undefined),
			30_000,
			'the watch',
		);
		await client.queues.resume('watched');
		const code = await watching.exited;
		const watched = { code, stdout: watching.stdout(), stderr: watching.stderr() };
		expect(watched.stderr).toBe('');
		expect(watched.code).toBe(0);
		const lines = watched.stdout
			.trim()
			.split('\n')
			.map((line) => JSON.parse(line));
		expect(lines.at(-1)).toMatchObject({ type: 'gone', messageId });
		const states = lines.filter((l) => l.type === 'event').map((l) => l.event.state);
		expect(states).toContain('RETRY');
		expect(states.indexOf('DELIVERED')).toBeGreaterThan(states.indexOf('RETRY'));
		for (const line of lines.filter((l) => l.type === 'message'))
			expect(line.message.messageId).toBe(messageId);
		expect(received.filter((r) => r.url === '/flaky')).toHaveLength(2);
	});

	it('says no (exit 1) for an unknown message and names a refused token', async () => {
		const unknown = await cli(['message', 'msg_does_not_exist']);
		expect(unknown.code).toBe(1);
		expect(unknown.stderr).toContain('HTTP 404');
		const refused = await cli(['message', 'msg_x'], { env: env({ MQTOP_TOKEN: 'wrong-token' }) });
		expect(refused.code).toBe(1);
		expect(refused.stderr).toContain('token (from env MQTOP_TOKEN)');
	});

	it('cannot connect (exit 3) to a service that is down', async () => {
		const port = await closedPort();
		const down = env({
			MQTOP_QUEUE_URL: `http://127.0.0.1:${port}`,
			MQTOP_MANAGEMENT_URL: `http://127.0.0.1:${port}`,
		});
		const message = await cli(['message', 'msg_x'], { env: down });
		expect(message.code).toBe(3);
		expect(message.stderr).toContain(`cannot connect to http://127.0.0.1:${port}`);
		expect(message.stderr).toContain('hint: is the service running');
		const users = await cli(['users'], { env: down });
		expect(users.code).toBe(3);
	});

	it('triggers workflow runs and reports the deduplicated ones', async () => {
		const file = path.join(home, 'items.json');
		const items = [
			{ destination: `${destinationUrl}/wf`, body: 'a', headers: { 'Svc-Workflow-RunId': 'wfr_cli_fixed' } },
			{ destination: `${destinationUrl}/wf`, body: 'b' },
		];
		await writeFile(file, JSON.stringify(items));
		const first = await cli(['trigger', file, '--json']);
		expect(first.code).toBe(0);
		const results = JSON.parse(first.stdout);
		expect(results).toHaveLength(2);
		expect(results[0]).toMatchObject({ workflowRunId: 'wfr_cli_fixed' });
		expect(results[0].deduplicated).toBeFalsy();
		const again = await cli(['trigger', '-', '--json'], { input: JSON.stringify(items.slice(0, 1)) });
		expect(JSON.parse(again.stdout)[0]).toMatchObject({ workflowRunId: 'wfr_cli_fixed', deduplicated: true });

		await writeFile(file, JSON.stringify([{ body: 'no destination' }]));
		const invalid = await cli(['trigger', file]);
		expect(invalid.code).toBe(2);
		expect(invalid.stderr).toContain(`${file}: items[0].destination`);
		const notJson = await cli(['trigger', '-'], { input: '[{' });
		expect(notJson.code).toBe(2);
		expect(notJson.stderr).toContain('stdin is not valid JSON');
	});

	it('takes a JSON body as JSON, says bad items in its own words, and labels every column', async () => {
		const file = path.join(home, 'json-body.json');
		await writeFile(file, JSON.stringify([{ destination: `${destinationUrl}/wf-json`, body: { order: 7 } }]));
		const started = await cli(['trigger', file]);
		expect(started.stderr).toBe('');
		expect(started.code).toBe(0);
		// The header names all five columns; the row says what became of the item.
		expect(started.stdout).toMatch(/^#\s+destination\s+run\s+created\s+outcome\n/);
		expect(started.stdout).toMatch(/\n0\s+\S+\/wf-json\s+wfr_\S+\s+.+\s+started\n/);
		const arrived = await waitUntil(() => received.find((r) => r.url === '/wf-json'));
		// Serialised as the workflow SDK's trigger({ body }) does; the route gets it as its first step's body.
		const [step] = JSON.parse(arrived.body) as { body: string }[];
		expect(Buffer.from(step!.body, 'base64').toString()).toBe('{"order":7}');

		await writeFile(
			file,
			JSON.stringify([
				{ destination: '' },
				{ destination: `${destinationUrl}/x`, headers: { 'X-N': 7 } },
				{},
			]),
		);
		const bad = await cli(['trigger', file]);
		expect(bad.code).toBe(2);
		expect(bad.stderr).toContain(
			`${file}: items[0].destination must not be empty; items[1].headers.X-N must be a string, not a number; ` +
				'items[2].destination is missing',
		);
		expect(bad.stderr).not.toMatch(/Invalid input|expected string|received/);
		const notArray = await cli(['trigger', '-'], { input: '{"destination":"x"}' });
		expect(notArray.stderr).toContain('stdin: items must be an array, not an object');
	});

	it('manages URL Groups: list, show, default headers, endpoint removal', async () => {
		const client = new MqClient({ ...info, dialect: defaultDialect });
		await client.groups.addEndpoints('cli-group', [
			{ name: 'a', url: `${destinationUrl}/a` },
			{ name: 'b', url: `${destinationUrl}/b` },
		]);
		const list = await cli(['group', 'ls', '--json']);
		expect(list.code).toBe(0);
		expect(JSON.parse(list.stdout).map((g: { name: string }) => g.name)).toContain('cli-group');

		const set = await cli([
			'group',
			'headers',
			'cli-group',
			'-H',
			'X-Default: 1',
			'-H',
			'X-Default: 2',
			'--json',
		]);
		expect(set.code).toBe(0);
		const shown = JSON.parse((await cli(['group', 'show', 'cli-group', '--json'])).stdout);
		expect(shown.headers).toEqual({ 'X-Default': ['1', '2'] });
		expect(shown.endpoints).toHaveLength(2);

		const missing = await cli(['group', 'rm', 'cli-group', '--endpoint-name', 'a', '--endpoint-name', 'zzz']);
		expect(missing.code).toBe(1);
		expect(missing.stderr).toContain('HTTP 404');
		expect(JSON.parse((await cli(['group', 'show', 'cli-group', '--json'])).stdout).endpoints).toHaveLength(
			2,
		);

		const removed = await cli([
			'group',
			'rm',
			'cli-group',
			'--endpoint-name',
			'a',
			'--endpoint-url',
			`${destinationUrl}/b`,
		]);
		expect(removed.code).toBe(0);
		expect(removed.stdout).toContain('removed 2 endpoints from cli-group');
		// Removing the last endpoint deleted the group.
		expect((await cli(['group', 'show', 'cli-group'])).code).toBe(1);

		expect((await cli(['group', 'headers', 'cli-group'])).code).toBe(2);
		expect((await cli(['group', 'frob'])).code).toBe(2);
	});

	it('makes a URL Group with group add, its endpoints named or not, and publishes to it', async () => {
		const added = await cli([
			'group',
			'add',
			'cli-made',
			`${destinationUrl}/made-a`,
			`${destinationUrl}/made-b`,
			'--endpoint-name',
			'a',
			'--endpoint-name',
			'b',
			'--json',
		]);
		expect(added.stderr).toBe('');
		expect(added.code).toBe(0);
		expect(JSON.parse(added.stdout)).toEqual({
			group: 'cli-made',
			added: [
				{ name: 'a', url: `${destinationUrl}/made-a` },
				{ name: 'b', url: `${destinationUrl}/made-b` },
			],
		});
		const more = await cli(['group', 'add', 'cli-made', `${destinationUrl}/made-c`]);
		expect(more).toMatchObject({ code: 0, stdout: 'added 1 endpoint to cli-made\n' });
		const shown = JSON.parse((await cli(['group', 'show', 'cli-made', '--json'])).stdout);
		expect(shown.endpoints).toEqual([
			{ name: 'a', url: `${destinationUrl}/made-a` },
			{ name: 'b', url: `${destinationUrl}/made-b` },
			{ url: `${destinationUrl}/made-c` },
		]);
		const published = await cli(['publish', 'cli-made', '--body', 'to the group', '--json']);
		expect(JSON.parse(published.stdout)).toHaveLength(3);
		await waitUntil(
			() => (received.filter((r) => r.body === 'to the group').length === 3 ? true : undefined),
			30_000,
			'the group deliveries',
		);
	});

	it('refuses a group add it cannot send (exit 2), and adds nothing', async () => {
		const refused: [string[], string][] = [
			[['group', 'add', 'cli-refused'], 'missing argument'],
			[['group', 'add', 'cli-refused', 'ftp://example.com/x'], '"ftp://example.com/x" is not an http(s) URL'],
			[['group', 'add', 'bad name', `${destinationUrl}/x`], '"bad name" is not a URL Group name'],
			[
				['group', 'add', 'cli-refused', `${destinationUrl}/x`, `${destinationUrl}/y`, '--endpoint-name', 'x'],
				'give one --endpoint-name for each url (2), in the same order, or none',
			],
			[
				['group', 'add', 'cli-refused', `${destinationUrl}/x`, '--endpoint-name', 'x y'],
				'--endpoint-name: "x y" is not a name',
			],
		];
		for (const [args, says] of refused) {
			const result = await cli(args);
			expect(result.code, args.join(' ')).toBe(2);
			expect(result.stderr, args.join(' ')).toContain(says);
		}
		const json = await cli(['group', 'add', 'cli-refused', 'ftp://x', '--json']);
		expect(JSON.parse(json.stderr)).toMatchObject({ exitCode: 2, hint: 'run: mqtop group add --help' });
		expect((await cli(['group', 'show', 'cli-refused'])).code).toBe(1);
	});

	it('prints the webhook address with the token masked, in full with --json, and it works', async () => {
		const readable = await cli(['webhook-url', `${destinationUrl}/hook`, '--retries', '1']);
		expect(readable.code).toBe(0);
		expect(readable.stdout).not.toContain(info.token);
		expect(readable.stdout).toContain('svc-retries=1');
		const { url } = JSON.parse((await cli(['webhook-url', `${destinationUrl}/hook`, '--json'])).stdout);
		expect(url).toContain(`mq_token=${encodeURIComponent(info.token)}`);
		// A webhook sender posts to it with no credentials of its own.
		const response = await fetch(url, { method: 'POST', body: 'from a webhook sender' });
		expect(response.status).toBe(200);
		await waitUntil(
			() => received.find((r) => r.body === 'from a webhook sender'),
			10_000,
			'the forwarded webhook',
		);
	});

	it('lists the dead letter queue', async () => {
		const result = await cli(['dlq', '--json']);
		expect(result.code).toBe(0);
		expect(Array.isArray(JSON.parse(result.stdout).messages)).toBe(true);
		expect((await cli(['dlq'])).code).toBe(0);
	});
});

describe('the local server with nothing configured', () => {
	it('is the one `mqtop serve` runs for the data directory', async () => {
		const result = await cli(['stats', 'mq', '--json'], { env: baseEnv(home) });
		expect(result.stderr).toBe('');
		expect(result.code).toBe(0);
		expect(JSON.parse(result.stdout)).toHaveProperty('daily_requests');
		const users = await cli(['users', '--json', '--reveal'], { env: baseEnv(home) });
		expect(JSON.parse(users.stdout)[0]).toMatchObject({ id: info.accountId, token: info.token });
	});

	it('gives the address of a webhook on it, and `mqtop config` shows its settings', async () => {
		const made = await cli(['webhook-url', `${destinationUrl}/local-hook`, '--retries', '1', '--json'], {
			env: baseEnv(home),
		});
		expect(made.stderr).toBe('');
		expect(made.code).toBe(0);
		const { url } = JSON.parse(made.stdout);
		expect(url.startsWith(`${info.queueUrl}/`)).toBe(true);
		expect(url).toContain(`mq_token=${encodeURIComponent(info.token)}`);
		const response = await fetch(url, { method: 'POST', body: 'to the local server' });
		expect(response.status).toBe(200);
		await waitUntil(() => received.find((r) => r.body === 'to the local server'), 30_000, 'the webhook');

		const dataDir = path.join(home, 'data', 'mqtop');
		const config = await cli(['config'], { env: baseEnv(home) });
		expect(config.code).toBe(0);
		expect(config.stdout).toMatch(
			new RegExp(`connection +the local server at ${info.queueUrl} \\(state in ${dataDir}\\)`),
		);
		expect(config.stdout).toMatch(new RegExp(`queueUrl +${info.queueUrl} +local server`));
		expect(config.stdout).toMatch(/headerPrefix +Svc- +local server/);
		const json = JSON.parse((await cli(['config', '--json'], { env: baseEnv(home) })).stdout);
		expect(json.localServer).toEqual({ dataDir, running: true, queueUrl: info.queueUrl });
		expect(json.settings.token).toEqual({ value: maskText, source: 'local server' });
		expect(json.settings.managementUrl).toEqual({ value: info.managementUrl, source: 'local server' });
	});

	it('exits 3 with a hint when no local server runs, rather than start a throwaway one', async () => {
		const nothing = baseEnv(home, { XDG_DATA_HOME: path.join(home, 'nothing-runs-here') });
		const dataDir = path.join(home, 'nothing-runs-here', 'mqtop');
		for (const args of [
			['group', 'ls'],
			['webhook-url', 'https://example.com/hook'],
		]) {
			const result = await cli(args, { env: nothing });
			expect(result.code, args.join(' ')).toBe(3);
			expect(result.stdout).toBe('');
			expect(result.stderr).toContain(`no local server is running for ${dataDir}`);
			expect(result.stderr).toContain('hint: start one in another terminal with `mqtop serve`');
		}
		const config = await cli(['config'], { env: nothing });
		expect(config.code).toBe(0);
		expect(config.stdout).toMatch(
			new RegExp(`connection +none: no local server runs for ${dataDir}; start one with \`mqtop serve\``),
		);
		const json = JSON.parse((await cli(['config', '--json'], { env: nothing })).stdout);
		expect(json.localServer).toEqual({ dataDir, running: false });
	});

	it('says what is missing (exit 2) when an address is given without credentials', async () => {
		const result = await cli(['message', 'msg_x'], {
			env: baseEnv(home, { MQTOP_QUEUE_URL: info.queueUrl }),
		});
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('token is not set; set --token, or MQTOP_TOKEN');
	});
});
