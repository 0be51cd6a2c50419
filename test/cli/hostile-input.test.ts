/**
 * The scriptable commands against hostile or careless input, as the built CLI in a child
 * process against `mqtop serve`: destinations that climb, names that name no group, retry
 * delays that give no delay, secrets kept out of `ps`, passwords in URLs, exit codes, and
 * failures that scripts can read.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { defaultDialect } from '../../source/api/dialect.js';
import { maskText } from '../../source/text/mask.js';
import { conformant } from '../support/conformance.js';
import { assertBuilt, baseEnv, mainJs, runCli, type Served, startServe } from './child.js';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 });

let home: string;
let served: Served;
let info: { queueUrl: string; token: string; managementUrl: string; email: string; apiKey: string };
let client: MqClient;

function env(extra: Record<string, string> = {}): Record<string, string> {
	return baseEnv(home, { MQTOP_QUEUE_URL: info.queueUrl, MQTOP_TOKEN: info.token, ...extra });
}

const cli = (args: string[], options: { env?: Record<string, string>; input?: string } = {}) =>
	runCli(args, {
		env: options.env ?? env(),
		...(options.input !== undefined ? { input: options.input } : {}),
	});

/** The one JSON object a failure writes on stderr with --json. */
function jsonFailure(stderr: string): { error: string; exitCode: number; status?: number; hint?: string } {
	const lines = stderr.trim().split('\n');
	expect(lines).toHaveLength(1);
	return JSON.parse(lines[0]!);
}

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-cli-hostile-'));
	served = await startServe(baseEnv(home));
	info = served.info as typeof info;
	client = new MqClient({ ...info, dialect: defaultDialect });
});

afterAll(async () => {
	await served?.stop();
	if (home) await rm(home, { recursive: true, force: true });
});

describe('destinations and names', () => {
	it('publishes a destination with dot segments exactly as given, and rotates no keys', async () => {
		const keys = await conformant(client).getSigningKeys();
		const destination = 'http://127.0.0.1:9/a/../../../../../keys/rotate';
		const result = await cli(['publish', destination, '--delay', '1h', '--json']);
		expect(result.stderr).toBe('');
		expect(result.code).toBe(0);
		const { messageId, url } = JSON.parse(result.stdout);
		expect(url).toBe(destination);
		expect((await conformant(client).getMessage(messageId)).url).toBe(destination);
		expect(await conformant(client).getSigningKeys()).toEqual(keys);
		await client.messages.cancelOne(messageId);
	});

	it('refuses the URL Group names "." and ".." before sending anything', async () => {
		await client.groups.addEndpoints('endpoints', [{ url: 'http://127.0.0.1:9/keep' }]);
		for (const args of [
			['group', 'rm', '.', '--endpoint-url', 'http://127.0.0.1:9/keep'],
			['group', 'show', '..'],
			['group', 'headers', '.', '--clear'],
			['publish', '..', '--body', 'x'],
		]) {
			const result = await cli(args);
			expect(result.code, args.join(' ')).toBe(2);
			expect(result.stderr).toContain('not "." or ".." alone');
		}
		expect((await conformant(client).getGroup('endpoints')).endpoints).toEqual([
			{ url: 'http://127.0.0.1:9/keep' },
		]);
	});

	it('refuses a retry delay that gives no delay, and a control character in a forwarded header', async () => {
		for (const [args, message] of [
			[['--retry-delay', '1/0'], /--retry-delay: evaluates to infinity/],
			[['--retry-delay', 'sqrt(-1)'], /--retry-delay: evaluates to NaN/],
			[['--retry-delay=-1000'], /--retry-delay: evaluates to -1000 ms, a negative delay/],
			[['--retry-delay', '1000 - retried * 600', '--retries', '3'], /negative delay when retried is 2/],
			[['--forward', 'X-Order: a\u0001b'], /--forward: a header value must not contain control characters/],
		] as const) {
			const result = await cli(['publish', 'http://127.0.0.1:9/x', ...args]);
			expect(result.code, args.join(' ')).toBe(2);
			expect(result.stderr).toMatch(message);
		}
		expect(
			(
				await cli([
					'publish',
					'http://127.0.0.1:9/x',
					'--retry-delay',
					'1000 - retried * 600',
					'--retries',
					'1',
					'--delay',
					'1h',
				])
			).code,
		).toBe(0);
	});
});

