/**
 * `mqtop listen`: a local URL to point callbacks, failure callbacks or deliveries at. Prints
 * every request as it arrives, verified against the signing keys, until SIGINT or SIGTERM.
 * Keys and dialect come from flags, MQTOP_* variables or the profile, like every command's.
 */
import { type ReceiverHandle, ReceiverOptionError, startReceiver } from '../../receiver/index.js';
import { formatEventLine, toEventRecord } from '../../receiver/render.js';
import { maskSecret } from '../../text/mask.js';
import { sanitize } from '../../text/sanitize.js';
import { type ParsedArgs, UsageError } from '../args.js';
import { exitCodes } from '../command.js';
import { defineCommand } from '../define.js';
import { listenFailure } from '../failure.js';
import type { Output } from '../output.js';

const noKeyMessage =
	'no signing key to verify signatures with: give --current-signing-key (and --next-signing-key), ' +
	'set MQTOP_CURRENT_SIGNING_KEY (and MQTOP_NEXT_SIGNING_KEY), or put currentSigningKey in a profile. ' +
	"The keys are on the service's console or from GET /v2/keys; `mqtop serve` prints the local service's keys.";

function numberFlag(args: ParsedArgs, name: string): number | undefined {
	const text = args.string(name);
	if (text === undefined) return undefined;
	const value = Number(text);
	if (text.trim() === '' || !Number.isFinite(value))
		throw new UsageError(`--${name} ${JSON.stringify(text)} is not a number`);
	return value;
}

export const listenCommand = defineCommand({
	name: 'listen',
	summary: 'receive and verify the callbacks and deliveries the service sends',
	usage: '',
	description: [
		'Receives the requests the service sends (callbacks, failure callbacks, deliveries), verifies their ' +
			'signatures and prints one line per request. Point Svc-Callback or Svc-Failure-Callback (or a ' +
			'destination) at the printed URL. Runs until Ctrl-C.',
		'With --json: first {"listening":url}, then one JSON object per request.',
	],
	arguments: { min: 0, max: 0 },
	secrets: true,
	flags: {
		port: { type: 'string', value: '<n>', description: 'port to listen on; 0 (default) picks a free one' },
		host: { type: 'string', value: '<addr>', description: 'address to bind (default 127.0.0.1)' },
		url: {
			type: 'string',
			value: '<url>',
			description: 'public URL that reaches this receiver; enables the subject check',
		},
		'clock-tolerance': {
			type: 'string',
			value: '<s>',
			description: 'seconds of clock skew allowed on nbf/exp (default 0)',
		},
		respond: {
			type: 'string',
			value: '<status>',
			description: 'answer verified requests with this status (default 200); non-2xx makes the service retry',
		},
		reject: {
			type: 'string',
			value: '<status>',
			description: 'answer rejected requests with this status (default 401)',
		},
		'max-body': {
			type: 'string',
			value: '<bytes>',
			description: 'bodies over this are answered 413 (default 4194304)',
		},
	},
	examples: [
		'mqtop listen --current-signing-key sig_... --next-signing-key sig_...',
		'mqtop listen --json --respond 500',
	],
	async run({ args, out, resolved, reveal }) {
		const currentSigningKey = resolved.values.currentSigningKey;
		const nextSigningKey = resolved.values.nextSigningKey;
		if (!currentSigningKey?.trim()) throw new UsageError(noKeyMessage);
		let handle: ReceiverHandle;
		try {
			handle = await startReceiver({
				currentSigningKey,
				nextSigningKey,
				port: numberFlag(args, 'port'),
				host: args.string('host'),
				publicUrl: args.string('url'),
				clockToleranceSeconds: numberFlag(args, 'clock-tolerance'),
				respondStatus: numberFlag(args, 'respond'),
				rejectStatus: numberFlag(args, 'reject'),
				maxBodyBytes: numberFlag(args, 'max-body'),
				dialect: resolved.dialect,
				// The lines are printed as they come; the list is only for the closing summary.
				capacity: 1,
				onEvent: (event) => {
					if (out.json) out.event(toEventRecord(event));
					else out.line(formatEventLine(event, out.style.paint));
				},
			});
		} catch (error) {
			if (error instanceof ReceiverOptionError) throw new UsageError(error.message);
			throw listenFailure(
				error,
				'the receiver',
				args.string('host') ?? '127.0.0.1',
				numberFlag(args, 'port') ?? 0,
			);
		}
		// Listen for signals before printing the URL: whoever reads it may signal at once.
		const stopped = untilStopped();
		if (out.json) out.event({ listening: handle.url });
		else
			out.line(
				banner(handle.url, { current: currentSigningKey, next: nextSigningKey, reveal, args, out, resolved }),
			);
		await stopped;
		await handle.close();
		if (!out.json) out.line(summary(handle, out));
		return exitCodes.ok;
	},
});

/** Resolves on SIGINT or SIGTERM, or when stdout goes away (e.g. `| head`). */
function untilStopped(): Promise<void> {
	return new Promise((resolve) => {
		const stop = () => {
			process.off('SIGINT', stop);
			process.off('SIGTERM', stop);
			process.stdout.off('error', stop);
			resolve();
		};
		process.on('SIGINT', stop);
		process.on('SIGTERM', stop);
		process.stdout.on('error', stop);
	});
}

function banner(
	url: string,
	o: {
		current: string;
		next: string | undefined;
		reveal: boolean;
		args: ParsedArgs;
		out: Output;
		resolved: { dialect: { headerPrefix: string; issuer: string } };
	},
): string {
	const { paint } = o.out.style;
	const show = (key: string) => maskSecret(key, o.reveal);
	const prefix = sanitize(o.resolved.dialect.headerPrefix);
	const publicUrl = o.args.string('url');
	const lines = [
		`${paint('bold', 'mqtop listen')}  receiving on ${paint(['bold', 'cyan'], url)}`,
		`  current signing key  ${show(o.current)}`,
		`  next signing key     ${o.next?.trim() ? show(o.next) : paint('yellow', 'none (only the current key verifies)')}`,
		`  issuer ${sanitize(o.resolved.dialect.issuer)} · header ${prefix}Signature · subject check ${
			publicUrl ? sanitize(publicUrl) : 'off (--url to enable)'
		} · clock tolerance ${o.args.string('clock-tolerance') ?? 0} s · answers ${o.args.string('respond') ?? 200}`,
		`  Point ${prefix}Callback or ${prefix}Failure-Callback at ${url}/. Ctrl-C stops.`,
		o.reveal ? '' : paint('dim', '  (keys masked; --reveal shows them)'),
	];
	return `${lines.filter(Boolean).join('\n')}\n`;
}

function summary(handle: ReceiverHandle, out: Output): string {
	const { paint } = out.style;
	const c = handle.store.getSnapshot().counters;
	return `\n${paint('bold', String(c.total))} received: ${paint('green', `${c.verified} verified`)}, ${paint(
		c.rejected ? 'red' : 'dim',
		`${c.rejected} rejected`,
	)}${c.oversize ? `, ${c.oversize} over the body limit` : ''}`;
}
