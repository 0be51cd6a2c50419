#!/usr/bin/env node
import { existsSync, readFileSync } from 'node:fs';
import nodeModule from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ReceiverThread } from '../receiver/index.js';
import { type Command, exitCodes } from './command.js';

// From Node 22.1 V8's compiled code of the modules loaded from here on is kept between runs (in
// the system's temporary directory): the next start skips most of the compiling. Node 20 has no
// such cache and starts without one.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

/** The version of the installed package (package.json ships beside `dist/`). */
function version(): string {
	const file = new URL('../../package.json', import.meta.url);
	return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The top help: the monitor with every flag of its own, then the commands. */
async function usage(commands: Command[]): Promise<string> {
	const [{ formatFlagHelp }, { monitorFlags }] = await Promise.all([
		import('./args.js'),
		import('./monitor-flags.js'),
	]);
	const width = Math.max(8, ...commands.map((c) => c.name.length));
	const list = commands.map((c) => `  mqtop ${c.name.padEnd(width)}  ${c.summary}`).join('\n');
	return `mqtop: a terminal monitor for the message-queue, workflow and vector-search service

Usage
  mqtop [flags]
        the full-screen monitor; with nothing configured it runs on the embedded local service
${list}
  mqtop --version

Monitor flags (\`mqtop --demo --help\` adds the connection flags, --profile <name> among them)
${formatFlagHelp(monitorFlags).join('\n')}

Run \`mqtop <command> --help\` for the flags of a command.
`;
}

/** The receiver's thread, or none when it cannot start: the monitor then starts one when it needs it, and says what is wrong. */
async function startReceiverThread(): Promise<ReceiverThread | undefined> {
	try {
		// The one import past the receiver's index.ts: this runs before the monitor's bundle, from
		// dist/ as it is, where the index and the modules it loads (zod among them) would cost the
		// first frame far more than the thread's own small module does.
		// biome-ignore lint/style/noRestrictedImports: the monitor's thread starts before its bundle loads
		const { ReceiverThread } = await import('../receiver/worker-thread.js');
		return new ReceiverThread();
	} catch {
		return undefined;
	}
}

async function main(argv: string[]): Promise<number> {
	// `ps` and `top` show mqtop, for every command (meow did so only where it parsed a flag).
	process.title = 'mqtop';
	const [first, ...rest] = argv;
	if (first === '--version' || first === '-v' || first === 'version') {
		process.stdout.write(
			`${rest.includes('--json') ? JSON.stringify({ version: version() }) : `mqtop ${version()}`}\n`,
		);
		return exitCodes.ok;
	}
	const isHelp = first === 'help' || first === '--help' || first === '-h';
	if (!isHelp && (first === undefined || first.startsWith('-'))) {
		// The monitor loads only what it uses, in one file when the build bundled it, so that its
		// first frame comes quickly. Its receiver's thread comes up meanwhile (receiver/worker-thread.ts).
		const receiverThread = await startReceiverThread();
		const bundle = new URL('./monitor.bundle.js', import.meta.url);
		const { monitorCommandWith } = (
			existsSync(fileURLToPath(bundle)) ? await import(bundle.href) : await import('./monitor.js')
		) as typeof import('./monitor.js');
		return monitorCommandWith({ receiverThread }).run(argv);
	}
	const { commands } = await import('./commands/index.js');
	const command = commands.find((c) => c.name === first);
	if (command) return command.run(rest);
	if (isHelp) {
		process.stdout.write(await usage(commands));
		return exitCodes.ok;
	}
	const message = `unknown command ${JSON.stringify(first)}`;
	const { formatFailure, wantsJson } = await import('./failure.js');
	process.stderr.write(
		wantsJson(argv)
			? formatFailure({ code: exitCodes.usage, message, hint: 'run: mqtop --help' }, true)
			: `mqtop: ${message}\n\n${await usage(commands)}`,
	);
	return exitCodes.usage;
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
	async (error: unknown) => {
		// Loaded only now: the monitor's first frame should not wait for what a crash needs.
		const { describeFailure, formatFailure, wantsJson } = await import('./failure.js');
		const failure = describeFailure(error);
		process.stderr.write(formatFailure(failure, wantsJson(process.argv.slice(2))));
		process.exitCode = failure.code;
	},
);
