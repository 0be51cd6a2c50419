/**
 * The Flow control pane against the embedded local service, with flow-controlled publishes to a
 * loopback destination that answers when the test says so: a key's wait list and its parallelism
 * against the maximum; a pause from the view holds deliveries until it is resumed from the view;
 * pin, reset and unpin, each request shown first; read-only mode sends nothing.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowController } from '../../../../source/ui/panes/flow/controller.js';
import { type Sink, startSink } from '../../../local/helpers.js';
import { waitUntil } from '../../../support/wait.js';
import {
	afterDelay,
	controllerOf,
	keyLine,
	keys,
	type Screen,
	type Session,
	selectKey,
	startSession,
} from '../../harness.js';

const flow = (screen: Screen) => controllerOf<FlowController>(screen, 'flow');

describe('Flow control pane', () => {
	let session: Session;
	let sink: Sink;
	/** Answers to /held wait here until the test lets them go. */
	const held: ServerResponse[] = [];
	let holding = true;

	beforeAll(async () => {
		sink = await startSink((request, _index, res) => {
			if (request.url === '/held' && holding) held.push(res);
			else res.end('ok');
		});
		session = await startSession({ columns: 160, rows: 45, pane: 'flow' });
	});
	afterAll(async () => {
		for (const res of held.splice(0)) res.end('ok');
		await session.close();
		await sink.close();
	});

	const arrivals = (path: string) => sink.received.filter((r) => r.url === path).length;

	it('pauses a key from the view: its deliveries wait until it is resumed from the view', async () => {
		const { screen, fixture } = session;
		for (let n = 1; n <= 3; n++)
			await fixture.client.publish({
				destination: `${sink.url}/held`,
				body: `job ${n}`,
				options: { flowControl: { key: 'tenant-a', parallelism: 1 } },
			});
		await waitUntil(() => (held.length === 1 ? true : undefined), 10_000, 'the first delivery');
		const listed = await screen.waitFor(
			(f) => (/tenant-a +active +2 .*█+ 1\/1/.test(f) ? f : undefined),
			'two waiting, one of one in flight',
		);
		expect(listed).toMatch(/global parallelism .*1\/1k/);
		await selectKey(screen, 'tenant-a', () => flow(screen).current()?.flowControlKey);
		await screen.press('p');
		const pause = await screen.waitFor(
			(f) => (f.includes('pause key tenant-a') ? f : undefined),
			'the request',
		);
		expect(pause).toContain('POST /v2/flowControl/tenant-a/pause');
		expect(pause).toContain('2 waiting messages stay');
		expect((await fixture.client.flowControl.get('tenant-a')).data.isPaused).toBe(false);
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('✓ done: paused key tenant-a'), 'paused');
		expect((await fixture.client.flowControl.get('tenant-a')).data.isPaused).toBe(true);

		// The delivery in flight ends; paused, the key starts no other.
		holding = false;
		for (const res of held.splice(0)) res.end('ok');
		await afterDelay(session.fixture.client, sink, 800);
		expect(arrivals('/held')).toBe(1);
		await screen.waitFor((f) => /tenant-a +paused +2 /.test(f), 'paused, two waiting');

		await screen.press('u');
		const resume = await screen.waitFor((f) => (f.includes('resume key tenant-a') ? f : undefined), 'resume');
		expect(resume).toContain('POST /v2/flowControl/tenant-a/resume');
		await screen.press('y');
		await waitUntil(() => (arrivals('/held') === 3 ? true : undefined), 10_000, 'the other two delivered');
		expect(sink.received.filter((r) => r.url === '/held').map((r) => r.body.toString())).toEqual([
			'job 1',
			'job 2',
			'job 3',
		]);
	});

	it('pins a parallelism, resets the rate and unpins, each shown first', async () => {
		const { screen, fixture } = session;
		await fixture.client.flowControl.pause('tenant-b');
		await screen.waitFor((f) => /tenant-b +paused/.test(f), 'a paused key listed');
		await selectKey(screen, 'tenant-b', () => flow(screen).current()?.flowControlKey);
		await screen.press('P');
		await screen.waitFor((f) => f.includes('Pin limits of key tenant-b'), 'the pin form');
		await screen.press('x', keys.enter);
		await screen.waitFor((f) => f.includes('a whole number from 1'), 'refused next to the field');
		await screen.press(keys.backspace, '3', keys.enter);
		const pin = await screen.waitFor(
			(f) => (f.includes('pin parallelism 3 on key tenant-b') ? f : undefined),
			'pin',
		);
		expect(pin).toContain('POST /v2/flowControl/tenant-b/pin?parallelism=3');
		await screen.press(keys.enter);
		await screen.waitFor((f) => /tenant-b +paused .*0\/3 pinned/.test(f), 'pinned');
		expect((await fixture.client.flowControl.get('tenant-b')).data).toMatchObject({
			parallelismMax: 3,
			isPinnedParallelism: true,
		});

		await screen.press('z');
		const reset = await screen.waitFor(
			(f) => (f.includes('reset the rate of key tenant-b') ? f : undefined),
			'z',
		);
		expect(reset).toContain('POST /v2/flowControl/tenant-b/resetRate');
		await screen.press('y');
		await screen.waitFor((f) => f.includes('✓ done: reset the rate of key tenant-b'), 'reset');

		await screen.press('U');
		await screen.waitFor((f) => /unpin +both +\[parallelism\] +rate/.test(f), 'the pinned one chosen');
		await screen.press(keys.enter);
		const unpin = await screen.waitFor(
			(f) => (f.includes('unpin the parallelism of key tenant-b') ? f : undefined),
			'unpin',
		);
		expect(unpin).toContain('POST /v2/flowControl/tenant-b/unpin?parallelism=true&rate=false');
		await screen.press('y');
		await screen.waitFor((f) => f.includes('✓ done: unpinned the parallelism of key tenant-b'), 'unpinned');
		expect((await fixture.client.flowControl.get('tenant-b')).data.isPinnedParallelism).toBe(false);
	});
});

describe('Flow control pane, read-only', () => {
	it('shows the keys and sends nothing', async () => {
		const session = await startSession({ columns: 160, rows: 45, pane: 'flow', readOnly: true });
		try {
			const { screen, fixture } = session;
			await fixture.client.flowControl.pause('kept');
			// A key is any text: one that carries a terminal escape is shown escaped.
			await fixture.client.flowControl.pause('evil\x1b]0;owned\x07');
			const listed = await screen.waitFor(
				(f) => (/kept +paused/.test(f) && /evil\\x1b\]0;owned\\x07 +paused/.test(f) ? f : undefined),
				'both listed, the escape shown escaped',
			);
			expect(screen.rawFrame()).not.toContain('\x1b]0;owned');
			expect(keyLine(listed)).toContain('p/u/P/U/z read-only');
			await screen.press('u');
			await screen.waitFor((f) => f.includes('read-only: resuming flow-control keys is disabled'), 'u');
			await screen.press('P');
			await screen.waitFor((f) => f.includes('read-only: pinning limits is disabled'), 'P');
			expect((await fixture.client.flowControl.get('kept')).data.isPaused).toBe(true);
		} finally {
			await session.close();
		}
	});
});
