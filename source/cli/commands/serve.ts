/**
 * `mqtop serve`: runs the embedded local service until SIGINT or SIGTERM, for other programs
 * (and the official client) to use. `--json` prints one line with everything a client needs
 * once the service accepts requests; otherwise a banner with a ready-to-paste curl example.
 */
import meow from 'meow';
import type { Dialect } from '../../api/dialect.js';
import { type LocalService, type LocalServiceInfo, startLocalService } from '../../local/service.js';
import { sanitize } from '../../text/sanitize.js';
import { type Command, exitCodes } from '../command.js';

const help = `
	Usage
	  $ mqtop serve [flags]

	Runs the embedded local service (message queue, workflows, vector and search statistics)
	until interrupted. It binds to 127.0.0.1 unless told otherwise.

	Flags
	  --port <n>               port to listen on; 0 (the default) picks a free one
	  --host <address>         interface to listen on (default 127.0.0.1)
	  --header-prefix <text>   prefix of configuration headers (default Svc-)
	  --token-param <name>     query parameter that may carry the token (default mq_token)
	  --product-segment <name> path segment of /v2/<segment>/users (default mq)
	  --issuer <name>          issuer (iss) of the request signatures (default Svc)
	  --json                   print one JSON line with the connection details, nothing else
	  --help                   show this help

	Example
	  $ mqtop serve --port 8080 --header-prefix Upstash- --token-param qstash_token \\
	      --product-segment qstash --issuer Upstash
`;

const flagSpec = {
	port: { type: 'number', default: 0 },
	host: { type: 'string', default: '127.0.0.1' },
	headerPrefix: { type: 'string' },
	tokenParam: { type: 'string' },
	productSegment: { type: 'string' },
	issuer: { type: 'string' },
	json: { type: 'boolean', default: false },
	help: { type: 'boolean', default: false },
} as const;

class UsageError extends Error {}

const knownFlags = new Set(
	Object.keys(flagSpec).map((name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)),
);

/** The first flag of argv that serve does not know, named as it was written. */
function unknownFlag(argv: string[]): string | undefined {
	for (const arg of argv) {
		if (arg === '--') break;
		if (!arg.startsWith('-') || /^-\d/.test(arg)) continue;
		const name = arg.replace(/^--?/, '').split('=')[0]!.replace(/^no-/, '');
		if (!knownFlags.has(name)) return arg.split('=')[0];
	}
	return undefined;
}

function checked(flags: {
	port: number;
	headerPrefix: string | undefined;
	tokenParam: string | undefined;
	productSegment: string | undefined;
	issuer: string | undefined;
}): { port: number; dialect: Partial<Dialect> } {
	if (!Number.isInteger(flags.port) || flags.port < 0 || flags.port > 65_535)
		throw new UsageError('--port must be a whole number from 0 to 65535');
	const dialect: Partial<Dialect> = {};
	const rules: [keyof Dialect, string, RegExp, string][] = [
		['headerPrefix', '--header-prefix', /^[A-Za-z0-9-]+$/, 'letters, digits and -'],
		['tokenParam', '--token-param', /^[A-Za-z0-9_.-]+$/, 'letters, digits, _, . and -'],
		['productSegment', '--product-segment', /^[A-Za-z0-9_.-]+$/, 'letters, digits, _, . and -'],
		['issuer', '--issuer', /^\S.*$/, 'some text'],
	];
	for (const [key, flag, pattern, what] of rules) {
		const value = flags[key];
		if (value === undefined) continue;
		if (!pattern.test(value)) throw new UsageError(`${flag} must be ${what}, got ${JSON.stringify(value)}`);
		dialect[key] = value;
	}
	return { port: flags.port, dialect };
}

function info(service: LocalService): LocalServiceInfo {
	return {
		queueUrl: service.queueUrl,
		managementUrl: service.managementUrl,
		token: service.token,
		email: service.email,
		apiKey: service.apiKey,
		currentSigningKey: service.currentSigningKey,
		nextSigningKey: service.nextSigningKey,
		accountId: service.accountId,
		vectorIndexId: service.vectorIndexId,
		searchIndexId: service.searchIndexId,
		vectorIndexUrl: service.vectorIndexUrl,
		vectorIndexToken: service.vectorIndexToken,
		vectorIndexReadOnlyToken: service.vectorIndexReadOnlyToken,
	};
}

