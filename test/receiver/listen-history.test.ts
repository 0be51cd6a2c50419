/**
 * `mqtop listen` when its history cannot be written (a full disk): every request is still
 * answered and printed, and stderr says, once, that requests are not kept for replay.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyDirectory } from '../../source/receiver/history.js';
import { waitUntil } from '../support/wait.js';
import { currentKey, nextKey, sendSigned } from './helpers.js';
import { listen, stop } from './listen-process.js';

let dataDir: string;

beforeAll(async () => {
	dataDir = await mkdtemp(path.join(tmpdir(), 'mqtop-listen-full-'));
});

afterAll(async () => {
	await rm(dataDir, { recursive: true, force: true });
});

// /dev/full takes no write: ENOSPC, as a full disk answers.
describe.skipIf(!existsSync('/dev/full'))('mqtop listen on a full disk', () => {
	it('answers and prints every request, and says once that the history does not keep them', async () => {
		const history = historyDirectory(dataDir);
		await mkdir(history, { recursive: true });
		await symlink('/dev/full', path.join(history, 'requests.bin'));
		const running = listen([
			'--json',
			'--current-signing-key',
			currentKey,
			'--next-signing-key',
			nextKey,
			'--data-dir',
			dataDir,
		]);
		try {
			const first = await waitUntil(
				() => running.lines[0],
				15_000,
				() => `no listening line: ${running.stderr()}`,
			);
			const url = (JSON.parse(first) as { listening: string }).listening;
			expect((await sendSigned(url, '/hook', '{"n":1}')).status).toBe(200);
			// The history writes within 50 ms of a request, and fails.
			await waitUntil(
				() => (running.stderr().includes('for replay') ? true : undefined),
				10_000,
				() => `no warning: ${running.stderr()}`,
			);
			for (const n of [2, 3]) expect((await sendSigned(url, '/hook', `{"n":${n}}`)).status).toBe(200);
			await waitUntil(
				() => (running.lines.length === 4 ? true : undefined),
				10_000,
				() => `printed ${running.lines.length - 1} requests`,
			);
			expect(running.lines.slice(1).map((line) => (JSON.parse(line) as { seq: number }).seq)).toEqual([
				1, 2, 3,
			]);
		} finally {
			// Closing writes what waits (2 and 3), which fails the same way: said once is enough.
			expect(await stop(running)).toBe(0);
		}
		expect(running.stderr().trim().split('\n')).toEqual([
			JSON.stringify({
				warning: `the history in ${history} did not keep 1 request for replay: ENOSPC: no space left on device, write`,
			}),
		]);
	});
});
