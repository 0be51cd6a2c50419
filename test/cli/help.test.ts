/**
 * The CLI's help and usage errors, byte for byte: the built CLI as a child process, each
 * `--help` held in a snapshot file of its own under help-snapshots/, and a few bad invocations
 * (their stderr and exit code) in one file. The commands and subcommands are found from the
 * help itself, so a new one is held as soon as it is listed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertBuilt, baseEnv, type CliResult, runCli } from './child.js';

// Some sixty node processes, three at a time, on a loaded two-core machine.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 60_000 });

const snapshots = path.join(import.meta.dirname, 'help-snapshots');
let home: string;

beforeAll(async () => {
	assertBuilt();
	home = await mkdtemp(path.join(tmpdir(), 'mqtop-help-'));
});

afterAll(async () => {
	await rm(home, { recursive: true, force: true });
});

function cli(args: string[]): Promise<CliResult> {
	return runCli(args, { env: baseEnv(home), timeoutMs: 30_000 });
}

/** What a user sees: both streams and the exit code, in one text. */
function transcript(args: string[], result: CliResult): string {
	return [
		`$ mqtop ${args.join(' ')}`,
		`exit ${result.code}`,
		'--- stdout',
		result.stdout,
		'--- stderr',
		result.stderr,
	].join('\n');
}

/** The names after `mqtop` in the listing of a help text (the one after "Usage"), e.g. `stats mq`. */
function listed(help: string): string[] {
	const listing = help.split('\n\n').find((paragraph) => paragraph.startsWith('Usage')) ?? '';
	return [...listing.matchAll(/^ {2}mqtop ([a-z][\w-]*(?: [a-z][\w-]*)?)/gm)].map((m) => m[1] ?? '');
}

/** Runs a few at a time: each is a node process that starts, prints and exits. */
async function runAll(invocations: string[][]): Promise<CliResult[]> {
	const results: CliResult[] = [];
	for (let i = 0; i < invocations.length; i += 3)
		results.push(...(await Promise.all(invocations.slice(i, i + 3).map((args) => cli(args)))));
	return results;
}

async function expectHelp(names: string[]): Promise<CliResult[]> {
	const results = await runAll(names.map((name) => [...name.split(' '), '--help']));
	for (const [i, name] of names.entries()) {
		const help = results[i] as CliResult;
		expect(help.code, name).toBe(0);
		expect(help.stderr, name).toBe('');
		await expect(help.stdout).toMatchFileSnapshot(path.join(snapshots, `${name.replace(' ', '-')}.txt`));
	}
	return results;
}

describe('--help of every command', () => {
	it('prints the same text as before for mqtop, each command and each subcommand', async () => {
		const top = await cli(['--help']);
		expect(top.code).toBe(0);
		await expect(top.stdout).toMatchFileSnapshot(path.join(snapshots, 'mqtop.txt'));

		const commands = listed(top.stdout);
		expect(commands).toContain('publish');
		expect(commands).toContain('group');
		const helps = await expectHelp(commands);
		// A command with subcommands lists them; a command's own help lists nothing after "Usage".
		const subcommands = helps.flatMap((help, i) =>
			listed(help.stdout).filter((name) => name.startsWith(`${commands[i]} `)),
		);
		expect(subcommands).toContain('group ls');
		expect(subcommands).toContain('stats mq');
		await expectHelp(subcommands);
	});

	it("prints the monitor's own help after one of its flags", async () => {
		const help = await cli(['--read-only', '--help']);
		expect(help.code).toBe(0);
		await expect(help.stdout).toMatchFileSnapshot(path.join(snapshots, 'monitor.txt'));
	});
});

/** Each is refused before anything connects, so no service is needed. */
const badInvocations: string[][] = [
	['users', '--nope'],
	['users', '-x'],
	['users', '--json', '--nope'],
	['users', '--json=yes'],
	['users', '--json', 'true'],
	['users', '--JSON'],
	['users', 'extra'],
	['stats', 'mq', '--period'],
	['stats', 'mq', '--period', '--json'],
	['stats', 'mq', '--period', 'bogus'],
	['stats', 'mq', '--period', '1h', '--period', 'bogus'],
	['--notify', 'bogus'],
	['publish', '--header'],
	['nope'],
	['group'],
	['group', 'nope'],
];

describe('usage errors', () => {
	it('print the same lines and exit codes as before', async () => {
		const results = await runAll(badInvocations);
		const transcripts = badInvocations.map((args, i) => transcript(args, results[i] as CliResult));
		await expect(transcripts.join('\n')).toMatchFileSnapshot(path.join(snapshots, 'usage-errors.txt'));
	});
});
