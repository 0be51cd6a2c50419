/**
 * Following `mqtop listen`'s history read only, as the monitor does (issue #31): the newest
 * requests it kept, then each one as it comes, across a rotation of its files, and what became
 * of the process that writes it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDialect } from '../../source/api/dialect.js';
import type { ReceivedRequest, Verification } from '../../source/receiver/event.js';
import { historyDirectory } from '../../source/receiver/history-files.js';
import { HistoryFollower } from '../../source/receiver/history-follow.js';
import { HistoryWriter } from '../../source/receiver/history-write.js';
import { EventStore } from '../../source/receiver/store.js';
import { waitUntil } from '../support/wait.js';
import { currentKey, sendSigned } from './helpers.js';
import { listen, type Running, stop } from './listen-process.js';

let root: string;

beforeAll(async () => {
	root = await mkdtemp(path.join(tmpdir(), 'mqtop-follow-'));
});

afterAll(async () => {
	await rm(root, { recursive: true, force: true });
});

const newStore = () => new EventStore({ classify: { dialect: defaultDialect, maxShownBodyBytes: 1024 } });
/** The paths of the store's requests, oldest first. */
const paths = (store: EventStore) => {
	store.flush();
	return store.getSnapshot().events.map((event) => event.path);
};

async function urlOf(running: Running): Promise<string> {
	const first = await waitUntil(
		() => running.lines[0],
		15_000,
		() => `no listening line: ${running.stderr()}`,
	);
	return (JSON.parse(first) as { listening: string }).listening;
}

describe('HistoryFollower', () => {
	it('shows what a running mqtop listen kept and receives, and says when it stopped', async () => {
		const dataDir = await mkdtemp(path.join(root, 'listen-'));
		const running = listen(['--json', '--current-signing-key', currentKey, '--data-dir', dataDir]);
		const store = newStore();
		let follower: HistoryFollower | undefined;
		try {
			const url = await urlOf(running);
			for (const n of [1, 2]) expect((await sendSigned(url, `/before/${n}`, `{"n":${n}}`)).status).toBe(200);
			// Kept before anyone follows: written within 50 ms.
			await waitUntil(() => (running.lines.length === 3 ? true : undefined), 10_000, 'two lines');
			follower = new HistoryFollower(historyDirectory(dataDir), store, { pollMs: 50, lookMs: 100 });
			await waitUntil(
				() => (paths(store).length === 2 ? true : undefined),
				10_000,
				() => `read ${paths(store)}`,
			);
			expect(follower.state).toEqual({ state: 'following', pid: running.child.pid });
			expect((await sendSigned(url, '/after', '{"n":3}')).status).toBe(200);
			expect((await sendSigned(url, '/forged', '{}', { key: 'sig_notTheKey' })).status).toBe(401);
			await waitUntil(
				() => (paths(store).length === 4 ? true : undefined),
				10_000,
				() => `read ${paths(store)}`,
			);
			expect(paths(store)).toEqual(['/before/1', '/before/2', '/after', '/forged']);
			const events = store.getSnapshot().events;
			expect(events.map((e) => [e.seq, e.verified, e.response.status])).toEqual([
				[1, true, 200],
				[2, true, 200],
				[3, true, 200],
				[4, false, 401],
			]);
			expect(events[2]!.body).toMatchObject({ kind: 'text', text: '{"n":3}' });
			expect(store.getSnapshot().counters).toMatchObject({ total: 4, verified: 3, rejected: 1 });
		} finally {
			expect(await stop(running)).toBe(0);
		}
		const stopped = follower!;
		await waitUntil(
			() => (stopped.state.state === 'stopped' ? true : undefined),
			10_000,
			() => `still ${JSON.stringify(stopped.state)}`,
		);
		expect(stopped.state).toEqual({ state: 'stopped', pid: running.child.pid });
		expect(paths(store)).toHaveLength(4);
		await stopped.stop();
	});

	it('reads on across a rotation of the files, the rest of the old file first', async () => {
		const dir = path.join(await mkdtemp(path.join(root, 'rotate-')), 'receiver');
		const frame = (seq: number): ReceivedRequest => ({
			seq,
			receivedAt: 1_767_225_600_000 + seq,
			method: 'POST',
			path: `/r/${seq}`,
			rawHeaders: ['Content-Type', 'text/plain'],
			body: Buffer.alloc(300, 'a'),
			verification: { ok: true, key: 'current', claims: {} } as unknown as Verification,
			responseStatus: 200,
		});
		// Room for about three requests a file.
		const history = await HistoryWriter.open(dir, { maxBytes: 2400 });
		const store = newStore();
		const follower = new HistoryFollower(dir, store, { pollMs: 300, lookMs: 20 });
		try {
			history.append(frame(1));
			await history.flush();
			await waitUntil(() => (paths(store).length === 1 ? true : undefined), 10_000, 'the first');
			// Two at a time, each write on its own: a rotation often comes between the two, before the
			// follower read the first, which it then finds in the old file.
			for (let seq = 2; seq <= 12; seq += 2) {
				for (const n of [seq, seq + 1]) {
					history.append(frame(n));
					await history.flush();
				}
				await waitUntil(
					() => (paths(store).at(-1) === `/r/${seq + 1}` ? true : undefined),
					10_000,
					() => `read ${paths(store)}`,
				);
			}
			expect(store.getSnapshot().events.map((e) => e.seq)).toEqual(
				Array.from({ length: 13 }, (_, i) => i + 1),
			);
		} finally {
			await history.close();
			await follower.stop();
		}
	});
});
