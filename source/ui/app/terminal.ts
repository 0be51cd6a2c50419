/**
 * The alternate screen, entered once and restored exactly once: on quit, on Ctrl-C, on a
 * crash, on SIGTERM/SIGHUP/SIGINT and, as a last resort, on process exit.
 */
const enterAlternate = '\x1b[?1049h\x1b[H';
const leaveAlternate = '\x1b[?1049l';
const showCursor = '\x1b[?25h';

export interface ScreenGuard {
	restore(): void;
}

export function enterFullScreen(stdout: NodeJS.WriteStream, alternate: boolean): ScreenGuard {
	if (alternate) stdout.write(enterAlternate);
	let restored = false;
	const restore = () => {
		if (restored) return;
		restored = true;
		process.off('exit', restore);
		try {
			stdout.write(`${alternate ? leaveAlternate : ''}${showCursor}`);
		} catch {
			// stdout is gone (terminal closed): nothing left to restore.
		}
	};
	process.on('exit', restore);
	return { restore };
}
