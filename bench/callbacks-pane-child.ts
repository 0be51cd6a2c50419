/**
 * Child process of the Callbacks pane benchmark: the monitor as `mqtop` runs it (the TUI bundle
 * the build makes, a receiver in a worker thread) on a fake 160x45 terminal, showing the
 * Callbacks pane. On request it presses keys and times each until the frame showing its effect
 * is written:
 * - `jk`: j from the newest row (g first, untimed), until the first frame written under the UI
 *   state the key made (the list must hold a few requests: the parent sends some first);
 * - `panes`: 5 and 6 in turn, until a frame of the other pane (checked by its text) is written.
 * It also reports how long Ink took to render each frame meanwhile (the floor under every key).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startReceiverInWorker } from '../source/receiver/worker.js';
import { bundledStartTui } from './bundled-tui.js';
import { benchClient, readConnection } from './connection.js';
import { fakeTerminal } from './fake-terminal.js';
import { type ThreadCpu, threadCpuBetween, threadCpuMicros } from './thread-cpu.js';

export type Mode = 'jk' | 'panes';
export type PaneRequest = { type: 'measure'; mode: Mode; presses: number } | { type: 'stop' };
export type PaneReply =
	| { type: 'ready'; receiverUrl: string }
	| { type: 'samples'; samples: number[]; renders: number[]; received: number; cpu: ThreadCpu }
	| { type: 'failed'; message: string };

const send = (reply: PaneReply) =>
	new Promise<void>((resolve) => (process.send ? process.send(reply, () => resolve()) : resolve()));

const connection = readConnection();
const startTui = await bundledStartTui();

const receiver = await startReceiverInWorker({
	currentSigningKey: connection.currentSigningKey,
	nextSigningKey: connection.nextSigningKey,
});
const terminal = fakeTerminal(160, 45);
const client = benchClient(connection);
let renders: number[] = [];
const tui = startTui({
	client,
	connection: { embedded: true, accountId: connection.accountId, receiverUrl: receiver.url },
	receiver: {
		url: receiver.url,
		store: receiver.store,
		currentSigningKey: connection.currentSigningKey,
		nextSigningKey: connection.nextSigningKey,
	},
	pane: 'callbacks',
	stdin: terminal.stdin,
	stdout: terminal.stdout,
	// A crash report goes where a person running the benchmark sees it.
	stderr: process.stderr,
	patchConsole: false,
	exit: (code) => process.exit(code),
	onFrame: (ms) => renders.push(ms),
	...(process.env.MQTOP_BENCH_MAX_FPS ? { maxFps: Number(process.env.MQTOP_BENCH_MAX_FPS) } : {}),
});
const { runtime } = tui;
/** What a key changes: the shell's state (pane, period) and the visible pane's own (selection). */
const uiState = () => {
	const shell = runtime.ui.getSnapshot();
	return { shell, pane: runtime.pane(shell.pane).store.getSnapshot() };
};
const unchanged = (before: ReturnType<typeof uiState>) => {
	const now = uiState();
	return now.shell === before.shell && now.pane === before.pane;
};
/** A key whose effect never shows is a failure of the benchmark, not a wait forever. */
const pressTimeoutMs = 10_000;
const sgr = /\x1b\[[0-9;]*m/g;

/** What a frame of each pane shows: the Messages pane's heading (`1 message followed` too), the receiver's line. */
const messagesPane = /\bmessages? followed\b/;
const callbacksPane = /Receiver http/;

/** The newest frame written (a write that carries text, not only a terminal mode). */
let lastFrame = '';
let waiter: ((chunk: string) => void) | undefined;
terminal.stdout.onChunk = (chunk) => {
	if (chunk.length > 100) lastFrame = chunk;
	waiter?.(chunk);
};

/**
 * Writes `key` to the terminal and resolves with the milliseconds until a frame that shows its
 * effect is written: under the UI state the key made, and matching `expect` when given.
 */
function press(key: string, expect?: RegExp): Promise<number> {
	return new Promise((resolve, reject) => {
		const writes = terminal.stdout.writes;
		const timer = setTimeout(() => {
			waiter = undefined;
			const state = unchanged(before) ? 'the UI state did not change' : 'the UI state changed';
			reject(
				new Error(
					`no frame showed the effect of ${JSON.stringify(key)} within ${pressTimeoutMs} ms (${state}; ${
						terminal.stdout.writes - writes
					} writes; ${receiver.store.getSnapshot().events.length} requests listed${
						expect ? `; no frame matched ${expect}, the last:\n${lastFrame.replace(sgr, '')}` : ''
					})`,
				),
			);
		}, pressTimeoutMs);
		// React re-renders inside the dispatch and Ink may write that frame at once, before any
		// later listener hears of the change: a frame reflects the key when the state it was
		// written under is no longer the state before the key.
		const before = uiState();
		const start = performance.now();
		waiter = (chunk) => {
			if (unchanged(before)) return;
			if (expect !== undefined && !expect.test(chunk.replace(sgr, ''))) return;
			waiter = undefined;
			clearTimeout(timer);
			resolve(performance.now() - start);
		};
		terminal.stdin.write(key);
	});
}

/** Resolves once a frame showing received requests is written (j needs rows to move over). */
async function listShown(): Promise<void> {
	// The source message id of a request the parent sent (the message column).
	const shown = () => lastFrame.replace(sgr, '').includes('msg_benchSource');
	const deadline = performance.now() + pressTimeoutMs;
	while (!shown() && performance.now() < deadline) await sleep(20);
	if (!shown())
		throw new Error(
			`the Callbacks pane never showed the requests received; its last frame:\n${lastFrame.replace(sgr, '')}`,
		);
}

async function measure(mode: Mode, presses: number): Promise<number[]> {
	await listShown();
	const samples: number[] = [];
	for (let i = 0; i < presses; i++) {
		if (mode === 'jk') {
			// From the newest row j always moves the highlight (k back up might not: under a flood
			// the row it left can be gone from the list, so nothing on screen changes). g returns
			// to the newest first, untimed.
			terminal.stdin.write('g');
			await sleep(30);
			samples.push(await press('j'));
		} else samples.push(await press(i % 2 === 0 ? '5' : '6', i % 2 === 0 ? messagesPane : callbacksPane));
		// A person's pace, varied so presses fall anywhere between frames.
		await sleep(40 + ((i * 37) % 60));
	}
	if (mode === 'panes' && presses % 2 === 1) await press('6', callbacksPane);
	return samples;
}

process.on('message', async (request: PaneRequest) => {
	if (request.type === 'measure') {
		const before = receiver.store.getSnapshot().counters.total;
		const cpuBefore = threadCpuMicros();
		renders = [];
		try {
			const samples = await measure(request.mode, request.presses);
			await send({
				type: 'samples',
				samples,
				renders,
				received: receiver.store.getSnapshot().counters.total - before,
				cpu: threadCpuBetween(cpuBefore, threadCpuMicros()),
			});
		} catch (error) {
			await send({ type: 'failed', message: (error as Error).message });
		}
	} else {
		tui.stop();
		await receiver.close();
		process.exit(0);
	}
});

// Let the first frames and polls settle before the parent starts measuring.
await sleep(500);
await send({ type: 'ready', receiverUrl: receiver.url });
