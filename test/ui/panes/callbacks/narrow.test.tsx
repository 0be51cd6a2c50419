/**
 * The Callbacks rows of the monitor's receiver and of the `mqtop listen` it follows, together,
 * at 80x24 and 200x50 (issue 38): listen's rows show their message id, every row its time to
 * the millisecond, and a failure callback its whole dead letter id, even beside a rejected
 * request (the widest verdict).
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
import { callbackBody, currentKey, nextKey, send, sendSigned } from '../../../receiver/helpers.js';
import { listen, type Running, stop } from '../../../receiver/listen-process.js';
import { waitUntil } from '../../../support/wait.js';
import { keyLine, mountTui, type Screen } from '../../harness.js';

let dataDir: string;
let fixture: Fixture;
let receiver: ReceiverHandle;
let follower: HistoryFollower;
let running: Running;
let screen: Screen;

const dlqId = '1795932288280-10';
const failedId = 'msg_ElbmdJZ70o0lgsJ4k73p32T9fo';
const deliveredId = 'msg_PckEebsREJpq5BQmXVVnyCNzrd';

beforeAll(async () => {
	dataDir = await mkdtemp(path.join(tmpdir(), 'mqtop-narrow-tui-'));
	fixture = await startFixture({ currentSigningKey: currentKey, nextSigningKey: nextKey });
	running = listen(['--json', '--current-signing-key', currentKey, '--data-dir', dataDir]);
	const first = await waitUntil(
		() => running.lines[0],
		15_000,
		() => `no listening line: ${running.stderr()}`,
	);
	const listenUrl = (JSON.parse(first) as { listening: string }).listening;
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
	const ok = async (sent: Promise<{ status: number }>) => expect((await sent).status).toBe(200);
	// To listen: a delivery (its message id in the header), its callback, a failure callback.
	await ok(sendSigned(listenUrl, '/orders', '{"order":1}', { headers: { 'Svc-Message-Id': deliveredId } }));
	await ok(
		sendSigned(
			listenUrl,
			'/cb',
			JSON.stringify(callbackBody({ status: 200, retried: 0, sourceMessageId: deliveredId })),
		),
	);
	await ok(
		sendSigned(
			listenUrl,
			'/fail',
			JSON.stringify(callbackBody({ retried: 3, maxRetries: 3, dlqId, sourceMessageId: failedId })),
		),
	);
	// To the monitor's own receiver: one it rejects.
	expect((await send(`${receiver.url}/forged`, { body: JSON.stringify(callbackBody()) })).status).toBe(401);
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

describe.each([
	[80, 24],
	[200, 50],
])('the Callbacks rows of listen and the monitor at %ix%i', (columns, lines) => {
	it('keep the milliseconds, listen’s message ids and the whole dead letter id', async () => {
		screen.resize(columns, lines);
		// The key line fills the width: drawn at this width when it is as long as it can be there.
		const drawnAt = (f: string) => (columns > 80 ? keyLine(f).length > 80 : keyLine(f).length <= 80);
		const frame = await screen.waitFor(
			(f) => (drawnAt(f) && rows(f).length === 4 ? f : undefined),
			'the four rows at this width',
		);
		const shown = rows(frame);
		for (const row of shown) {
			expect(row, frame).toMatch(/^[ ›] \d\d:\d\d:\d\d\.\d{3} /);
			expect([...row].length).toBeLessThanOrEqual(columns);
		}
		const [forged, failure, callback, delivery] = shown;
		expect(forged, frame).toContain('✗');
		expect(failure, frame).toContain(`dlq ${dlqId}`);
		// Listen's rows say which message they are about, the delivery too.
		const start = columns > 100 ? failedId : failedId.slice(0, 15);
		expect(failure, frame).toContain(start);
		for (const row of [callback, delivery])
			expect(row, frame).toContain(columns > 100 ? deliveredId : deliveredId.slice(0, 15));
	});
});