describe('secrets', () => {
	it('reads the token from a file or standard input, never both with the flag', async () => {
		const file = path.join(home, 'token');
		await writeFile(file, `${info.token}\n`, { mode: 0o600 });
		const noToken = baseEnv(home, { MQTOP_QUEUE_URL: info.queueUrl });
		const fromFile = await cli(['dlq', '--json', '--token-file', file], { env: noToken });
		expect(fromFile.stderr).toBe('');
		expect(fromFile.code).toBe(0);
		const fromStdin = await cli(['dlq', '--json', '--token-file', '-'], { env: noToken, input: info.token });
		expect(fromStdin.code).toBe(0);
		const config = JSON.parse(
			(await cli(['config', '--json', '--token-file', file], { env: noToken })).stdout,
		);
		expect(config.settings.token).toEqual({ value: maskText, source: `flag --token-file ${file}` });

		const both = await cli(['dlq', '--token', info.token, '--token-file', file], { env: noToken });
		expect(both.code).toBe(2);
		expect(both.stderr).toContain('give --token or --token-file, not both');
		const missing = await cli(['dlq', '--token-file', path.join(home, 'nope')], { env: noToken });
		expect(missing.code).toBe(2);
		expect(missing.stderr).toContain('cannot read');
		const twice = await cli(['publish', 'http://127.0.0.1:9/x', '--token-file', '-', '--body-file', '-'], {
			env: noToken,
			input: info.token,
		});
		expect(twice.code).toBe(2);
		expect(twice.stderr).toContain('standard input is already read by --token-file');
	});

	it('says in --help that flags show secrets to others, and what to use instead', async () => {
		const help = (await cli(['users', '--help'])).stdout;
		expect(help).toContain('--api-key-file <path>');
		expect(help).toContain('--token-file <path>');
		expect(help).toMatch(/visible to other users in `ps`/);
		expect(help).toMatch(/MQTOP_\* variables, a profile in the config file, or the --\*-file flags/);
	});

	it('masks user:password@ in the URLs mqtop config shows, unless --reveal', async () => {
		const withPassword = env({ MQTOP_QUEUE_URL: 'http://alice:s3cret@127.0.0.1:9/' });
		const table = await cli(['config'], { env: withPassword });
		expect(table.code).toBe(0);
		expect(table.stdout).not.toContain('s3cret');
		expect(table.stdout).toContain(`http://${maskText}@127.0.0.1:9/`);
		const json = JSON.parse((await cli(['config', '--json'], { env: withPassword })).stdout);
		expect(json.settings.queueUrl.value).toBe(`http://${maskText}@127.0.0.1:9/`);
		const revealed = JSON.parse((await cli(['config', '--json', '--reveal'], { env: withPassword })).stdout);
		expect(revealed.settings.queueUrl.value).toBe('http://alice:s3cret@127.0.0.1:9/');
	});
});

describe('exit codes and usage', () => {
	it('exits 3 when serve cannot listen on a port in use, 2 for a host that is no address', async () => {
		const taken: Server = createServer();
		await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
		const { port } = taken.address() as { port: number };
		try {
			const serve = await cli(['serve', '--port', String(port)]);
			expect(serve.code).toBe(3);
			expect(serve.stderr).toContain(`cannot listen on 127.0.0.1:${port}: the port is in use`);
			const listen = await cli(['listen', '--port', String(port), '--current-signing-key', 'sig_x']);
			expect(listen.code).toBe(3);
		} finally {
			await new Promise<void>((resolve) => taken.close(() => resolve()));
		}
		const badHost = await cli(['listen', '--host', '999.1.1.1', '--current-signing-key', 'sig_x']);
		expect(badHost.code).toBe(2);
		expect(badHost.stderr).toContain('"999.1.1.1" is not an address of this machine');
	});

	it('exits 2 for a config file named but not there', async () => {
		const missing = path.join(home, 'no-such-config.json');
		const flag = await cli(['config', '--config', missing]);
		expect(flag.code).toBe(2);
		expect(flag.stderr).toContain(`config file ${missing} does not exist`);
		// MQTOP_CONFIG naming a file not made yet is no profiles, as the default place is.
		expect((await cli(['config'], { env: env({ MQTOP_CONFIG: missing }) })).code).toBe(0);
	});

	it('prints its version', async () => {
		const { version } = JSON.parse(
			readFileSync(path.join(path.dirname(mainJs), '../../package.json'), 'utf8'),
		);
		for (const flag of ['--version', '-v']) {
			const result = await cli([flag]);
			expect(result.code).toBe(0);
			expect(result.stdout).toBe(`mqtop ${version}\n`);
		}
		expect(JSON.parse((await cli(['--version', '--json'])).stdout)).toEqual({ version });
	});

	it('with --json, writes every failure as one JSON object on stderr', async () => {
		const usage = await cli(['publish', '--bogus', '--json']);
		expect(usage.code).toBe(2);
		expect(jsonFailure(usage.stderr)).toEqual({
			error: 'unknown flag --bogus',
			exitCode: 2,
			hint: 'run: mqtop publish --help',
		});
		const notFound = await cli(['message', 'msg_nope', '--json']);
		expect(notFound.code).toBe(1);
		expect(jsonFailure(notFound.stderr)).toMatchObject({ exitCode: 1, status: 404 });
		const unreachable = await cli(['dlq', '--json'], { env: env({ MQTOP_QUEUE_URL: 'http://127.0.0.1:9' }) });
		expect(unreachable.code).toBe(3);
		expect(jsonFailure(unreachable.stderr)).toMatchObject({ exitCode: 3, hint: expect.any(String) });
		expect(jsonFailure((await cli(['group', 'frob', '--json'])).stderr)).toMatchObject({ exitCode: 2 });
		expect(jsonFailure((await cli(['frob', '--json'])).stderr)).toMatchObject({ exitCode: 2 });
		expect(
			jsonFailure((await cli(['config', '--json', '--config', '/nonexistent/x.json'])).stderr),
		).toMatchObject({
			exitCode: 2,
		});
	});

	it('names the help of the monitor without a stray space', async () => {
		const result = await cli(['--bogus']);
		expect(result.code).toBe(2);
		expect(result.stderr).toBe('mqtop: unknown flag --bogus\n  run: mqtop --help\n');
		const help = (await cli(['--read-only', '--help'])).stdout;
		expect(help).toContain('Usage\n  mqtop [flags]');
		expect(help).not.toMatch(/mqtop {2}/);
	});
});
