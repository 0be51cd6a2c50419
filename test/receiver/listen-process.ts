/**
 * `mqtop listen` as the built program in a child process, with nothing of the test process's
 * MQTOP_* settings and a data directory of its own (its history goes there, and no local
 * server of this machine's user is found by accident).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { builtFile } from './built.js';

export interface Running {
	child: ChildProcessWithoutNullStreams;
	lines: string[];
	stderr: () => string;
	exit: Promise<number | null>;
}

/** A data directory of its own for each test file that asks. */
export function freshDataHome(): string {
	return mkdtempSync(path.join(tmpdir(), 'mqtop-listen-'));
}

const defaultHome = freshDataHome();

/** Runs `mqtop <args>`; `env` over a clean environment whose XDG_DATA_HOME is a fresh directory. */
export function runMqtop(args: string[], env: Record<string, string> = {}): Running {
	const clean = Object.fromEntries(
		Object.entries(process.env).filter(
			([name]) => !/^(MQTOP_|NO_COLOR|FORCE_COLOR|XDG_DATA_HOME)/.test(name),
		),
	);
	const child = spawn(process.execPath, [builtFile('cli/main.js'), ...args], {
		env: { ...clean, XDG_DATA_HOME: defaultHome, ...env },
	});
	const lines: string[] = [];
	createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
	let stderr = '';
	child.stderr.on('data', (chunk) => {
		stderr += chunk;
	});
	const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
	return { child, lines, stderr: () => stderr, exit };
}

export function listen(args: string[], env: Record<string, string> = {}): Running {
	return runMqtop(['listen', ...args], env);
}

export async function stop(running: Running, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
	running.child.kill(signal);
	const timeout = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
	try {
		return await running.exit;
	} finally {
		clearTimeout(timeout);
	}
}
