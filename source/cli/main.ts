#!/usr/bin/env node
import { exitCodes } from './command.js';
import { commands } from './commands/index.js';

function usage(): string {
	const width = Math.max(8, ...commands.map((c) => c.name.length));
	const list = commands.map((c) => `  mqtop ${c.name.padEnd(width)}  ${c.summary}`).join('\n');
	return `mqtop: a terminal monitor for the message-queue, workflow and vector-search service

Usage
  mqtop [--demo]          full-screen monitor (the embedded local service when nothing is configured)
${list}

Run \`mqtop <command> --help\` for the flags of a command.
`;
}

async function main(argv: string[]): Promise<number> {
	const [first, ...rest] = argv;
	const command = commands.find((c) => c.name === first);
	if (command) return command.run(rest);
	if (first === 'help' || first === '--help' || first === '-h') {
		process.stdout.write(usage());
		return exitCodes.ok;
	}
	if (first !== undefined && !first.startsWith('-')) {
		process.stderr.write(`mqtop: unknown command ${JSON.stringify(first)}\n\n${usage()}`);
		return exitCodes.usage;
	}
	// The TUI is not built yet; until it is, the monitor entry point shows what exists.
	process.stdout.write(usage());
	return exitCodes.ok;
}

// `mqtop users --json | head -1` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
	if (error.code === 'EPIPE') process.exit(exitCodes.ok);
	throw error;
});

main(process.argv.slice(2)).then(
	(code) => {
		process.exitCode = code;
	},
	(error: unknown) => {
		process.stderr.write(`mqtop: ${error instanceof Error ? error.message : String(error)}\n`);
		process.exitCode = 1;
	},
);
