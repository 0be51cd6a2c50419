/**
 * The full-screen monitor needs a terminal on both ends. Without one (a pipe, cron, CI) it
 * refuses with this message and points at the scriptable commands instead.
 */
export function ttyRefusal(streams: {
	stdinIsTTY: boolean | undefined;
	stdoutIsTTY: boolean | undefined;
}): string | undefined {
	const missing = [
		streams.stdinIsTTY ? undefined : 'stdin',
		streams.stdoutIsTTY ? undefined : 'stdout',
	].filter((name): name is string => name !== undefined);
	if (missing.length === 0) return undefined;
	return [
		`mqtop: the monitor needs an interactive terminal, but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not one.`,
		'For scripts and pipes use the commands, e.g.:',
		'  mqtop users --json',
		'  mqtop stats mq <accountId> --period 1h --json',
		'  mqtop message <id> --watch --json',
		'  mqtop publish <destination> --body "..." --json',
		'`mqtop help` lists them all.',
	].join('\n');
}
