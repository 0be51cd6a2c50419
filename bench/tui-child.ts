/**
 * Child process of the TUI benchmark (run by bench/tui.ts through fork). Modes:
 * - `idle <window> <settle> <steady>` (milliseconds): runs the bundled TUI polling every 2 s and reports the CPU it used and the frames it
 *   drew over two windows: while the live charts fill, and once they are full;
 * - `sleep`: the same window doing nothing, the CPU baseline;
 * - `frames [count] [warmup]`: times Overview frames at 200x50 of the bundled TUI, as `mqtop` draws them: on real
 *   30d statistics, then with the multi-row live charts full and moving (a history of the
 *   delivery logs read back, then one answer of the logs per frame); for reference, the 30d
 *   frames of the unbundled sources, composed by our row joiner and by Ink's own; and a plain
 *   Text baseline.
 * The local service runs in the parent, so only the TUI's own work is counted here.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { render, Text } from 'ink';
import { createElement, useSyncExternalStore } from 'react';
import { Root } from '../source/ui/app/root.js';
import { createRuntime } from '../source/ui/app/runtime.js';
import type { Runtime } from '../source/ui/contract/runtime.js';
import { liveLogsEndpoint } from '../source/ui/data/live/endpoints.js';
import type { SlimLog } from '../source/ui/data/live/log-window.js';
import { Store } from '../source/ui/data/store.js';
import { installFrameComposer, stockOutputGet } from '../source/ui/ink/fast-output.js';
import InkOutput from '../source/ui/ink/ink-output.js';
import { mqStatsEndpoint, type UsageStats } from '../source/ui/panes/overview/endpoints.js';
import type { TuiOptions } from '../source/ui/run.js';
import { bundledStartTui } from './bundled-tui.js';
import { benchClient, readConnection } from './connection.js';
import { type FakeTerminal, fakeTerminal } from './fake-terminal.js';

const mode = process.argv[2];
const windowMs = Number(process.argv[3] ?? 30_000);
const settleMs = Number(process.argv[4] ?? 10_000);
const report = (message: object) =>
	new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));

let renders = 0;

/** Times frames: each applies `update` and waits for the frame it causes to be written. */
async function timeFrames(stdout: FakeTerminal['stdout'], count: number, update: (i: number) => void) {
	const samples: number[] = [];
	for (let i = 0; i < count; i++) {
		const written = new Promise<void>((resolve) => {
			stdout.onWrite = resolve;
		});
		const start = performance.now();
		update(i);
		await written;
		samples.push(performance.now() - start);
	}
	stdout.onWrite = undefined;
	return samples;
}

