/**
 * `mqtop listen`: a local URL to point callbacks, failure callbacks or deliveries at. Prints
 * every request as it arrives, verified against the signing keys, until SIGINT or SIGTERM;
 * with --forward-to it hands each verified request to the app and answers with the app's
 * answer. Every request is kept in the history in the data directory, for --replay. Keys and
 * dialect come from flags, MQTOP_* variables or the profile, like every command's, else from
 * the local server that runs.
 */

import type { Dialect } from '../../api/dialect.js';
import { ConfigError } from '../../config/file.js';
import { type ReceiverSettings, resolveReceiverSettings } from '../../config/receiver.js';
import {
	defaultBytesPerSecond,
	defaultHistoryBytes,
	formatEventLine,
	historyDirectory,
	type NamedKeyPair,
	type ReadKeys,
	type ReceiverHandle,
	ReceiverOptionError,
	startReceiver,
	toEventRecord,
} from '../../receiver/index.js';
import { jsonLine } from '../../text/json-line.js';
import { maskSecret } from '../../text/mask.js';
import { sanitize } from '../../text/sanitize.js';
import { type ParsedArgs, UsageError } from '../args.js';
import { exitCodes } from '../command.js';
import { defineCommand } from '../define.js';
import { listenFailure } from '../failure.js';
import { LineBatch } from '../line-batch.js';
import { findLocal } from '../local-starter.js';
import type { Output } from '../output.js';
import { replayCaptured } from './listen-replay.js';

const noKeyMessage =
	'no signing key to verify signatures with: give --current-signing-key (and --next-signing-key), ' +
	'set MQTOP_CURRENT_SIGNING_KEY (and MQTOP_NEXT_SIGNING_KEY), or put currentSigningKey in a profile. ' +
	"The keys are on the service's console or from GET /v2/keys; while `mqtop serve` runs, its keys are used.";

interface Keys {
	current: string;
	next: string | undefined;
	dialect: Dialect;
	/** Where they came from, when not from the configuration. */
	from?: string;
	/** Reads them again there (the local server rotates its keys). */
	read?: ReadKeys;
	/** With a local server of several regions: the default region's name (the keys above are its). */
	region?: string;
	/** ...and the other regions' keys, each pair named by its region (docs/protocol/regions.md). */
	regionPairs?: NamedKeyPair[];
}

/** The configured keys, else those of the local server that runs on the data directory. */
async function signingKeys(
	resolved: { values: { currentSigningKey?: string; nextSigningKey?: string }; dialect: Dialect },
	dataDir: string,
): Promise<Keys> {
	const current = resolved.values.currentSigningKey;
	if (current?.trim()) return { current, next: resolved.values.nextSigningKey, dialect: resolved.dialect };
	const local = await findLocal(dataDir);
	if (!local) throw new UsageError(noKeyMessage);
	const [first, ...others] = local.regions ?? [];
	return {
		...(first
			? {
					region: first.region,
					regionPairs: others.map((region) => ({
						name: region.region,
						currentSigningKey: region.currentSigningKey,
						nextSigningKey: region.nextSigningKey,
					})),
				}
			: {}),
		current: local.currentSigningKey,
		next: local.nextSigningKey,
		dialect: local.dialect,
		from: `the local server at ${local.queueUrl}`,
		read: async () => {
			const now = await findLocal(dataDir);
			return now && { current: now.currentSigningKey, next: now.nextSigningKey };
		},
	};
}