function banner(service: LocalService): string {
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
		['vector index id', service.vectorIndexId],
		['search index id', service.searchIndexId],
		['vector index endpoint', service.vectorIndexUrl],
		['vector index token', service.vectorIndexToken],
		['search index endpoint', service.context.dataPlanes.search.endpoint],
		['search index token', service.context.dataPlanes.search.token],
		[
			'dialect',
			`header prefix ${dialect.headerPrefix}, token parameter ${dialect.tokenParam}, ` +
				`product segment ${dialect.productSegment}, issuer ${dialect.issuer}`,
		],
	];
	const width = Math.max(...rows.map(([label]) => label.length));
	const table = rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n');
	const curl = [
		`  curl -X POST '${service.queueUrl}/v2/publish/https://example.com/hook' \\`,
		`    -H 'Authorization: Bearer ${service.token}' \\`,
		`    -H '${dialect.headerPrefix}Delay: 10s' -H 'Content-Type: text/plain' -d 'hello'`,
	].join('\n');
	const { search } = service.context.dataPlanes;
	const searchCurl = [
		`  curl -X POST '${search.endpoint}/upsert' -H 'Authorization: Bearer ${search.token}' \\`,
		`    -d '{"id":"doc-1","content":"hello world"}'`,
		`  curl -X POST '${search.endpoint}/search' -H 'Authorization: Bearer ${search.token}' \\`,
		`    -d '{"query":"hello","topK":5}'`,
	].join('\n');
	return `mqtop local service listening on ${service.queueUrl}\n\n${table}\n\nPublish a message:\n${curl}\n\nIndex and search a document:\n${searchCurl}\n\nPress Ctrl+C to stop.\n`;
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

export const serveCommand: Command = {
	name: 'serve',
	summary: 'run the embedded local service until interrupted (--json for scripts)',
	async run(argv) {
		const unknown = unknownFlag(argv);
		if (unknown) {
			process.stderr.write(`mqtop serve: unknown flag ${unknown} (see mqtop serve --help)\n`);
			return exitCodes.usage;
		}
		const cli = meow(help, {
			importMeta: import.meta,
			argv,
			flags: flagSpec,
			description: false,
			autoHelp: false,
			autoVersion: false,
			allowUnknownFlags: false,
		});
		if (cli.flags.help) {
			process.stdout.write(`${cli.help.trim()}\n`);
			return exitCodes.ok;
		}
		if (cli.input.length > 0) {
			process.stderr.write(`mqtop serve: unexpected argument ${JSON.stringify(cli.input[0])}\n${cli.help}`);
			return exitCodes.usage;
		}
		let settings: ReturnType<typeof checked>;
		try {
			settings = checked(cli.flags);
		} catch (error) {
			if (!(error instanceof UsageError)) throw error;
			process.stderr.write(`mqtop serve: ${error.message}\n`);
			return exitCodes.usage;
		}
		let service: LocalService;
		try {
			service = await startLocalService({
				host: cli.flags.host,
				port: settings.port,
				dialect: settings.dialect,
				// A request that hit a bug got a 500; the operator sees why on stderr.
				onError: (error) =>
					process.stderr.write(
						`mqtop serve: internal error: ${sanitize(String((error as Error)?.stack ?? error))}\n`,
					),
			});
		} catch (error) {
			const code = (error as { code?: string }).code;
			const reason = code === 'EADDRINUSE' ? 'the address is already in use' : (error as Error).message;
			process.stderr.write(`mqtop serve: cannot listen on ${cli.flags.host}:${settings.port}: ${reason}\n`);
			return exitCodes.refused;
		}
		const signal = untilSignal();
		process.stdout.write(cli.flags.json ? `${JSON.stringify(info(service))}\n` : banner(service));
		await signal;
		await service.close();
		return exitCodes.ok;
	},
};
