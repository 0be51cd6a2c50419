/**
 * `mqtop serve --dev-credentials` as a drop-in for the vendor's dev server: an app on the
 * official SDK with QSTASH_DEV=true (its port in QSTASH_DEV_PORT, so the test takes no fixed
 * port) publishes to the built CLI's server, its Receiver in dev mode verifies the delivery, and
 * the SDK downloads nothing: its download path would make its cache directory under $HOME first.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listen, type TestServer } from '../support/http-server.js';
import { waitUntil } from '../support/wait.js';
import { assertBuilt, baseEnv, type Served, startServe } from './child.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

interface Delivery {
	body: string;
	verified: boolean;
}

let home: string;
let served: Served;
let destination: TestServer;
const deliveries: Delivery[] = [];

/**
 * The app: publishes with a Client made from nothing but the environment (dev mode); a child
 * process of its own, so that its environment, $HOME and the SDK's module state are the app's.
 */
const appScript = `
import { Client } from '@upstash/qstash';
const client = new Client();
const { messageId } = await client.publish({ url: process.env.DESTINATION, body: 'from a dev-mode app' });
console.log(JSON.stringify({ messageId }));
`;

function runApp(
	env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ['--input-type=module', '-e', appScript], {
			cwd: path.resolve(import.meta.dirname, '../..'),
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => {
			stdout += chunk;
		});
		child.stderr.on('data', (chunk) => {
			stderr += chunk;
		});
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(new Error(`the app did not finish in time; stdout: ${stdout}; stderr: ${stderr}`));
		}, 60_000);
		child.on('error', reject);
		child.on('close', (code) => {
			clearTimeout(timer);
			resolve({ code, stdout, stderr });
		});
	});
}

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-dev-credentials-'));
	const { Receiver } = await import('@upstash/qstash');
	// Verified as the app's own Receiver would in dev mode: with the dev server's published keys.
	const receiver = new Receiver({ devMode: true });
	destination = await listen((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', async () => {
			const body = Buffer.concat(chunks).toString();
			const verified = await receiver
				.verify({ signature: String(req.headers['upstash-signature']), body })
				.catch(() => false);
			deliveries.push({ body, verified });
			res.end('ok');
		});
	});
	served = await startServe(baseEnv(home), ['--dev-credentials', '--ephemeral']);
});

afterAll(async () => {
	await served?.stop();
	await destination?.close();
	await rm(home, { recursive: true, force: true });
});

describe('mqtop serve --dev-credentials', () => {
	it("serves with the dev server's published token and keys, in the deployed dialect", () => {
		expect(served.info.token).toBe(
			'eyJVc2VySUQiOiJkZWZhdWx0VXNlciIsIlBhc3N3b3JkIjoiZGVmYXVsdFBhc3N3b3JkIn0=',
		);
		expect(served.info.currentSigningKey).toBe('sig_7kYjw48mhY7kAjqNGcy6cr29RJ6r');
		expect(served.info.nextSigningKey).toBe('sig_5ZB6DVzB1wjE8S6rZ7eenA8Pdnhs');
		expect(served.info.dialect).toMatchObject({ headerPrefix: 'Upstash-', issuer: 'Upstash' });
	});

	it('takes the messages of an app with QSTASH_DEV=true, which downloads no dev server', async () => {
		const port = new URL(String(served.info.queueUrl)).port;
		const appHome = path.join(home, 'app-home');
		const app = await runApp({
			PATH: process.env.PATH ?? '',
			HOME: appHome,
			QSTASH_DEV: 'true',
			QSTASH_DEV_PORT: port,
			DESTINATION: `${destination.url}/hook`,
		});
		expect(app.stderr).toBe('');
		expect(app.code).toBe(0);
		expect(app.stdout).toContain(`Server already running at http://127.0.0.1:${port}`);
		expect(JSON.parse(app.stdout.trim().split('\n').at(-1)!)).toMatchObject({
			messageId: expect.stringMatching(/^msg_/),
		});
		// The SDK makes its cache directory before it looks for a binary to download.
		expect(existsSync(path.join(appHome, '.cache', 'upstash'))).toBe(false);
		const delivery = await waitUntil(() => deliveries[0], 30_000, 'no delivery arrived');
		expect(delivery).toEqual({ body: 'from a dev-mode app', verified: true });
	});
});