function receiverSettings(context: {
	args: ParsedArgs;
	config: { config: { receiver?: Parameters<typeof resolveReceiverSettings>[0]['section'] } };
	io: { env: Readonly<Record<string, string | undefined>> };
}): ReceiverSettings {
	const { args } = context;
	try {
		return resolveReceiverSettings({
			section: context.config.config.receiver,
			env: context.io.env,
			flags: {
				forwardTo: args.string('forward-to'),
				forwardRejected: args.boolean('forward-rejected'),
				url: args.string('url'),
				keyPairs: args.strings('key-pair'),
			},
		});
	} catch (error) {
		if (error instanceof ConfigError) throw new UsageError(error.message);
		throw error;
	}
}

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
		'--forward-to <url> hands each verified request to the app byte for byte (method, the path below the ' +
			"URL, headers with the signature, body) and answers the service with the app's status and body, so " +
			'the service retries what the app fails; an app that is down gets the service a 502. Rejected ' +
			'requests are answered 401 and not forwarded unless --forward-rejected. The line shows both sides.',
		`Every request is kept in the data directory (bounded: ${mib(defaultHistoryBytes)} MiB, at most ` +
			`${mib(defaultBytesPerSecond)} MiB written a second, the newest first). --replay <n> sends request n again to the ` +
			'forward URL, signed afresh with the current key (--body and --header change it first), and shows ' +
			"the app's answer next to the original's.",
		"--url is the exact public URL the service calls (a tunnel's, path included): the signature's subject " +
			'must be that URL. A bare origin stands for every path below it. --key-pair adds a key pair, named ' +
			'(one per region, as the deployed service signs per region during a migration); the line says which ' +
			'one verified. The config file\'s "receiver" section (forwardTo, forwardRejected, publicUrl, keyPairs), ' +
			'MQTOP_FORWARD_TO and MQTOP_PUBLIC_URL set the same.',
		'With no signing key configured, the keys of the local server that runs (mqtop serve) are used.',
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
			description: 'the exact public URL the service calls (path included); enables the subject check',
		},
		'forward-to': {
			type: 'string',
			value: '<url>',
			description: "forward verified requests to the app there, and answer with the app's answer",
		},
		'forward-rejected': { type: 'boolean', description: 'forward requests that fail verification too' },
		'key-pair': {
			type: 'string',
			value: '<name>=<current>[,<next>]',
			multiple: true,
			description: 'another key pair that verifies, named (a region)',
		},
		replay: {
			type: 'string',
			value: '<n>',
			description: 'send kept request n to the forward URL again, signed afresh, and exit',
		},
		body: { type: 'string', value: '<text>', description: 'with --replay: the body to send instead' },
		header: {
			type: 'string',
			value: '<name: value>',
			multiple: true,
			description: 'with --replay: set a header ("name:" alone removes it)',
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
		'mqtop listen --port 3001 --forward-to http://localhost:3000',
		'mqtop listen --replay 12 --forward-to http://localhost:3000 --body \'{"order":43}\'',
		'mqtop listen --url https://abc.tunnel.example/api/callback --key-pair eu-central-1=sig_...,sig_...',
		'mqtop listen --current-signing-key sig_... --next-signing-key sig_...',
		'mqtop listen --json --respond 500',
	],
	async run(context) {
		const { args, out, resolved, reveal, dataDir } = context;
		const keys = await signingKeys(resolved, dataDir);
		// A local server's regions verify as key pairs of their own, after those configured.
		const configured = receiverSettings(context);
		const settings = { ...configured, keyPairs: [...configured.keyPairs, ...(keys.regionPairs ?? [])] };
		const currentSigningKey = keys.current;
		const nextSigningKey = keys.next;
		const replay = args.string('replay');
		if (replay !== undefined)
			return replayCaptured({ out, args, seq: replay, settings, keys, history: historyDirectory(dataDir) });
		if (args.string('body') !== undefined || args.strings('header').length > 0)
			throw new UsageError('--body and --header change a request sent again: use them with --replay <n>');
		if (keys.from && !out.json)
			out.warn(
				`verifying with the signing keys of ${keys.from}${keys.region ? ` and each of its regions'` : ''}`,
			);
		// One write per turn of the event loop, not one per request.
		const lines = new LineBatch((text) => out.line(text));
		let handle: ReceiverHandle;
		try {
			handle = await startReceiver({
				currentSigningKey,
				nextSigningKey,
				keyPairs: settings.keyPairs,
				keyPairName: keys.region,
				forwardTo: settings.forwardTo,
				forwardRejected: settings.forwardRejected,
				historyDir: historyDirectory(dataDir),
				port: numberFlag(args, 'port'),
				host: args.string('host'),
				publicUrl: settings.publicUrl,
				clockToleranceSeconds: numberFlag(args, 'clock-tolerance'),
				respondStatus: numberFlag(args, 'respond'),
				rejectStatus: numberFlag(args, 'reject'),
				maxBodyBytes: numberFlag(args, 'max-body'),
				dialect: keys.dialect,
				// The lines are printed as they come; the list is only for the closing summary.
				capacity: 1,
				onEvent: (event) => {
					lines.push(out.json ? jsonLine(toEventRecord(event)) : formatEventLine(event, out.style.paint));
				},
				// A bug in showing a request: the service has its answer and the history its copy. Its
				// message may quote what came over the network.
				onError: (error) => out.warn(sanitize(error.message)),
				// The disk is full, say: the requests are still answered and printed, not kept for --replay.
				onHistoryError: (error) => out.warn(sanitize(error.message)),
				readKeys: keys.read,
				onKeysChanged: () =>
					out.warn(`the signing keys of ${keys.from} changed: verifying with its keys now`),
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
				banner(handle.url, {
					current: currentSigningKey,
					next: nextSigningKey,
					reveal,
					args,
					out,
					dialect: keys.dialect,
					settings,
					region: keys.region,
				}),
			);
		await stopped;
		await handle.close();
		// Every request answered before the close is printed, before the summary.
		lines.flush();
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
		dialect: { headerPrefix: string; issuer: string };
		settings: ReceiverSettings;
		region: string | undefined;
	},
): string {
	const { paint } = o.out.style;
	const show = (key: string) => maskSecret(key, o.reveal);
	const prefix = sanitize(o.dialect.headerPrefix);
	const { publicUrl, forwardTo, keyPairs } = o.settings;
	const lines = [
		`${paint('bold', 'mqtop listen')}  receiving on ${paint(['bold', 'cyan'], url)}${
			forwardTo ? `  forwarding to ${paint(['bold', 'cyan'], sanitize(forwardTo))}` : ''
		}`,
		`  current signing key  ${show(o.current)}${o.region ? `  (region ${sanitize(o.region)})` : ''}`,
		`  next signing key     ${o.next?.trim() ? show(o.next) : paint('yellow', 'none (only the current key verifies)')}`,
		...keyPairs.map(
			(pair) =>
				`  key pair ${sanitize(pair.name)}  ${show(pair.currentSigningKey)}${pair.nextSigningKey ? `  ${show(pair.nextSigningKey)}` : ''}`,
		),
		forwardTo
			? `  rejected requests ${o.settings.forwardRejected ? 'are forwarded too' : 'are answered 401, not forwarded'} · --replay <n> sends one again`
			: '',
		`  issuer ${sanitize(o.dialect.issuer)} · header ${prefix}Signature · subject check ${
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
	)}${c.oversize ? `, ${c.oversize} over the body limit` : ''}${notKept(handle.historyDropped())}`;
}

function mib(bytes: number): number {
	return bytes / 2 ** 20;
}

function notKept(count: number): string {
	return count > 0
		? `; ${count} not kept for --replay (the history writes at most ${mib(defaultBytesPerSecond)} MiB a second, the newest first)`
		: '';
}
