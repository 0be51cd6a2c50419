/** A terminal for benchmarks: a TTY-like stdin nobody types into and a stdout that counts and discards. */
import { PassThrough, Writable } from 'node:stream';

export interface FakeTerminal {
	stdin: NodeJS.ReadStream;
	stdout: NodeJS.WriteStream & {
		writes: number;
		onWrite?: () => void;
		/** Sees what each write carries (a frame, or part of one). */
		onChunk?: (chunk: string) => void;
	};
}

export function fakeTerminal(columns: number, rows: number): FakeTerminal {
	const stdin = Object.assign(new PassThrough(), {
		isTTY: true,
		setRawMode: () => stdin,
		ref: () => stdin,
		unref: () => stdin,
	}) as unknown as NodeJS.ReadStream;
	const stdout = Object.assign(
		new Writable({
			write(_chunk, _encoding, done) {
				stdout.writes++;
				stdout.onWrite?.();
				stdout.onChunk?.(String(_chunk));
				done();
			},
		}),
		{
			isTTY: true,
			columns,
			rows,
			writes: 0,
			onWrite: undefined as (() => void) | undefined,
			onChunk: undefined as ((chunk: string) => void) | undefined,
		},
	) as unknown as FakeTerminal['stdout'];
	return { stdin, stdout };
}
