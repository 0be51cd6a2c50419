/**
 * `mqtop listen`: a local URL to point callbacks, failure callbacks or deliveries at. Prints
 * every request as it arrives, verified against the signing keys, until SIGINT or SIGTERM.
 */
import meow from 'meow';
import { type ReceiverHandle, ReceiverOptionError, startReceiver } from '../../receiver/index.js';
import { formatEventLine, toEventRecord } from '../../receiver/render.js';
import { jsonLine } from '../../text/json-line.js';
import { maskSecret } from '../../text/mask.js';
import { sanitize } from '../../text/sanitize.js';
import { colorEnabled, type Paint, painter } from '../color.js';
import { type Command, exitCodes } from '../command.js';

const help = `
Usage
  $ mqtop listen [flags]

Receives the requests the service sends (callbacks, failure callbacks, deliveries), verifies
their signatures and prints one line per request. Point Svc-Callback or Svc-Failure-Callback
(or a destination) at the printed URL. Runs until Ctrl-C.

Flags
  --port <n>                 port to listen on; 0 (default) picks a free one
  --host <addr>              address to bind (default 127.0.0.1)
  --current-signing-key <k>  current signing key (or MQTOP_CURRENT_SIGNING_KEY)
  --next-signing-key <k>     next signing key (or MQTOP_NEXT_SIGNING_KEY)
  --url <url>                public URL that reaches this receiver; enables the subject check
  --clock-tolerance <s>      seconds of clock skew allowed on nbf/exp (default 0)
  --respond <status>         answer verified requests with this status (default 200);
                             a non-2xx answer makes the service retry
  --reject <status>          answer rejected requests with this status (default 401)
  --header-prefix <p>        prefix of the service's headers (default Svc-)
  --issuer <name>            expected iss claim of signatures (default Svc)
  --max-body <bytes>         bodies over this are answered 413 (default 4194304)
  --json                     one JSON object per line: first {"listening":url}, then one per request
  --reveal                   print the signing keys in full instead of masked
  --help                     show this help

The signing keys are on the service's console or from GET /v2/keys; \`mqtop serve\` prints the
keys of the local service when it starts.
`;

function parse(argv: string[]) {
	return meow(help, {
		importMeta: import.meta,
		argv,
		description: false,
		autoHelp: false,
		autoVersion: false,
		allowUnknownFlags: false,
		flags: {
			port: { type: 'number' },
			host: { type: 'string' },
			currentSigningKey: { type: 'string' },
			nextSigningKey: { type: 'string' },
			url: { type: 'string' },
			clockTolerance: { type: 'number' },
			respond: { type: 'number' },
			reject: { type: 'number' },
			headerPrefix: { type: 'string' },
			issuer: { type: 'string' },
			maxBody: { type: 'number' },
			json: { type: 'boolean' },
			reveal: { type: 'boolean' },
			help: { type: 'boolean' },
		},
	});
}

const noKeyMessage = `mqtop listen: no signing key to verify signatures with.
Give --current-signing-key (and --next-signing-key), or set MQTOP_CURRENT_SIGNING_KEY
(and MQTOP_NEXT_SIGNING_KEY). The keys are on the service's console or from GET /v2/keys;
\`mqtop serve\` prints the keys of the local service when it starts.
`;

