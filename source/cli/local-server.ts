/**
 * The local server as other mqtop processes find it: `mqtop serve` (or the monitor that runs
 * the service itself) writes `server.json` in its data directory, readable by the owner only,
 * once it accepts requests, and removes it when it stops. A command with nothing configured
 * reads it, checks that the server answers with those credentials, and uses it.
 */
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { type Dialect, presetOf } from '../api/dialect.js';
import { envName } from '../config/settings.js';
import { localIndex, localIndexKinds } from '../local/service-indexes.js';
import { parseJsonAs } from '../text/parse-json.js';
import { regionEnvPrefix } from './regions.js';

/** One region of a server that runs several: its own address, token and signing keys. */
export const RegionInfo = z.object({
	region: z.string(),
	queueUrl: z.string(),
	token: z.string(),
	currentSigningKey: z.string(),
	nextSigningKey: z.string(),
	/** For the monitor, which shows any region's account (the management API is at its queue URL). */
	managementUrl: z.string().optional(),
	email: z.string().optional(),
	apiKey: z.string().optional(),
	accountId: z.string().optional(),
});
export type RegionInfo = z.infer<typeof RegionInfo>;

/** Everything a client or an app needs to reach a running local server. */
export const LocalServerInfo = z.object({
	pid: z.number(),
	queueUrl: z.string(),
	managementUrl: z.string(),
	token: z.string(),
	email: z.string(),
	apiKey: z.string(),
	currentSigningKey: z.string(),
	nextSigningKey: z.string(),
	accountId: z.string(),
	/** The vector indexes and the search database (docs/protocol/local-server.md#the-description-serve---json). */
	indexes: z
		.array(
			z.object({
				kind: z.enum(localIndexKinds),
				id: z.string(),
				/** Absent in what older versions wrote. */
				name: z.string().optional(),
				url: z.string(),
				token: z.string(),
				readOnlyToken: z.string(),
			}),
		)
		.refine((indexes) => localIndexKinds.every((kind) => indexes.some((index) => index.kind === kind)), {
			message: 'one index of each kind',
		}),
	dialect: z.object({
		headerPrefix: z.string(),
		tokenParam: z.string(),
		productSegment: z.string(),
		issuer: z.string(),
		partnerWord: z.string(),
	}),
	/** False for a server that keeps nothing (`--ephemeral`). */
	keepsState: z.boolean(),
	/**
	 * The regions of `mqtop serve --regions`, the default first (its details are those above);
	 * absent for a server of one region (docs/protocol/regions.md).
	 */
	regions: z.array(RegionInfo).optional(),
});
export type LocalServerInfo = z.infer<typeof LocalServerInfo>;

/** The port the local server takes unless told otherwise, as the vendor's own dev server does. */
export const defaultLocalPort = 8080;

export function serverFilePath(dataDir: string): string {
	return path.join(dataDir, 'server.json');
}

