/**
 * What a command may touch of the process: streams, environment, platform. Passed in rather
 * than read from `process`, so helpers stay testable and commands never reach around it.
 */
import { homedir } from 'node:os';

export interface Io {
	stdout: NodeJS.WritableStream & { isTTY?: boolean };
	stderr: NodeJS.WritableStream;
	stdin: NodeJS.ReadableStream & { isTTY?: boolean; fd?: number };
	env: Readonly<Record<string, string | undefined>>;
	platform: NodeJS.Platform;
	homedir: string;
	cwd: string;
	/** The flag that already read standard input (a secret), which then holds nothing else. */
	stdinTakenBy?: string;
}

export function processIo(): Io {
	return {
		stdout: process.stdout,
		stderr: process.stderr,
		stdin: process.stdin,
		env: process.env,
		platform: process.platform,
		homedir: homedir(),
		cwd: process.cwd(),
	};
}
