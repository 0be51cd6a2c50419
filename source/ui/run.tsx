/**
 * `startTui`: the full-screen monitor. Builds the runtime (stores, scheduler, client), renders
 * it with a bounded frame rate on the alternate screen, and gives the terminal back however
 * the program ends. Process-level wiring (flags, local service) stays with the caller.
 */
import { render } from 'ink';
import { benchWithout } from '../config/bench-without.js';
import { Root } from './app/root.js';
import { createRuntime, type RuntimeOptions } from './app/runtime.js';
import { enterFullScreen } from './app/terminal.js';
import type { Runtime } from './contract/runtime.js';
import { type FrameCounts, frameCounts, installFrameComposer } from './ink/fast-output.js';
import { drawHeldFrame } from './ink/frame-now.js';
import { KeyDispatcher } from './keys/dispatcher.js';
import { applyStyleMode } from './theme/ink-styles.js';
import { makeTheme, styleMode } from './theme/theme.js';

export type { TuiConnection } from './contract/connection.js';

export interface TuiOptions extends RuntimeOptions {
	stdout?: NodeJS.WriteStream;
	stdin?: NodeJS.ReadStream;
	stderr?: NodeJS.WriteStream;
	/**
	 * Frames per second at most for what data changes draw; default 60. Data arrives coalesced
	 * (stores notify at most every 50 ms, busy panes every 200 ms). A key's frame is drawn at
	 * once, not at the next slot (ink/frame-now.ts).
	 */
	maxFps?: number;
	/** Draw on the alternate screen; default when stdout is a terminal. */
	alternateScreen?: boolean;
	/**
	 * Ends the process after SIGTERM/SIGINT/SIGHUP (code 128+signal) or a crash (70), once the terminal
	 * is restored; default process.exit.
	 */
	exit?: (code: number) => void;
	/** Route console output around the frame (Ink's patchConsole); default true. */
	patchConsole?: boolean;
	/** Called once the first frame is written (start-up timing). */
	onFirstFrame?: () => void;
	/** Called with the time each frame took to render (slow-frame tracking). */
	onFrame?: (renderMs: number) => void;
}

export interface TuiHandle {
	readonly runtime: Runtime;
	/** Resolves when the person quits (q or Ctrl-C); rejects when the UI crashed. The terminal is restored either way. */
	readonly exited: Promise<void>;
	/** Ends the monitor from outside. */
	stop(): void;
	/** Frames composed by mqtop's frame composer and left to Ink's own; undefined when it is not installed. */
	frames(): FrameCounts | undefined;
}

const signalNumbers = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
const signals = Object.keys(signalNumbers) as (keyof typeof signalNumbers)[];

export class NotATerminalError extends Error {
	override name = 'NotATerminalError';
}

export function startTui(options: TuiOptions): TuiHandle {
	const stdout = options.stdout ?? process.stdout;
	const stdin = options.stdin ?? process.stdin;
	if (!stdin.isTTY) {
		throw new NotATerminalError(
			'the monitor needs an interactive terminal; for scripts use the commands with --json',
		);
	}
	const exit = options.exit ?? ((code: number) => process.exit(code));
	const runtime = createRuntime(options);
	// Every frame is composed by our row joiner (Ink's own for what it does not know).
	if (!benchWithout('frame-composer', options.env ?? process.env)) installFrameComposer();
	// Styles as this terminal takes them, whatever CI variable the environment has.
	const mode = styleMode({ isTTY: stdout.isTTY, env: options.env ?? process.env });
	const restoreStyles = applyStyleMode(mode);
	const screen = enterFullScreen(stdout, options.alternateScreen ?? Boolean(stdout.isTTY));
	// Turning red rings the bell or notifies the desktop, when the config file asks for it.
	const stopNotify = runtime.health.onRed((firing) => {
		const sequence = runtime.health.options.notify.sequence(
			'mqtop: red',
			firing[0]?.reason ?? 'health is red',
		);
		if (sequence) stdout.write(sequence);
	});
	let first = true;
	// A key's frame is drawn once its keys are dispatched and React committed what they changed
	// (a microtask later), not at the frame-rate cap's next slot (ink/frame-now.ts).
	const dispatcher = new KeyDispatcher(() => queueMicrotask(() => drawHeldFrame(stdout)));
	const instance = render(<Root runtime={runtime} theme={makeTheme(mode)} dispatcher={dispatcher} />, {
		stdout,
		stdin,
		stderr: options.stderr ?? process.stderr,
		maxFps: options.maxFps ?? 60,
		exitOnCtrlC: true,
		patchConsole: options.patchConsole ?? true,
		onRender: ({ renderTime }) => {
			if (first) {
				first = false;
				options.onFirstFrame?.();
			}
			options.onFrame?.(renderTime);
		},
	});

	const shutdown = () => {
		stopNotify();
		runtime.dispose();
		instance.unmount();
		screen.restore();
		restoreStyles();
		for (const signal of signals) process.off(signal, onSignal);
		process.off('uncaughtException', onCrash);
		process.off('unhandledRejection', onCrash);
	};
	function onSignal(signal: NodeJS.Signals) {
		shutdown();
		exit(128 + (signalNumbers[signal as keyof typeof signalNumbers] ?? 15));
	}
	function onCrash(error: unknown) {
		shutdown();
		// A crash is a bug: the stack trace helps a report, but only when asked for.
		const detail =
			error instanceof Error ? (process.env.MQTOP_DEBUG ? error.stack : error.message) : String(error);
		(options.stderr ?? process.stderr).write(
			`mqtop crashed: ${detail}\n${process.env.MQTOP_DEBUG ? '' : 'Set MQTOP_DEBUG=1 to see the stack trace.\n'}`,
		);
		exit(70);
	}
	// Ctrl-C in the terminal arrives as a key (raw mode); SIGINT comes from elsewhere (kill -INT).
	for (const signal of signals) process.on(signal, onSignal);
	process.on('uncaughtException', onCrash);
	process.on('unhandledRejection', onCrash);

	const exited = instance.waitUntilExit().then(
		() => shutdown(),
		(error: unknown) => {
			shutdown();
			throw error;
		},
	);
	return { runtime, exited, stop: () => instance.unmount(), frames: frameCounts };
}
