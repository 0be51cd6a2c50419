/**
 * `mqtop serve`: runs the local server until SIGINT or SIGTERM, for apps (and the official
 * SDKs), commands and the monitor to use: on port 8080 by default, its state kept in the
 * data directory. `--json` prints one line with everything a client needs once the service
 * accepts requests; otherwise a banner with the lines for an app's .env and curl examples.
 */

import { type Dialect, presetOf } from '../../api/dialect.js';
import { repairState } from '../../local/persistence/state-directory.js';
import { StateError, StateInUseError } from '../../local/persistence/state-errors.js';
import {
	type LocalIndexKind,
	type LocalService,
	type StopReport,
	startLocalService,
	stateDirectory,
} from '../../local/service.js';
import { localIndex, localIndexKinds } from '../../local/service-indexes.js';
import { sanitize } from '../../text/sanitize.js';
import { UsageError } from '../args.js';
import { exitCodes } from '../command.js';
import { givenDialect, localStartOptions } from '../connect.js';
import { defineCommand } from '../define.js';
import { withDevCredentials } from '../dev-credentials.js';
import { ListenError, listenFailure, stateHint } from '../failure.js';
import {
	defaultLocalPort,
	envLines,
	findLocalServer,
	type LocalServerInfo,
	readServerFile,
	removeServerFile,
	serverFileKeeper,
	serverFilePath,
	writeServerFile,
} from '../local-server.js';
import type { Output } from '../output.js';
import { parseRegions, regionDataDir, regionHeaderValue, regionPort } from '../regions.js';
import { printEnv, refuseBesideRegions } from '../serve-env.js';
import { dimensionFlag, planLimits } from '../serve-flags.js';
import {
	closeRegions,
	type RegionalService,
	regionBanner,
	regionsInfo,
	startRegions,
} from '../serve-regions.js';

/** What other mqtop processes and apps need to reach this server. */
function serverInfo(service: LocalService, keepsState: boolean): LocalServerInfo {
	const { context: _context, close: _close, dataDir: _dataDir, keptDialect: _kept, ...info } = service;
	return {
		...info,
		// As it is now: a rotation (POST /v2/<product>/rotate-token) changes it while the server runs.
		token: service.context.credentials.token,
		currentSigningKey: service.currentSigningKey,
		nextSigningKey: service.nextSigningKey,
		pid: process.pid,
		dialect: service.context.dialect,
		keepsState,
	};
}

/** The dialect's names as one word: its preset, else the header prefix and issuer. */
function dialectName(dialect: Dialect): string {
	return presetOf(dialect) ?? `custom (${dialect.headerPrefix}, ${dialect.issuer})`;
}

/**
 * What to say when this start speaks another dialect than the data directory kept (one was
 * asked for explicitly): apps and receivers set up for the kept one now fail their signatures.
 */
export function dialectSwitch(service: Pick<LocalService, 'dialect' | 'keptDialect'>): string | undefined {
	const kept = service.keptDialect;
	if (kept === undefined || sameDialect(kept, service.dialect)) return undefined;
	return (
		`DIALECT CHANGED: this data directory spoke the ${dialectName(kept)} dialect and now speaks ` +
		`${dialectName(service.dialect)} (asked for explicitly; kept from now on). Apps, .env files and ` +
		`receivers set up for ${dialectName(kept)} now fail (other headers, another signature issuer): ` +
		`update them (mqtop serve --env), or start again with --dialect ${presetOf(kept) ?? '<the old names>'}`
	);
}

function sameDialect(a: Dialect, b: Dialect): boolean {
	return (Object.keys(a) as (keyof Dialect)[]).every((key) => a[key] === b[key]);
}

/** How the banner names each index's endpoint and token. */
const indexLabels: Record<LocalIndexKind, { url: string; token: string }> = {
	dense: { url: 'vector index (dense)', token: 'vector index token' },
	sparse: { url: 'sparse vector index', token: 'sparse index token' },
	hybrid: { url: 'hybrid vector index', token: 'hybrid index token' },
	search: { url: 'search database', token: 'search token' },
};

