/** Reading a file argument or standard input (`-`), with errors that name what was read. */
import { fstatSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from './args.js';
import type { Io } from './io.js';

export async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
	return Buffer.concat(chunks);
}

/** The bytes of `file`, or of stdin for `-`; `flag` names the argument in errors. */
export async function readInput(
	file: string,
	io: Pick<Io, 'stdin' | 'cwd' | 'stdinTakenBy'>,
	flag: string,
): Promise<Buffer> {
	if (file === '-') {
		if (io.stdinTakenBy)
			throw new UsageError(`${flag}: standard input is already read by ${io.stdinTakenBy}; use a file`);
		return readStream(io.stdin);
	}
	try {
		return await readFile(path.resolve(io.cwd, file));
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		throw new UsageError(`${flag}: cannot read ${file}: ${code ?? (error as Error).message}`);
	}
}

/**
 * True when stdin is a pipe or a redirected file: then it carries data for us. A terminal, or
 * nothing at all, does not (reading it would wait for someone to type).
 */
export function stdinHasData(io: Pick<Io, 'stdin' | 'stdinTakenBy'>): boolean {
	if (io.stdin.isTTY || io.stdinTakenBy) return false;
	try {
		const stat = fstatSync(io.stdin.fd ?? 0);
		return stat.isFIFO() || stat.isFile() || stat.isSocket();
	} catch {
		return false;
	}
}
