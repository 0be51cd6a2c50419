/**
 * `mqtop listen` when its history cannot be written (a full disk, or another `mqtop listen`
 * writing it): every request is still answered and printed, and stderr says, once, that
 * requests are not kept for replay.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyDirectory } from '../../source/receiver/history-files.js';
import { findInHistory } from '../../source/receiver/history-find.js';
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

describe('two mqtop listen on one data directory', () => {
	const start = (dir: string) =>
		listen(['--json', '--current-signing-key', currentKey, '--next-signing-key', nextKey, '--data-dir', dir]);
	const urlOf = async (running: ReturnType<typeof listen>) => {
		const first = await waitUntil(
			() => running.lines[0],
			15_000,
			() => `no listening line: ${running.stderr()}`,
		);
		return (JSON.parse(first) as { listening: string }).listening;
	};

	it('the second says it keeps nothing, and the history holds the first one’s requests only', async () => {
		const dir = await mkdtemp(path.join(dataDir, 'two-'));
		const first = start(dir);
		let second: ReturnType<typeof listen> | undefined;
		try {
			const firstUrl = await urlOf(first);
			second = start(dir);
			const secondUrl = await urlOf(second);
			const said = second;
			await waitUntil(
				() => (said.stderr().includes('keeps the history') ? true : undefined),
				10_000,
				() => `no warning: ${said.stderr()}`,
			);
			expect(second.stderr().trim().split('\n')).toEqual([
				JSON.stringify({
					warning: `another mqtop (pid ${first.child.pid}) keeps the history in ${historyDirectory(dir)}: the requests received here are not kept for replay`,
				}),
			]);
			expect((await sendSigned(secondUrl, '/hook', '{"to":"second"}')).status).toBe(200);
			expect((await sendSigned(firstUrl, '/hook', '{"to":"first"}')).status).toBe(200);
		} finally {
			if (second) expect(await stop(second)).toBe(0);
			expect(await stop(first)).toBe(0);
		}
		const found = await findInHistory(historyDirectory(dir), 1);
		expect(found.kept).toEqual({ first: 1, last: 1 });
		expect(found.request?.body.toString()).toBe('{"to":"first"}');
	});
});