function banner(
	service: LocalService,
	info: LocalServerInfo,
	switched: string | undefined,
	regions: readonly RegionalService[] | undefined,
): string {
	const { dialect } = service.context;
	const rows: [string, string][] = [
		['queue URL', service.queueUrl],
		['management URL', service.managementUrl],
		['token (Bearer)', service.token],
		['email (Basic user)', service.email],
		['API key (Basic password)', service.apiKey],
		['current signing key', service.currentSigningKey],
		['next signing key', service.nextSigningKey],
		['account id', service.accountId],
		// The four made at start, then those made through the management API, by name.
		...service.indexes.flatMap(({ kind, name, url, token }, i): [string, string][] =>
			i < localIndexKinds.length
				? [
						[indexLabels[kind].url, url],
						[indexLabels[kind].token, token],
					]
				: [
						[`${kind} index ${sanitize(name)} URL`, url],
						[`${kind} index ${sanitize(name)} token`, token],
					],
		),
		[
			'dialect',
			`${presetOf(dialect) ?? 'custom'}: header prefix ${dialect.headerPrefix}, token parameter ${dialect.tokenParam}, ` +
				`product segment ${dialect.productSegment}, issuer ${dialect.issuer}, partner word ${dialect.partnerWord}`,
		],
		[
			'state',
			service.dataDir === undefined
				? 'in memory only (--ephemeral): gone when it stops'
				: `kept in ${service.dataDir}: the same credentials, ids and messages after a restart`,
		],
	];
	const width = Math.max(...rows.map(([label]) => label.length));
	const table = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n');
	const env = envLines(info, dialect)
		.map((line) => `  ${line}`)
		.join('\n');
	const curl = [
		`  curl -X POST '${service.queueUrl}/v2/publish/https://example.com/hook' \\`,
		`    -H 'Authorization: Bearer ${service.token}' \\`,
		`    -H '${dialect.headerPrefix}Delay: 10s' -H 'Content-Type: text/plain' -d 'hello'`,
	].join('\n');
	const search = localIndex(service, 'search');
	const searchCurl = [
		`  curl -X POST '${search.url}/upsert-data/docs' -H 'Authorization: Bearer ${search.token}' \\`,
		`    -d '{"id":"doc-1","content":{"text":"hello world"}}'`,
		`  curl -X POST '${search.url}/search/docs' -H 'Authorization: Bearer ${search.token}' \\`,
		`    -d '{"query":"hello","topK":5}'`,
	].join('\n');
	return (
		`mqtop local service listening on ${service.queueUrl}\n\n${switched ? `!! ${switched}\n\n` : ''}${table}\n\n` +
		(regions ? regionBanner(regions) : '') +
		`For your app's .env (also: mqtop serve --env):\n${env}\n` +
		(presetOf(dialect) === 'deployed'
			? ''
			: "  (with --dialect deployed: the official SDKs' QSTASH_* names, which they read themselves)\n") +
		`\nPublish a message:\n${curl}\n\nIndex and search a document:\n${searchCurl}\n\n` +
		(service.dataDir === undefined
			? 'Commands and the monitor (mqtop) do not find this server by themselves (--ephemeral announces it ' +
				'nowhere): give them its address and token (the lines above). Press Ctrl+C to stop.\n'
			: 'Commands and the monitor (mqtop) use this server while it runs. Press Ctrl+C to stop.\n')
	);
}

function untilSignal(): Promise<NodeJS.Signals> {
	return new Promise((resolve) => {
		const stop = (signal: NodeJS.Signals) => {
			process.off('SIGINT', stop);
			process.off('SIGTERM', stop);
			resolve(signal);
		};
		process.on('SIGINT', stop);
		process.on('SIGTERM', stop);
	});
}

/**
 * Why the server could not start, as the error to report, with what to do about it: a data
 * directory in use or a port taken cannot start (exit 3), a host that is no address of this
 * machine is bad usage.
 */
async function startFailure(
	error: unknown,
	where: { host: string; port: number; dataDir: string | undefined },
): Promise<Error> {
	if (error instanceof StateInUseError && where.dataDir !== undefined) {
		const running = await readServerFile(where.dataDir);
		return new ListenError(
			`the data directory ${where.dataDir} is in use by another mqtop${running ? ` (pid ${running.pid}, ${running.queueUrl})` : ''}`,
			'use the server that runs, stop it first, or give this one a directory of its own (--data-dir <path>) or none (--ephemeral)',
		);
	}
	if (error instanceof StateError && where.dataDir !== undefined) return stateDirectoryFailure(error);
	if ((error as { code?: string }).code === 'EADDRINUSE') {
		const running = where.dataDir === undefined ? undefined : await findLocalServer(where.dataDir);
		const ours = running && new URL(running.queueUrl).port === String(where.port);
		return new ListenError(
			`the local service cannot listen on ${where.host}:${where.port}: the port is in use`,
			ours
				? `mqtop serve already runs there (pid ${running.pid}); commands and the monitor use it as it is`
				: `another program listens there; choose another port: mqtop serve --port ${where.port === defaultLocalPort ? defaultLocalPort + 1 : defaultLocalPort}`,
		);
	}
	return listenFailure(error, 'the local service', where.host, where.port);
}

