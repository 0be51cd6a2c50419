/** A terminal as Ink sees it, for startTui in tests: a TTY stdin typed into and a TTY stdout read back. */
import { PassThrough, Writable } from 'node:stream';

export interface FakeTerminal {
	stdin: NodeJS.ReadStream & PassThrough;
	stdout: NodeJS.WriteStream;
	/** Everything written so far, escape sequences included. */
	output(): string;
}

export function fakeTerminal(columns = 100, rows = 30): FakeTerminal {
	const stdin = Object.assign(new PassThrough(), {
		isTTY: true,
		setRawMode() {
			return stdin;
		},
		ref() {
			return stdin;
		},
		unref() {
			return stdin;
		},
	}) as unknown as NodeJS.ReadStream & PassThrough;
	let output = '';
	const stdout = Object.assign(
		new Writable({
			write(chunk, _encoding, done) {
				output += String(chunk);
				done();
			},
		}),
		{ isTTY: true, columns, rows },
	) as unknown as NodeJS.WriteStream;
	return { stdin, stdout, output: () => output };
}
