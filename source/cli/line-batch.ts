/**
 * Lines written once per turn of the event loop rather than one write each: a burst of events
 * costs one write (one system call on a file or pipe) per turn, however many lines it makes.
 * Lines keep their order; flush() writes what is pending at once (before a summary, at exit).
 */
export class LineBatch {
	#lines: string[] = [];
	#scheduled: NodeJS.Immediate | undefined;

	/** `write` gets the pending lines joined, without the final newline (as Output.line takes them). */
	constructor(private readonly write: (text: string) => void) {}

	push(line: string): void {
		this.#lines.push(line);
		// After the I/O of this turn: every request read in it joins the same write.
		this.#scheduled ??= setImmediate(() => this.flush());
	}

	flush(): void {
		if (this.#scheduled) clearImmediate(this.#scheduled);
		this.#scheduled = undefined;
		if (this.#lines.length === 0) return;
		const text = this.#lines.join('\n');
		this.#lines = [];
		this.write(text);
	}
}
