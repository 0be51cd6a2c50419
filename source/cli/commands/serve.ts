/**
 * `mqtop serve`: runs the embedded local service until SIGINT or SIGTERM, for other programs
 * (and the official client) to use. `--json` prints one line with everything a client needs
 * once the service accepts requests; otherwise a banner with a ready-to-paste curl example.
 */

import { readFile } from 'node:fs/promises';
import { presetOf } from '../../api/dialect.js';
import {
	LimitsError,
	type PlanLimits,
	parseLimitAssignment,
	parsePlanLimits,
} from '../../local/account/limits.js';
import { type LocalService, type LocalServiceInfo, startLocalService } from '../../local/service.js';
import { sanitize } from '../../text/sanitize.js';
import { UsageError } from '../args.js';
import { exitCodes } from '../command.js';
import { localStartOptions } from '../connect.js';
import { defineCommand } from '../define.js';
import { listenFailure } from '../failure.js';

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
			`${presetOf(dialect) ?? 'custom'}: header prefix ${dialect.headerPrefix}, token parameter ${dialect.tokenParam}, ` +
				`product segment ${dialect.productSegment}, issuer ${dialect.issuer}, partner word ${dialect.partnerWord}`,
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
	// The official SDKs (workflows included) read these; they speak the deployed service's names.
	const sdk =
		presetOf(dialect) === 'deployed'
			? [
					`  QSTASH_URL=${service.queueUrl}`,
					`  QSTASH_TOKEN=${service.token}`,
					`  QSTASH_CURRENT_SIGNING_KEY=${service.currentSigningKey}`,
					`  QSTASH_NEXT_SIGNING_KEY=${service.nextSigningKey}`,
				].join('\n')
			: "  start with --dialect deployed: the official SDKs speak the deployed service's names";
	return `mqtop local service listening on ${service.queueUrl}\n\n${table}\n\nPublish a message:\n${curl}\n\nIndex and search a document:\n${searchCurl}\n\nAn app on the official SDKs (workflow routes too):\n${sdk}\n\nPress Ctrl+C to stop.\n`;
}

/**
 * The plan limits asked for: a JSON file (`--limits`), then single `--limit name=value` flags
 * over it. Everything not named keeps the default of a generous paid plan.
 */
async function planLimits(file: string | undefined, assignments: string[]): Promise<Partial<PlanLimits>> {
	const limits: Partial<PlanLimits> = {};
	try {
		if (file !== undefined) {
			let text: string;
			try {
				text = await readFile(file, 'utf8');
			} catch (error) {
				throw new LimitsError(`cannot read ${file}: ${(error as Error).message}`);
			}
			let json: unknown;
			try {
				json = JSON.parse(text);
			} catch (error) {
				throw new LimitsError(`${file} is not valid JSON (${(error as Error).message})`);
			}
			Object.assign(limits, parsePlanLimits(json, `${file}: `));
		}
		for (const assignment of assignments) {
			const [name, value] = parseLimitAssignment(assignment);
			limits[name] = value;
		}
	} catch (error) {
		if (error instanceof LimitsError) throw new UsageError(`--limits/--limit: ${sanitize(error.message)}`);
		throw error;
	}
	return limits;
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

export const serveCommand = defineCommand({
	name: 'serve',
	summary: 'run the embedded local service until interrupted (--json for scripts)',
	usage: '',
	description: [
		'Runs the embedded local service (message queue, workflows, vector and search indexes with their ' +
			'statistics) until interrupted. It binds to 127.0.0.1 unless told otherwise.',
		'--dialect deployed makes it speak the names the deployed service uses (its headers, query parameter, ' +
			'paths, signature issuer and field names), so that an app built on the official SDK runs against it ' +
			'unchanged; the flags of the five names (--header-prefix, --token-param, --product-segment, --issuer, ' +
			'--partner-word) set them one by one. --token, --email, --api-key and the signing key flags fix its ' +
			'credentials, so that they stay the same across restarts.',
		'Plan limits default to a generous paid plan (delays up to a year, 1000 queues and schedules); ' +
			'--limits <file> takes a JSON object of limits by their user-resource names ' +
			'({"max_delay": 604800, "max_queues": 10}), and --limit name=value sets one (repeatable, over the file).',
		'With --json it prints one JSON line with the connection details once it accepts requests.',
	],
	arguments: { min: 0, max: 0 },
	flags: {
		port: {
			type: 'string',
			value: '<n>',
			description: 'port to listen on; 0 (the default) picks a free one',
		},
		host: { type: 'string', value: '<address>', description: 'interface to listen on (default 127.0.0.1)' },
		limits: { type: 'string', value: '<file>', description: 'plan limits from a JSON file' },
		limit: {
			type: 'string',
			value: '<name>=<n>',
			multiple: true,
			description: 'one plan limit, e.g. max_queues=10',
		},
	},
	examples: [
		'mqtop serve --port 8080',
		'mqtop serve --port 8080 --dialect deployed',
		'mqtop serve --limits ./free-plan.json --limit max_delay=604800',
	],
	async run({ args, out, resolved }) {
		const portText = args.string('port') ?? '0';
		const port = Number(portText);
		if (!/^\d+$/.test(portText) || port > 65_535) {
			throw new UsageError(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(portText)}`);
		}
		const host = args.string('host') ?? '127.0.0.1';
		const limits = await planLimits(args.string('limits'), args.strings('limit'));
		let service: LocalService;
		try {
			service = await startLocalService({
				...(resolved.local ? localStartOptions(resolved) : { dialect: resolved.dialect }),
				host,
				port,
				limits,
				// A request that hit a bug got a 500; the operator sees why on stderr.
				onError: (error) =>
					out.warn(`internal error: ${sanitize(error instanceof Error ? error.message : String(error))}`),
			});
		} catch (error) {
			throw listenFailure(error, 'the local service', host, port);
		}
		const signal = untilSignal();
		if (out.json) out.event(info(service));
		else out.line(banner(service));
		await signal;
		await service.close();
		return exitCodes.ok;
	},
});