/** What is said when the server stops: what it leaves waiting, and what becomes of it. */
export function stopNote({ pending, unsaved, evicted }: StopReport, dataDir: string | undefined): string {
	const count = `${pending} message${pending === 1 ? '' : 's'}`;
	const dropped = Object.entries(evicted)
		.map(([store, n]) => `${store} ${n}`)
		.join(', ');
	const atCaps = dropped === '' ? '' : `; dropped at their caps while it ran: ${dropped}`;
	if (dataDir === undefined)
		return pending === 0
			? `stopped${atCaps}`
			: `stopped; ${count} pending ${pending === 1 ? 'was' : 'were'} dropped (--ephemeral keeps nothing)${atCaps}`;
	if (unsaved !== undefined)
		return (
			`stopped without saving its last changes (${unsaved}): the next start has what was kept before, ` +
			`${pending === 0 ? 'nothing pending' : `${count} pending`} (state kept in ${dataDir})${atCaps}`
		);
	return pending === 0
		? `stopped; nothing pending (state kept in ${dataDir})${atCaps}`
		: `stopped with ${count} pending; ${pending === 1 ? 'it' : 'they'} will be delivered at the next start (state kept in ${dataDir})${atCaps}`;
}

/** A data directory that cannot be used, said as what it is, with what to do (exit 3). */
function stateDirectoryFailure(error: StateError): ListenError {
	return new ListenError(sanitize(error.message), stateHint(error));
}

