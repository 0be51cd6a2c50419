/**
 * The monitor beside `mqtop listen` on the same data directory (issue #31): the Callbacks pane
 * follows listen's history, read only, and shows its requests beside its own receiver's, each
 * row saying which receiver it came from, at 80x24 and at 120 columns.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDialect } from '../../../../source/api/dialect.js';
import { historyDirectory } from '../../../../source/receiver/history-files.js';
import { HistoryFollower } from '../../../../source/receiver/history-follow.js';
import type { ReceiverHandle } from '../../../../source/receiver/receiver.js';
import { startReceiver } from '../../../../source/receiver/receiver.js';
import { EventStore } from '../../../../source/receiver/store.js';
import { type Fixture, startFixture } from '../../../local/helpers.js';
import { currentKey, nextKey, sendSigned } from '../../../receiver/helpers.js';
import { listen, type Running, stop } from '../../../receiver/listen-process.js';
import { waitUntil } from '../../../support/wait.js';
import { mountTui, type Screen } from '../../harness.js';

let dataDir: string;
let fixture: Fixture;
let receiver: ReceiverHandle;
let follower: HistoryFollower;
let running: Running;
let screen: Screen;
let listenUrl: string;

beforeAll(async () => {
	dataDir = await mkdtemp(path.join(tmpdir(), 'mqtop-follow-tui-'));
	fixture = await startFixture({ currentSigningKey: currentKey, nextSigningKey: nextKey });
	running = listen(['--json', '--current-signing-key', currentKey, '--data-dir', dataDir]);
	const first = await waitUntil(
		() => running.lines[0],
		15_000,
		() => `no listening line: ${running.stderr()}`,
	);
	listenUrl = (JSON.parse(first) as { listening: string }).listening;
	receiver = await startReceiver({ currentSigningKey: currentKey, nextSigningKey: nextKey });
	follower = new HistoryFollower(
		historyDirectory(dataDir),
		new EventStore({ classify: { dialect: defaultDialect, maxShownBodyBytes: 1024 } }),
		{ pollMs: 50, lookMs: 100 },
	);
	screen = mountTui(
		fixture.client,
		{ embedded: true, accountId: fixture.service.accountId, receiverUrl: receiver.url },
		{
			columns: 80,
			rows: 24,
			pane: 'callbacks',
			receiver: {
				url: receiver.url,
				store: receiver.store,
				currentSigningKey: currentKey,
				nextSigningKey: nextKey,
				followed: { store: follower.store, state: () => follower.state },
			},
		},
	);
});

afterAll(async () => {
	screen?.unmount();
	await follower?.stop();
	if (running) await stop(running);
	await receiver?.close();
	await fixture?.close();
	await rm(dataDir, { recursive: true, force: true });
});

/** The request rows of a frame. */
const rows = (frame: string) => frame.split('\n').filter((line) => /^[ ›] \d\d:\d\d:\d\d/.test(line));

describe('the Callbacks pane beside mqtop listen', () => {
	it('shows what listen received beside its own receiver’s requests, and which came from where', async () => {
		expect((await sendSigned(listenUrl, '/to-listen', 'one')).status).toBe(200);
		expect((await sendSigned(receiver.url, '/to-monitor', 'two')).status).toBe(200);
		expect((await sendSigned(listenUrl, '/to-listen', 'three')).status).toBe(200);
		const frame = await screen.waitFor(
			(f) =>
				rows(f).length === 3 && f.includes(`mqtop listen (pid ${running.child.pid}) · 2 received: 2 verified`)
					? f
					: undefined,
			'listen’s requests beside the monitor’s',
		);
		expect(frame).toContain('1 received: 1 verified, 0 rejected');
		// Newest first, by the time received; listen's rows say so in a column of their own.
		const shown = rows(frame);
		expect(shown.map((row) => /\/to-(listen|monitor)/.exec(row)?.[1])).toEqual([
			'listen',
			'monitor',
			'listen',
		]);
		const via = (row: string) => row.slice(16, 23).trim();
		expect(shown.map(via)).toEqual(['listen', '', 'listen']);

		screen.resize(120, 30);
		const wide = await screen.waitFor(
			(f) => (rows(f).some((row) => row.includes(' listen ')) ? f : undefined),
			'the rows at 120 columns',
		);
		const wideRows = rows(wide);
		expect(wideRows.filter((row) => row.includes(' listen ') && row.includes('/to-listen'))).toHaveLength(2);
		// The two numberings apart: listen's #1 and #2, the monitor's #1.
		expect(wideRows.map((row) => /#(\d+)/.exec(row)?.[1])).toEqual(['2', '1', '1']);
		screen.resize(80, 24);
	});

	it('says when listen stopped, and keeps its requests shown', async () => {
		await stop(running);
		await screen.waitFor(
			(f) => (f.includes(`mqtop listen (pid ${running.child.pid}) stopped · 2 received`) ? f : undefined),
			'listen stopped',
		);
		expect(rows(screen.frame())).toHaveLength(3);
	});
});