async function frames(): Promise<void> {
	const connection = readConnection();
	const client = benchClient(connection);
	// `frames [count] [warmup]`: fewer for a quick check that it runs.
	const count = Number(process.argv[3] ?? 400);
	const warmup = Number(process.argv[4] ?? 40);
	// A real snapshot, and the same with one more request today and one more dead letter: every
	// frame has new data to draw (the poll store keeps an equal answer's data, and the Overview
	// draws nothing new for it).
	const { data: a } = await client.management.mqStats(connection.accountId, '30d');
	const b = structuredClone(a);
	b.dlq_message_count = (b.dlq_message_count ?? 0) + 1;
	const today = b.daily_used?.at(-1);
	if (today) today.y = (today.y ?? 0) + 1;
	const params = mqStatsEndpoint.params({ accountId: connection.accountId, period: '30d' });
	const feedOf = (runtime: Runtime) => (i: number) =>
		runtime.polls.succeeded(mqStatsEndpoint, params, i % 2 ? a : b, Date.now());

	const overview = await bundledOverviewFrames(feedOf, count, warmup);

	// For reference, the unbundled sources' Overview, composed by our row joiner and by Ink's own
	// Output.get: what the composer saves. Fed as the scheduler feeds it (the scheduler is stopped).
	const runtime = createRuntime({
		client,
		connection: { embedded: true, accountId: connection.accountId },
		coalesceMs: 0,
	});
	runtime.scheduler.stop();
	for (let i = 0; i < 6; i++) runtime.ui.dispatch({ type: 'period/longer' });
	installFrameComposer();
	const options = { debug: true, patchConsole: false, exitOnCtrlC: false };
	const sourceFrames = async () => {
		const terminal = fakeTerminal(200, 50);
		const app = render(createElement(Root, { runtime }), { ...options, ...terminal });
		const samples = (await timeFrames(terminal.stdout, count + warmup, feedOf(runtime))).slice(warmup);
		app.unmount();
		return samples;
	};
	const sources = await sourceFrames();
	const prototype = InkOutput.prototype as { get: unknown };
	const ours = prototype.get;
	prototype.get = stockOutputGet;
	const inkComposed = await sourceFrames();
	prototype.get = ours;
	runtime.dispose();
	const live = await liveFrames(a, b, count, warmup);

	// Baseline: one Text of the same size, replaced on every frame.
	const text = new Store('');
	const screens = ['a', 'b'].map((ch) => Array.from({ length: 49 }, () => ch.repeat(200)).join('\n'));
	const Plain = () => createElement(Text, null, useSyncExternalStore(text.subscribe, text.getSnapshot));
	const plainTerminal = fakeTerminal(200, 50);
	const plain = render(createElement(Plain), { ...options, ...plainTerminal });
	const baseline = (
		await timeFrames(plainTerminal.stdout, count + warmup, (i) => text.set(screens[i % 2]!))
	).slice(warmup);
	plain.unmount();
	await report({ overview, sources, inkComposed, live, plain: baseline, points: a.daily_used?.length ?? 0 });
	process.exit(0);
}

/**
 * The bundle's TUI as `mqtop` runs it (its Ink built with the bundle's changes, text measured by
 * ui/ink/cell-width) at 200x50 on the benchmark's service, with `options` besides.
 */
async function bundledTui(options: Partial<TuiOptions> = {}) {
	const connection = readConnection();
	const terminal = fakeTerminal(200, 50);
	const startBundled = await bundledStartTui();
	const tui = startBundled({
		client: benchClient(connection),
		connection: { embedded: true, accountId: connection.accountId },
		stdin: terminal.stdin,
		stdout: terminal.stdout,
		stderr: terminal.stdout,
		patchConsole: false,
		...options,
	});
	const stop = async () => {
		tui.stop();
		await tui.exited;
	};
	return { runtime: tui.runtime, terminal, stop };
}

/**
 * bundledTui for the frame measures: its scheduler stopped, as they feed its poll store as the
 * scheduler would, and frames not held back for the frame rate (maxFps), so each is timed from
 * the answer to its write.
 */
async function fedTui(refreshMs?: number) {
	const tui = await bundledTui({
		coalesceMs: 0,
		maxFps: 1000,
		alternateScreen: false,
		...(refreshMs ? { refreshMs } : {}),
	});
	tui.runtime.scheduler.stop();
	return tui;
}

/** Overview frames on real 30d statistics, new data in every frame. */
async function bundledOverviewFrames(
	feedOf: (runtime: Runtime) => (i: number) => void,
	count: number,
	warmup: number,
) {
	const { runtime, terminal, stop } = await fedTui();
	for (let i = 0; i < 6; i++) runtime.ui.dispatch({ type: 'period/longer' });
	let frame = '';
	terminal.stdout.onChunk = (chunk) => {
		if (chunk.includes('Period series')) frame = chunk;
	};
	const samples = (await timeFrames(terminal.stdout, count + warmup, feedOf(runtime))).slice(warmup);
	await stop();
	// Timing an Overview that did not draw the statistics would be a figure of nothing.
	if (!frame.includes('period 30d')) throw new Error('the Overview did not draw the 30d statistics');
	return samples;
}

