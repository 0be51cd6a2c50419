/**
 * Runs the built CLI as a child process, as a user or a script would, and starts
 * `mqtop serve --port 0 --json` as the service the commands talk to.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const mainJs = path.join(root, 'dist/cli/main.js');

export function assertBuilt(): void {
	if (!existsSync(mainJs))
		throw new Error(
			`${mainJs} is missing: run \`npm run build\` before these tests (they run the built CLI)`,
		);
}

export interface CliResult {
	code: number | null;
	stdout: string;
	stderr: string;
}

/**
 * A clean environment: nothing of the developer's own MQTOP_* settings, config or local
 * server's data leaks in (the data directory is the test's own).
 */
export function baseEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
	return {
		PATH: process.env.PATH ?? '',
		HOME: home,
		XDG_CONFIG_HOME: path.join(home, 'config'),
		XDG_DATA_HOME: path.join(home, 'data'),
		...extra,
	};
}

/** A command that runs until stopped (`--follow`, `--watch`): its output so far, and its end. */
export interface RunningCli {
	child: ChildProcess;
	stdout(): string;
	stderr(): string;
	exited: Promise<number | null>;
}

export function spawnCli(args: string[], env: Record<string, string>): RunningCli {
	const child = spawn(process.execPath, [mainJs, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
	let stdout = '';
	let stderr = '';
	child.stdout?.on('data', (chunk) => {
		stdout += chunk;
	});
	child.stderr?.on('data', (chunk) => {
		stderr += chunk;
	});
	const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
	return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

export function runCli(
	args: string[],
	options: {
		env: Record<string, string>;
		input?: string;
		timeoutMs?: number;
		/** Another user to run as (the test runs as root). */
		user?: { uid: number; gid: number };
	},
): Promise<CliResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [mainJs, ...args], {
			env: options.env,
			stdio: ['pipe', 'pipe', 'pipe'],
			...options.user,
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => {
			stdout += chunk;
		});
		child.stderr.on('data', (chunk) => {
			stderr += chunk;
		});
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(
				new Error(`mqtop ${args.join(' ')} did not finish in time; stdout: ${stdout}; stderr: ${stderr}`),
			);
		}, options.timeoutMs ?? 15_000);
		child.on('error', reject);
		child.on('close', (code) => {
			clearTimeout(timer);
			resolve({ code, stdout, stderr });
		});
		// Always end stdin, so a command that reads a piped body never waits for more.
		child.stdin.end(options.input ?? '');
	});
}

export interface Served {
	child: ChildProcess;
	info: Record<string, unknown>;
	/** What it wrote on stderr so far. */
	stderr(): string;
	stop(): Promise<void>;
}

/** Starts `mqtop serve --port 0 --json` and waits for the JSON line that says where it listens. */
export function startServe(env: Record<string, string>, extraArgs: string[] = []): Promise<Served> {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [mainJs, 'serve', '--port', '0', '--json', ...extraArgs], {
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let buffer = '';
		let stderr = '';
		const stop = () =>
			new Promise<void>((done) => {
				if (child.exitCode !== null || child.signalCode !== null) return done();
				child.once('exit', () => done());
				child.kill('SIGTERM');
			});
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(new Error(`mqtop serve printed no JSON line in time; stderr: ${stderr}`));
		}, 15_000);
		child.stderr?.on('data', (chunk) => {
			stderr += chunk;
		});
		child.stdout?.on('data', (chunk) => {
			buffer += chunk;
			const newline = buffer.indexOf('\n');
			if (newline === -1) return;
			clearTimeout(timer);
			try {
				resolve({ child, info: JSON.parse(buffer.slice(0, newline)), stderr: () => stderr, stop });
			} catch (error) {
				child.kill('SIGKILL');
				reject(new Error(`mqtop serve printed ${buffer.slice(0, newline)}: ${(error as Error).message}`));
			}
		});
		child.on('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`mqtop serve exited with ${code}; stderr: ${stderr}`));
		});
	});
}
