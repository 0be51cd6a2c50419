/**
 * Child process of the TUI benchmark's start-up measure: loads the TUI the way `mqtop` does
 * (the bundle the build makes, dist/ui/run.bundle.js) and reports the milliseconds from
 * process start to its first frame. Only the client and the fake terminal are loaded first.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchClient, readConnection } from './connection.js';
import { fakeTerminal } from './fake-terminal.js';

const connection = readConnection();
const bundle = pathToFileURL(path.resolve('dist/ui/run.bundle.js')).href;
const { startTui } = (await import(bundle)) as typeof import('../source/ui/run.js');
const loadedMs = performance.now();
const terminal = fakeTerminal(200, 50);
const client = benchClient(connection);
const tui = startTui({
	client,
	connection: { embedded: true, accountId: connection.accountId },
	stdin: terminal.stdin,
	stdout: terminal.stdout,
	stderr: terminal.stdout,
	patchConsole: false,
	onFirstFrame: () => {
		const ms = performance.now();
		process.send?.({ ms, loadedMs }, () => {
			tui.stop();
			process.exit(0);
		});
	},
});