/** Entries of the delivery logs in (from, to]: a few a second, some retried, now and then a failure. */
function entries(from: number, to: number, seed: number): SlimLog[] {
	const logs: SlimLog[] = [];
	const every = 150 + (seed % 7) * 60;
	for (let t = to, n = 0; t > from; t -= every, n++) {
		const state = n % 11 === 3 ? 'RETRY' : n % 29 === 5 ? 'FAILED' : n % 2 ? 'CREATED' : 'DELIVERED';
		const url = `http://127.0.0.1:9/hook-${n % 3}`;
		logs.push({
			time: t,
			messageId: `msg_${seed}_${n}`,
			state,
			url,
			status: state === 'DELIVERED' ? 200 : 500,
		});
	}
	return logs;
}

/**
 * The Overview with its live charts full (five minutes of the logs read back at the first poll)
 * and moving: each frame is one more answer of the delivery logs, as the scheduler gives them.
 */
async function liveFrames(a: UsageStats, b: UsageStats, count: number, warmup: number): Promise<number[]> {
	const connection = readConnection();
	const refreshMs = 2000;
	const { runtime, terminal, stop } = await fedTui(refreshMs);
	const stats = mqStatsEndpoint.params({ accountId: connection.accountId, period: '1h' });
	const start = Date.now() - (count + warmup) * refreshMs;
	runtime.polls.succeeded(mqStatsEndpoint, stats, a, start - refreshMs);
	runtime.polls.succeeded(mqStatsEndpoint, stats, b, start);
	const answer = (logs: SlimLog[], at: number, from?: number) =>
		runtime.polls.succeeded(
			liveLogsEndpoint,
			'since last poll',
			{
				listed: true,
				data: { since: runtime.live.since(), logs, complete: true, ...(from ? { from } : {}) },
			},
			at,
		);
	answer(entries(start - 5 * 60_000, start, 0), start, start - 5 * 60_000);
	const feed = (i: number) => {
		const to = start + (i + 1) * refreshMs;
		answer(entries(to - refreshMs, to, i + 1), to);
	};
	let frame = '';
	terminal.stdout.onChunk = (chunk) => {
		if (chunk.includes('Live')) frame = chunk;
	};
	const samples = (await timeFrames(terminal.stdout, count + warmup, feed)).slice(warmup);
	await stop();
	// Timing charts that were not drawn would be a figure of nothing.
	const drawn = frame.replace(/\x1b\[[0-9;]*m/g, '');
	if (!/[1-9][\d.]*\/s┤/.test(drawn) || !/delivered/.test(drawn))
		throw new Error('the live charts were not drawn with data');
	return samples;
}

if (mode === 'frames') {
	await frames();
} else if (mode === 'idle' || mode === 'sleep') {
	// Two windows: from `settleMs` after the first frame, while the live charts still fill (a
	// column a poll, so a frame a poll), and from `steadyMs`, once they are full: the monitor left
	// on screen, which draws only what changes.
	const steadyMs = Number(process.argv[5] ?? settleMs);
	let firstFrame: () => void = () => {};
	const shown = new Promise<void>((resolve) => {
		firstFrame = resolve;
	});
	const tui =
		mode === 'idle'
			? await bundledTui({
					refreshMs: 2000,
					onFirstFrame: () => firstFrame(),
					onFrame: () => {
						renders++;
					},
				})
			: undefined;
	if (!tui) firstFrame();
	await shown;
	const shownAt = performance.now();
	const measure = async (fromMs: number) => {
		await sleep(Math.max(0, shownAt + fromMs - performance.now()));
		const before = process.cpuUsage();
		const rendersBefore = renders;
		const openedAt = performance.now();
		await sleep(windowMs);
		const used = process.cpuUsage(before);
		return {
			cpuMs: (used.user + used.system) / 1000,
			wallMs: performance.now() - openedAt,
			frames: renders - rendersBefore,
		};
	};
	const filling = await measure(settleMs);
	const steady = await measure(steadyMs);
	await report({ ...steady, filling });
	await tui?.stop();
	process.exit(0);
}