export async function writeServerFile(dataDir: string, info: LocalServerInfo): Promise<void> {
	await mkdir(dataDir, { recursive: true, mode: 0o700 });
	const file = serverFilePath(dataDir);
	const temporary = `${file}.${info.pid}.tmp`;
	await writeFile(temporary, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
	await rename(temporary, file);
}

/**
 * Writes the server's description again whenever it changes (a token rotation), the writes one
 * after another so that the last change is the one left, each whole (writeServerFile). `describe`
 * is called at the time of each write, so that it says how things are then.
 */
export function serverFileKeeper(
	dataDir: string,
	describe: () => LocalServerInfo,
	onError: (error: Error) => void,
): { changed(): void; settled(): Promise<void> } {
	let writing = Promise.resolve();
	return {
		changed() {
			writing = writing.then(() => writeServerFile(dataDir, describe())).catch(onError);
		},
		settled: () => writing,
	};
}

/** Removes the file if it is still this process's (another server may have taken over since). */
export async function removeServerFile(dataDir: string, pid: number): Promise<void> {
	const kept = await readServerFile(dataDir);
	if (kept?.pid === pid) await unlink(serverFilePath(dataDir)).catch(() => {});
}

export async function readServerFile(dataDir: string): Promise<LocalServerInfo | undefined> {
	let text: string;
	try {
		text = await readFile(serverFilePath(dataDir), 'utf8');
	} catch {
		return undefined;
	}
	return parseJsonAs(text, LocalServerInfo);
}

/**
 * The token server.json gives now for the server (or the region of it) at `queueUrl`: what a
 * client found through server.json sends after a 401 (the token was rotated). Undefined when the
 * file is gone or describes another server.
 */
export async function currentToken(dataDir: string, queueUrl: string): Promise<string | undefined> {
	const info = await readServerFile(dataDir);
	if (info?.queueUrl === queueUrl) return info.token;
	return info?.regions?.find((region) => region.queueUrl === queueUrl)?.token;
}

/** How long the check that a local server answers may take: it runs on loopback. */
const probeTimeoutMs = 1500;

/**
 * The local server that runs for `dataDir`, with its signing keys as they are now; undefined
 * when there is no file or the server does not answer with its credentials (it stopped, or
 * was killed and left the file behind).
 */
export async function findLocalServer(dataDir: string): Promise<LocalServerInfo | undefined> {
	const info = await readServerFile(dataDir);
	if (!info) return undefined;
	const keys = await liveKeys(info);
	if (!keys) return undefined;
	const live = { ...info, ...keys };
	if (!info.regions) return live;
	// Each region rotates its keys on its own; one that does not answer keeps those it started with.
	const regions = await Promise.all(
		info.regions.map(async (region) => ({ ...region, ...(await liveKeys(region)) })),
	);
	return { ...live, regions };
}

/** The signing keys a server (or a region of it) has now; undefined when it does not answer. */
async function liveKeys(
	server: Pick<LocalServerInfo, 'queueUrl' | 'token'>,
): Promise<Pick<LocalServerInfo, 'currentSigningKey' | 'nextSigningKey'> | undefined> {
	const keys = (await probeJson(`${server.queueUrl}/v2/keys`, { authorization: `Bearer ${server.token}` })) as
		| { current?: unknown; next?: unknown }
		| undefined;
	if (typeof keys?.current !== 'string' || typeof keys.next !== 'string') return undefined;
	return { currentSigningKey: keys.current, nextSigningKey: keys.next };
}

/**
 * The JSON a GET of `url` answers with 2xx in time; undefined for anything else. node:http
 * rather than fetch: the monitor's first frame waits for this, and fetch loads undici first.
 * Required, not imported: from Node 22 an import of node:http reads every export, and its
 * WebSocket ones load Node's own undici, which the monitor's start waits for (README, Development).
 */
function probeJson(url: string, headers: Record<string, string>): Promise<unknown> {
	const { get } = createRequire(import.meta.url)('node:http') as typeof import('node:http');
	return new Promise((resolve) => {
		try {
			const request = get(url, { headers, signal: AbortSignal.timeout(probeTimeoutMs) }, (response) => {
				const status = response.statusCode ?? 0;
				if (status < 200 || status >= 300) {
					response.resume();
					resolve(undefined);
					return;
				}
				let text = '';
				response.setEncoding('utf8');
				response.on('data', (chunk: string) => {
					text += chunk;
				});
				response.on('end', () => {
					try {
						resolve(JSON.parse(text));
					} catch {
						resolve(undefined);
					}
				});
				response.on('error', () => resolve(undefined));
			});
			request.on('error', () => resolve(undefined));
		} catch {
			// Not an http: URL.
			resolve(undefined);
		}
	});
}

/**
 * The lines an app puts in its `.env` to use the local server: the official SDKs' variable
 * names when the server speaks the deployed dialect, mqtop's own otherwise. The sparse and
 * hybrid indexes go under the names the vector SDK's own test suite reads
 * (`SPARSE_UPSTASH_VECTOR_REST_URL`, ...), there being no SDK names for a second index.
 */
export function envLines(info: LocalServerInfo, dialect: Dialect): string[] {
	const deployed = presetOf(dialect) === 'deployed';
	const dense = localIndex(info, 'dense');
	const search = localIndex(info, 'search');
	const extra = (prefix: string, { url, token }: { url: string; token: string }): [string, string][] => [
		[deployed ? `${prefix}_UPSTASH_VECTOR_REST_URL` : `MQTOP_${prefix}_INDEX_URL`, url],
		[deployed ? `${prefix}_UPSTASH_VECTOR_REST_TOKEN` : `MQTOP_${prefix}_INDEX_TOKEN`, token],
	];
	const indexes = [
		...extra('SPARSE', localIndex(info, 'sparse')),
		...extra('HYBRID', localIndex(info, 'hybrid')),
	];
	const pairs: [string, string][] = deployed
		? [
				['QSTASH_URL', info.queueUrl],
				['QSTASH_TOKEN', info.token],
				['QSTASH_CURRENT_SIGNING_KEY', info.currentSigningKey],
				['QSTASH_NEXT_SIGNING_KEY', info.nextSigningKey],
				['UPSTASH_VECTOR_REST_URL', dense.url],
				['UPSTASH_VECTOR_REST_TOKEN', dense.token],
				['UPSTASH_SEARCH_REST_URL', search.url],
				['UPSTASH_SEARCH_REST_TOKEN', search.token],
				...indexes,
			]
		: [
				[envName('queueUrl'), info.queueUrl],
				[envName('token'), info.token],
				[envName('managementUrl'), info.managementUrl],
				[envName('email'), info.email],
				[envName('apiKey'), info.apiKey],
				[envName('currentSigningKey'), info.currentSigningKey],
				[envName('nextSigningKey'), info.nextSigningKey],
				['MQTOP_VECTOR_INDEX_URL', dense.url],
				['MQTOP_VECTOR_INDEX_TOKEN', dense.token],
				['MQTOP_SEARCH_INDEX_URL', search.url],
				['MQTOP_SEARCH_INDEX_TOKEN', search.token],
				...indexes,
			];
	return [...pairs, ...regionPairs(info, deployed)].map(([name, value]) => `${name}=${value}`);
}

/**
 * Each region's address, token and keys under the names the official SDK's migration mode reads
 * (`US_EAST_1_QSTASH_URL`, ...), with `QSTASH_REGION` naming the default; mqtop's own names with
 * the same prefixes in its own dialect. Nothing for a server of one region.
 */
function regionPairs(info: LocalServerInfo, deployed: boolean): [string, string][] {
	const regions = info.regions;
	if (!regions?.[0]) return [];
	const names = deployed
		? {
				url: 'QSTASH_URL',
				token: 'QSTASH_TOKEN',
				current: 'QSTASH_CURRENT_SIGNING_KEY',
				next: 'QSTASH_NEXT_SIGNING_KEY',
			}
		: {
				url: envName('queueUrl'),
				token: envName('token'),
				current: envName('currentSigningKey'),
				next: envName('nextSigningKey'),
			};
	return [
		...(deployed ? [['QSTASH_REGION', regionEnvPrefix(regions[0].region)] as [string, string]] : []),
		...regions.flatMap((region): [string, string][] => {
			const prefix = regionEnvPrefix(region.region);
			return [
				[`${prefix}_${names.url}`, region.queueUrl],
				[`${prefix}_${names.token}`, region.token],
				[`${prefix}_${names.current}`, region.currentSigningKey],
				[`${prefix}_${names.next}`, region.nextSigningKey],
			];
		}),
	];
}