async function run(argv: string[]): Promise<number> {
	const cli = parse(argv);
	const { flags } = cli;
	if (flags.help) {
		process.stdout.write(`${help.trim()}\n`);
		return exitCodes.ok;
	}
	if (cli.input.length > 0) {
		process.stderr.write(`mqtop listen: unexpected argument ${JSON.stringify(cli.input[0])}\n${help}`);
		return exitCodes.usage;
	}
	const currentSigningKey = flags.currentSigningKey ?? process.env.MQTOP_CURRENT_SIGNING_KEY;
	const nextSigningKey = flags.nextSigningKey ?? process.env.MQTOP_NEXT_SIGNING_KEY;
	if (!currentSigningKey?.trim()) {
		process.stderr.write(noKeyMessage);
		return exitCodes.usage;
	}

	const out = process.stdout;
	const paint = painter(!flags.json && colorEnabled(out));
	let handle: ReceiverHandle;
	try {
		handle = await startReceiver({
			currentSigningKey,
			nextSigningKey,
			port: flags.port,
			host: flags.host,
			publicUrl: flags.url,
			clockToleranceSeconds: flags.clockTolerance,
			respondStatus: flags.respond,
			rejectStatus: flags.reject,
			maxBodyBytes: flags.maxBody,
			dialect: { headerPrefix: flags.headerPrefix, issuer: flags.issuer },
			// The lines are printed as they come; the list is only for the closing summary.
			capacity: 1,
			onEvent: (event) => {
				out.write(`${flags.json ? jsonLine(toEventRecord(event)) : formatEventLine(event, paint)}\n`);
			},
		});
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error);
		process.stderr.write(`mqtop listen: ${message}\n`);
		return error instanceof ReceiverOptionError ? exitCodes.usage : exitCodes.refused;
	}

	// Listen for signals before printing the URL: whoever reads it may signal at once.
	const stopped = untilStopped(out);
	if (flags.json) out.write(`${jsonLine({ listening: handle.url })}\n`);
	else out.write(banner(handle.url, currentSigningKey, nextSigningKey, flags, paint));

	await stopped;
	await handle.close();
	if (!flags.json) out.write(summary(handle, paint));
	return exitCodes.ok;
}

/** Resolves on SIGINT or SIGTERM, or when stdout goes away (e.g. `| head`). */
function untilStopped(out: NodeJS.WriteStream): Promise<void> {
	return new Promise((resolve) => {
		const stop = () => {
			process.off('SIGINT', stop);
			process.off('SIGTERM', stop);
			out.off('error', stop);
			resolve();
		};
		process.on('SIGINT', stop);
		process.on('SIGTERM', stop);
		out.on('error', stop);
	});
}

function banner(
	url: string,
	current: string,
	next: string | undefined,
	flags: ReturnType<typeof parse>['flags'],
	paint: Paint,
): string {
	const show = (key: string) => sanitize(flags.reveal ? key : maskSecret(key));
	const prefix = flags.headerPrefix ?? 'Svc-';
	const lines = [
		`${paint('bold', 'mqtop listen')}  receiving on ${paint(['bold', 'cyan'], url)}`,
		`  current signing key  ${show(current)}`,
		`  next signing key     ${next?.trim() ? show(next) : paint('yellow', 'none (only the current key verifies)')}`,
		`  issuer ${sanitize(flags.issuer ?? 'Svc')} · header ${sanitize(prefix)}Signature · subject check ${
			flags.url ? sanitize(flags.url) : 'off (--url to enable)'
		} · clock tolerance ${flags.clockTolerance ?? 0} s · answers ${flags.respond ?? 200}`,
		`  Point ${sanitize(prefix)}Callback or ${sanitize(prefix)}Failure-Callback at ${url}/. Ctrl-C stops.`,
		flags.reveal ? '' : paint('dim', '  (keys masked; --reveal shows them)'),
	];
	return `${lines.filter(Boolean).join('\n')}\n\n`;
}

function summary(handle: ReceiverHandle, paint: Paint): string {
	const c = handle.store.getSnapshot().counters;
	return `\n${paint('bold', String(c.total))} received: ${paint('green', `${c.verified} verified`)}, ${paint(
		c.rejected ? 'red' : 'dim',
		`${c.rejected} rejected`,
	)}${c.oversize ? `, ${c.oversize} over the body limit` : ''}\n`;
}

export const listenCommand: Command = {
	name: 'listen',
	summary: 'receive and verify the callbacks and deliveries the service sends',
	run,
};