export const serveCommand = defineCommand({
	name: 'serve',
	summary:
		'run the local server until interrupted; it keeps its state (--env for an app, --json for scripts)',
	usage: '',
	description: [
		'Runs the embedded local service (message queue, workflows, vector and search indexes with their ' +
			`statistics) on port ${defaultLocalPort} until interrupted. It binds to 127.0.0.1 unless told otherwise.`,
		'It keeps its credentials, signing keys, account and index ids and its whole state (waiting and retrying ' +
			'messages, dead letters, URL Groups, queues, schedules, workflow runs, statistics, index data) in the data ' +
			'directory (--data-dir, MQTOP_DATA_DIR, else $XDG_DATA_HOME/mqtop), so an app configured once keeps ' +
			'working across restarts; messages due while it was down are delivered when it starts again. ' +
			'--ephemeral keeps nothing and leaves the data directory alone: commands go on using the server that ' +
			'keeps it.',
		'A change is answered only once it is kept. When the data directory cannot be written (a full disk) ' +
			'every request is refused (503) and it says so, until it can write again. A damaged data directory is ' +
			'refused as such and left as it is; --repair keeps what LevelDB can read of it and says what was lost.',
		'While it runs, commands and the monitor (mqtop) with nothing configured use it. --env prints the lines ' +
			"an app puts in its .env (the official SDK's names with --dialect deployed) and exits.",
		'--dialect deployed makes it speak the names the deployed service uses (its headers, query parameter, ' +
			'paths, signature issuer and field names), so that an app built on the official SDK runs against it ' +
			'unchanged; the flags of the five names (--header-prefix, --token-param, --product-segment, --issuer, ' +
			'--partner-word) set them one by one. The data directory keeps its dialect: a restart without them ' +
			'speaks as before, and one that asks for another says so loudly. --token, --email, --api-key and the signing key flags set its ' +
			'credentials (and they are kept from then on).',
		"--dev-credentials takes the token and signing keys that the vendor's dev server publishes (and the " +
			'deployed dialect): an app whose official SDK runs with QSTASH_DEV=true then uses this server on port ' +
			'8080 (or --port with the same QSTASH_DEV_PORT) and downloads no dev server. They are kept from then on, ' +
			'as the credential flags are.',
		'Plan limits default to a generous paid plan (delays up to a year, 1000 queues and schedules); ' +
			'--limits <file> takes a JSON object of limits by their user-resource names ' +
			'({"max_delay": 604800, "max_queues": 10}), and --limit name=value sets one (repeatable, over the file).',
		'--regions eu-central-1,us-east-1 runs several regions at once, as the deployed service has them, the first ' +
			'the default: each on its own port (--port, then the ports after it), with its own token, signing keys and ' +
			'state (in <data dir>/regions/<name>), and its deliveries say which region sent them (the Region header). ' +
			"The credential flags set the default region's. --env then adds each region's variables as the official " +
			"SDK's region migration mode reads them (QSTASH_REGION, US_EAST_1_QSTASH_URL, ...).",
		'With --json it prints one JSON line with the connection details once it accepts requests, and when it ' +
			'stops one {"stopped", "pending", "evicted"} line (stopping is no warning).',
	],
	arguments: { min: 0, max: 0 },
	flags: {
		port: {
			type: 'string',
			value: '<n>',
			description: `port to listen on (default ${defaultLocalPort}); 0 picks a free one`,
		},
		host: { type: 'string', value: '<address>', description: 'interface to listen on (default 127.0.0.1)' },
		ephemeral: {
			type: 'boolean',
			description:
				'keep nothing: fresh credentials and state, gone at exit; the data directory is left alone',
		},
		env: { type: 'boolean', description: "print the lines for an app's .env and exit" },
		'dev-credentials': {
			type: 'boolean',
			description: "the vendor dev server's published token and signing keys, for apps with QSTASH_DEV=true",
		},
		limits: { type: 'string', value: '<file>', description: 'plan limits from a JSON file' },
		limit: {
			type: 'string',
			value: '<name>=<n>',
			multiple: true,
			description: 'one plan limit, e.g. max_queues=10',
		},
		repair: {
			type: 'boolean',
			description: 'repair a damaged data directory first, keeping what can be read, and say what was lost',
		},
		'vector-dimension': {
			type: 'string',
			value: '<n>',
			description: 'dimension of the dense vector index (default 384; kept once it holds vectors)',
		},
		regions: {
			type: 'string',
			value: '<a,b>',
			description: 'run these regions at once, the first the default (e.g. eu-central-1,us-east-1)',
		},
		'hybrid-dimension': {
			type: 'string',
			value: '<n>',
			description: "dimension of the hybrid index's dense part (default 384; kept once it holds vectors)",
		},
	},
	examples: [
		'mqtop serve',
		'mqtop serve --dialect deployed --env >> .env',
		'mqtop serve --data-dir ./.mqtop --port 8081',
		'mqtop serve --dev-credentials --data-dir ./.mqtop-dev',
		'mqtop serve --dialect deployed --regions eu-central-1,us-east-1',
		'mqtop serve --ephemeral --limits ./free-plan.json --limit max_delay=604800',
	],
	async run({ args, out, resolved, dataDir: configuredDataDir }) {
		const portText = args.string('port') ?? String(defaultLocalPort);
		const port = Number(portText);
		if (!/^\d+$/.test(portText) || port > 65_535) {
			throw new UsageError(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(portText)}`);
		}
		const host = args.string('host') ?? '127.0.0.1';
		const ephemeral = args.boolean('ephemeral');
		const dataDir = ephemeral ? undefined : configuredDataDir;
		const asked = resolved.local ? localStartOptions(resolved) : { dialect: givenDialect(resolved) };
		const start = args.boolean('dev-credentials') ? withDevCredentials(asked) : asked;
		const regions = parseRegions(args.string('regions'));
		if (regions && port !== 0 && port + regions.length - 1 > 65_535)
			throw new UsageError(`--regions: ${regions.length} regions take the ports from ${port}, past 65535`);
		if (args.boolean('env')) {
			if (dataDir === undefined)
				throw new UsageError('--env prints what stays the same across restarts; --ephemeral keeps nothing');
			return printEnv(out, { ...start, dataDir }, { host, port, regions, startFailure });
		}
		const limits = await planLimits(args.string('limits'), args.strings('limit'));
		const dimensions = {
			...dimensionFlag(args.string('vector-dimension'), '--vector-dimension', 'vectorDimension'),
			...dimensionFlag(args.string('hybrid-dimension'), '--hybrid-dimension', 'hybridDimension'),
		};
		if (args.boolean('repair')) {
			if (dataDir === undefined)
				throw new UsageError('--repair repairs a data directory; --ephemeral keeps none');
			await repair(out, dataDir, { host, port });
		}
		if (dataDir !== undefined) await refuseBesideRegions(dataDir, regions !== undefined);
		// Told of a token rotation in any region: server.json is written again (once it was written).
		let tokenChanged = () => {};
		const common = {
			host,
			limits,
			...dimensions,
			onTokenChange: () => tokenChanged(),
			// A request that hit a bug got a 500; the operator sees why on stderr.
			onError: (error: unknown) =>
				out.warn(`internal error: ${sanitize(error instanceof Error ? error.message : String(error))}`),
		};
		let service: LocalService;
		let regional: RegionalService[] | undefined;
		if (regions) {
			// The credential flags are the default region's; the others make and keep their own.
			regional = await startRegions(regions, async (region, index) => {
				const where = {
					host,
					port: regionPort(port, index),
					dataDir: dataDir === undefined ? undefined : regionDataDir(dataDir, region),
				};
				try {
					return await startLocalService({
						...(index === 0 ? start : { dialect: start.dialect }),
						...common,
						port: where.port,
						region: regionHeaderValue(region),
						...(where.dataDir === undefined ? {} : { dataDir: where.dataDir }),
						onNotice: (text) => out.warn(`${region}: ${sanitize(text)}`),
					});
				} catch (error) {
					throw await startFailure(error, where);
				}
			});
			service = (regional[0] as RegionalService).service;
		} else {
			try {
				service = await startLocalService({
					...start,
					...common,
					port,
					...(dataDir === undefined ? {} : { dataDir }),
					onNotice: (text) => out.warn(sanitize(text)),
				});
			} catch (error) {
				throw await startFailure(error, { host, port, dataDir });
			}
		}
		for (const [flag, asked, plane] of [
			['--vector-dimension', dimensions.vectorDimension, service.context.indexes.vectors[0]],
			['--hybrid-dimension', dimensions.hybridDimension, service.context.indexes.vectors[2]],
		] as const) {
			const kept = plane?.engine.database.shape.dimension;
			if (asked !== undefined && kept !== asked)
				out.warn(
					`${flag} ${asked} is not used: the index keeps vectors of ${kept} dimensions (reset it to change)`,
				);
		}
		const switched = dialectSwitch(service);
		if (switched) out.warn(switched);
		const signal = untilSignal();
		let settled = () => Promise.resolve();
		const describe = () => ({
			...serverInfo(service, dataDir !== undefined),
			...(regional ? { regions: regionsInfo(regional) } : {}),
		});
		const info = describe();
		// A throwaway server (a test's, say) is announced nowhere: the data directory's server.json
		// belongs to the server that keeps that directory, which commands go on using meanwhile.
		if (dataDir !== undefined) {
			const cannotWrite = (error: Error, consequence: string) =>
				out.warn(`cannot write ${serverFilePath(dataDir)}: ${sanitize(error.message)}; ${consequence}`);
			await writeServerFile(dataDir, info).catch((error: Error) =>
				cannotWrite(error, 'commands will not find this server'),
			);
			const keeper = serverFileKeeper(dataDir, describe, (error) =>
				cannotWrite(error, 'commands and monitors started from now on have the old token'),
			);
			tokenChanged = () => keeper.changed();
			settled = keeper.settled;
		}
		if (out.json) out.event(info);
		else out.line(banner(service, info, switched, regional));
		await signal;
		const report = regional ? await closeRegions(regional) : await service.close();
		await settled();
		if (dataDir !== undefined) await removeServerFile(dataDir, info.pid);
		const note = stopNote(report, dataDir);
		// Stopping when asked is no warning: with --json it is the stream's last event, on stdout.
		if (out.json)
			out.event({
				stopped: note,
				pending: report.pending,
				...(report.unsaved === undefined ? {} : { unsaved: report.unsaved }),
				evicted: report.evicted,
			});
		else out.warn(note);
		return exitCodes.ok;
	},
});

/** `--repair`: LevelDB's repair of the state, and what it said it did. */
async function repair(out: Output, dataDir: string, where: { host: string; port: number }): Promise<void> {
	const location = stateDirectory(dataDir);
	let said: string[];
	try {
		said = await repairState(location);
	} catch (error) {
		throw await startFailure(error, { ...where, dataDir });
	}
	out.warn(
		`repaired the state in ${location}; the files LevelDB replaced or could not read are in ${location}/lost`,
	);
	for (const line of said) out.warn(`  ${sanitize(line)}`);
}
