/** A scriptable command: `mqtop <name> ...`. */
export interface Command {
	name: string;
	/** One line for the command list. */
	summary: string;
	/** Runs with the arguments after the command name; resolves to the exit code. */
	run(argv: string[]): Promise<number>;
}

/** Exit codes that say what happened (issue: scriptable commands). */
export const exitCodes = { ok: 0, refused: 1, usage: 2, unreachable: 3 } as const;
