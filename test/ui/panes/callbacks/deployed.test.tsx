/**
 * The monitor on a local server in the deployed dialect (issue 38), its configuration saying
 * nothing of the dialect: what a real `mqtop listen --dialect deployed` received, followed through
 * the data directory they share, and what the monitor's own receiver received, are read in the
 * server's dialect. Each delivery's row shows its message id (`Upstash-Message-Id`) and verifies,
 * at 80x24 and 200x50.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Backend, chooseBackend } from '../../../../source/cli/monitor-backend.js';
import { followListen, ownReceiverOptions } from '../../../../source/cli/monitor-receivers.js';
import { resolveReceiverSettings } from '../../../../source/config/receiver.js';
import { resolveConnection } from '../../../../source/config/resolve.js';
import type { HistoryFollower } from '../../../../source/receiver/history-follow.js';
import { type ReceiverHandle, startReceiver } from '../../../../source/receiver/receiver.js';
import { assertBuilt, baseEnv, type Served, startServe } from '../../../cli/child.js';
import { listen, type Running, stop } from '../../../receiver/listen-process.js';
import { waitUntil } from '../../../support/wait.js';
import { keyLine, mountTui, type Screen } from '../../harness.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let home: string;
let served: Served;
let backend: Backend;
let running: Running;
let receiver: ReceiverHandle;
let follower: HistoryFollower;
let screen: Screen;
const ids: { listen: string; own: string } = { listen: '', own: '' };

/** Publishes `body` to `url` through the server; its message id. */
async function publish(url: string, body: string): Promise<string> {
	const published = await backend.client.publish({ destination: url, body });
	if (published.kind !== 'url') throw new Error('expected a URL publish');
	return published.result.messageId;
}

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-deployed-callbacks-'));
	const env = baseEnv(home);
	const dataDir = path.join(env.XDG_DATA_HOME!, 'mqtop');
	served = await startServe(env, ['--dialect', 'deployed']);
	// The monitor with nothing configured: the configuration's dialect is the neutral one.
	const local = resolveConnection({ config: { profiles: {} }, configPath: '/c.json', env: {}, flags: {} });
	backend = await chooseBackend(local, {
		dataDir,
		configPath: '/c.json',
		throwaway: false,
		demo: false,
		port: 0,
	});
	expect(backend.dialect.headerPrefix).toBe('Upstash-');
	running = listen(['--json', '--dialect', 'deployed', '--data-dir', dataDir], env);
	const first = await waitUntil(
		() => running.lines[0],
		15_000,
		() => `no listening line: ${running.stderr()}`,
	);
	const listenUrl = (JSON.parse(first) as { listening: string }).listening;
	const settings = resolveReceiverSettings({ section: undefined, env: {}, flags: {} });
	const failed = (error: Error) => {
		throw error;
	};
	receiver = await startReceiver(
		await ownReceiverOptions({ ...backend, keys: backend.keys! }, settings, {
			dataDir: undefined,
			port: 0,
			onError: failed,
			onHistoryError: failed,
		}),
	);
	follower = await followListen(backend, dataDir, { pollMs: 50, lookMs: 100 });
	screen = mountTui(
		backend.client,
		{ embedded: true, accountId: backend.embedded!.accountId, receiverUrl: receiver.url },
		{
			columns: 80,
			rows: 24,
			pane: 'callbacks',
			receiver: {
				url: receiver.url,
				store: receiver.store,
				currentSigningKey: backend.keys!.current,
				nextSigningKey: backend.keys!.next,
				followed: { store: follower.store, state: () => follower.state },
			},
		},
	);
	ids.listen = await publish(`${listenUrl}/orders`, '{"order":1}');
	ids.own = await publish(`${receiver.url}/own`, '{"order":2}');
	await waitUntil(
		() => running.lines.find((line) => line.includes(ids.listen)),
		15_000,
		() => `listen did not receive ${ids.listen}: ${running.lines.join('\n')}`,
	);
});

afterAll(async () => {
	screen?.unmount();
	await follower?.stop();
	if (running) await stop(running);
	await receiver?.close();
	await backend?.close();
	await served?.stop();
	await rm(home, { recursive: true, force: true });
});

/** The request rows of a frame. */
const rows = (frame: string) => frame.split('\n').filter((line) => /^[ ›] \d\d:\d\d:\d\d/.test(line));

describe.each([
	[80, 24],
	[200, 50],
])('deliveries of a deployed-dialect server in Callbacks at %ix%i', (columns, lines) => {
	it('show their message ids and verify, from listen and from the monitor’s receiver', async () => {
		screen.resize(columns, lines);
		const drawnAt = (f: string) => (columns > 80 ? keyLine(f).length > 80 : keyLine(f).length <= 80);
		const shown = (id: string) => (columns > 100 ? id : id.slice(0, 15));
		const frame = await screen.waitFor(
			(f) => (drawnAt(f) && rows(f).length === 2 ? f : undefined),
			'the two rows at this width',
		);
		for (const id of [ids.listen, ids.own]) {
			const row = rows(frame).find((r) => r.includes(shown(id)));
			expect(row, `no row shows ${id}:\n${frame}`).toBeDefined();
			expect(row, frame).toContain('✓');
			expect(row, frame).not.toContain('✗');
		}
	});
});
