/**
 * Group commit and `kill -9`: `mqtop serve` (the built CLI, a child process) takes publishes
 * from 64 connections at once, written a batch for the requests that arrived together, and is
 * killed with SIGKILL in the middle of them. Every publish it answered 200 is there after it
 * starts again on the same data directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { resolveDialect } from '../../source/api/dialect.js';
import type { LocalServiceInfo } from '../../source/local/service.js';
import { waitUntil } from '../support/wait.js';
import { assertBuilt, baseEnv, startServe } from './child.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const connections = 64;
/** Answered publishes before the kill. */
const answeredBeforeKill = 400;

let home: string;

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-group-kill-'));
});
afterAll(async () => {
	if (home) await rm(home, { recursive: true, force: true });
});

function clientOf(info: LocalServiceInfo): MqClient {
	return new MqClient(
		{ ...info, dialect: resolveDialect(undefined), timeoutMs: 10_000 },
		{ retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 10 } },
	);
}

describe('mqtop serve killed with SIGKILL under concurrent publishes', () => {
	it('has every publish it answered 200 after it starts again', async () => {
		const env = baseEnv(home);
		const first = await startServe(env);
		const client = clientOf(first.info as unknown as LocalServiceInfo);
		const accepted: string[] = [];
		let killed = false;
		let sent = 0;
		const worker = async () => {
			while (!killed) {
				const n = sent++;
				try {
					const answer = await client.publish({
						// Nothing listens there, and nothing is due for an hour: each stays waiting.
						destination: `http://127.0.0.1:9/kept/${n}`,
						body: `message ${n}`,
						options: { delayMs: 3_600_000 },
					});
					if (answer.kind === 'url') accepted.push(answer.result.messageId);
				} catch {
					// Killed with this request in flight: it was never answered.
					return;
				}
			}
		};
		const published = Promise.all(Array.from({ length: connections }, worker));
		await waitUntil(
			() => (accepted.length >= answeredBeforeKill ? true : undefined),
			60_000,
			() => `${answeredBeforeKill} publishes to be answered (got ${accepted.length})`,
		);
		const exited = new Promise((resolve) => first.child.once('exit', resolve));
		first.child.kill('SIGKILL');
		killed = true;
		await published;
		await exited;
		const answered = [...accepted];
		expect(sent - answered.length, 'publishes in flight when killed').toBeGreaterThan(0);

		const second = await startServe(env);
		try {
			const again = clientOf(second.info as unknown as LocalServiceInfo);
			const missing: string[] = [];
			for (const id of answered) {
				try {
					await again.messages.read(id);
				} catch {
					missing.push(id);
				}
			}
			expect(missing, `of ${answered.length} answered 200`).toEqual([]);
		} finally {
			await second.stop();
		}
	});
});
