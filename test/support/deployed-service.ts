/**
 * A loopback server that answers as the deployed service does, in its dialect (the `deployed`
 * preset: `/v2/qstash/...` paths) and with the answers of test/fixtures/deployed: vendor field
 * names, header values as lists, the other timestamp spellings, `/v2/logs` and no `/v2/events`.
 * Tests replace any answer to see what the commands make of odd ones.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as answers from '../fixtures/deployed/answers.js';
import { listen, type TestServer } from './http-server.js';

export const credentials = {
	token: 'deployed-token',
	email: 'ops@example.org',
	apiKey: 'deployed-api-key',
};

/** The answers by route; `undefined` answers 200 with an empty body. */
export function documentedAnswers() {
	return {
		users: answers.users as unknown,
		mqStats: answers.mqStats as unknown,
		vectorStats: answers.vectorStats as unknown,
		searchIndex: answers.searchIndex as unknown,
		message: answers.message as unknown,
		cancel: answers.cancelReference as unknown,
		dlq: answers.dlqPage as unknown,
		dlqRecord: answers.dlqPage.messages[0] as unknown,
		groups: answers.groups as unknown,
		group: answers.group as unknown,
		publishUrl: answers.publishUrl as unknown,
		publishGroup: answers.publishGroupReference as unknown,
		trigger: answers.triggerResults as unknown,
		keys: answers.signingKeys as unknown,
		logs: answers.logsPage as unknown,
		queues: answers.queues as unknown,
		queue: answers.queues[0] as unknown,
		schedules: answers.schedules as unknown,
		schedule: answers.schedule as unknown,
		flowControlKeys: answers.flowControlKeys as unknown,
		flowControlKey: answers.flowControlKeys[0] as unknown,
		globalParallelism: answers.globalParallelism as unknown,
		dlqDeleted: answers.dlqDeleted as unknown,
		dlqRetried: answers.dlqRetried as unknown,
		// The reference answers 200 with no body to these.
		action: undefined as unknown,
		workflowRuns: answers.workflowRuns as unknown,
		vectorIndex: answers.vectorIndexResource as unknown,
		// The data planes, at `/vector-data/...` and `/search-data/...` of this server.
		vectorQuery: answers.vectorMatches as unknown,
		vectorFetch: answers.vectorFetched as unknown,
		vectorRange: answers.vectorPage as unknown,
		vectorDelete: answers.deletedTwo as unknown,
		searchQuery: answers.searchMatches as unknown,
		searchFetch: answers.searchFetched as unknown,
		searchRange: answers.searchPage as unknown,
		searchDelete: answers.deletedTwo as unknown,
	};
}
export type Route = keyof ReturnType<typeof documentedAnswers>;

/** An answer other than 200 with the route's body: a status, its headers and a body. */
export interface Refusal {
	status: number;
	headers?: Record<string, string>;
	body?: unknown;
}

export interface DeployedService extends TestServer {
	/** What each route answers now: change it to change the next answer. */
	answers: Record<Route, unknown>;
	/** Routes that answer otherwise for now (a 429 with its rate-limit headers, say): delete to restore. */
	refusals: Partial<Record<Route, Refusal>>;
	/** `METHOD path` of every request, in order. */
	requests: string[];
	/** The body of every request, in the same order ("" for none). */
	bodies: string[];
}

const basic = `Basic ${Buffer.from(`${credentials.email}:${credentials.apiKey}`).toString('base64')}`;

type Auth = 'basic' | 'bearer' | 'vector-read' | 'vector-write' | 'search-read' | 'search-write';

/** The data planes' tokens: the index token does everything, the read-only one only reads (403 else). */
const indexTokens = {
	vector: { token: answers.vectorIndexResource.token, readOnly: answers.vectorIndexResource.read_only_token },
	search: { token: answers.searchIndex.token, readOnly: answers.searchIndex.read_only_token },
};

/** A data plane's command, POSTed as the vendor's SDKs send them, the namespace as the last segment. */
function dataPlaneRoute(method: string, path: string): { route: Route; auth: Auth } | undefined {
	const match = /^\/(vector|search)-data\/([a-z-]+)(\/[^/]+)?$/.exec(path);
	if (method !== 'POST' || !match) return undefined;
	const [, plane, command] = match as unknown as [string, 'vector' | 'search', string];
	const routes: Record<string, [string, 'read' | 'write']> = {
		query: ['Query', 'read'],
		'query-data': ['Query', 'read'],
		search: ['Query', 'read'],
		fetch: ['Fetch', 'read'],
		range: ['Range', 'read'],
		delete: ['Delete', 'write'],
	};
	const found = routes[command];
	// `search` is the search plane's query; `query*` the vector plane's.
	const wrongPlane = plane === 'vector' ? command === 'search' : command.startsWith('query');
	if (!found || wrongPlane) return undefined;
	return { route: `${plane}${found[0]}` as Route, auth: `${plane}-${found[1]}` };
}

function allowedBy(auth: Auth, header: string | undefined): number {
	if (auth === 'basic') return header === basic ? 200 : 401;
	if (auth === 'bearer') return header === `Bearer ${credentials.token}` ? 200 : 401;
	const [plane, access] = auth.split('-') as ['vector' | 'search', 'read' | 'write'];
	const tokens = indexTokens[plane];
	if (header === `Bearer ${tokens.token}`) return 200;
	if (header === `Bearer ${tokens.readOnly}`) return access === 'read' ? 200 : 403;
	return 401;
}

function route(method: string, path: string): { route: Route; auth: Auth } | undefined {
	const get = method === 'GET';
	const dataPlane = dataPlaneRoute(method, path);
	if (dataPlane) return dataPlane;
	if (get && /^\/v2\/vector\/index\/[^/]+$/.test(path)) return { route: 'vectorIndex', auth: 'basic' };
	if (get && path === '/v2/qstash/users') return { route: 'users', auth: 'basic' };
	if (get && /^\/v2\/qstash\/stats\/[^/]+$/.test(path)) return { route: 'mqStats', auth: 'basic' };
	if (get && /^\/v2\/vector\/index\/[^/]+\/stats$/.test(path)) return { route: 'vectorStats', auth: 'basic' };
	if (get && /^\/v2\/search\/[^/]+$/.test(path)) return { route: 'searchIndex', auth: 'basic' };
	if (get && /^\/v2\/messages\/[^/]+$/.test(path)) return { route: 'message', auth: 'bearer' };
	if (method === 'DELETE' && /^\/v2\/messages\/[^/]+$/.test(path)) return { route: 'cancel', auth: 'bearer' };
	if (get && path === '/v2/dlq') return { route: 'dlq', auth: 'bearer' };
	if (get && /^\/v2\/dlq\/[^/]+$/.test(path)) return { route: 'dlqRecord', auth: 'bearer' };
	if (get && path === '/v2/topics') return { route: 'groups', auth: 'bearer' };
	if (get && /^\/v2\/topics\/[^/]+$/.test(path)) return { route: 'group', auth: 'bearer' };
	// mqtop sends the destination as one encoded segment, as other clients of the service do.
	if (method === 'POST' && /^\/v2\/publish\/https?(:|%3A)/i.test(path))
		return { route: 'publishUrl', auth: 'bearer' };
	if (method === 'POST' && path.startsWith('/v2/publish/')) return { route: 'publishGroup', auth: 'bearer' };
	if (method === 'POST' && path === '/v2/batch/trigger') return { route: 'trigger', auth: 'bearer' };
	if (get && path === '/v2/keys') return { route: 'keys', auth: 'bearer' };
	if (get && path === '/v2/logs') return { route: 'logs', auth: 'bearer' };
	if (get && path === '/v2/queues') return { route: 'queues', auth: 'bearer' };
	if (get && /^\/v2\/queues\/[^/]+$/.test(path)) return { route: 'queue', auth: 'bearer' };
	if (get && path === '/v2/schedules') return { route: 'schedules', auth: 'bearer' };
	if (get && /^\/v2\/schedules\/[^/]+$/.test(path)) return { route: 'schedule', auth: 'bearer' };
	if (get && path === '/v2/flowControl') return { route: 'flowControlKeys', auth: 'bearer' };
	if (get && /^\/v2\/flowControl\/[^/]+$/.test(path)) return { route: 'flowControlKey', auth: 'bearer' };
	if (get && path === '/v2/globalParallelism') return { route: 'globalParallelism', auth: 'bearer' };
	if (method === 'DELETE' && path === '/v2/dlq') return { route: 'dlqDeleted', auth: 'bearer' };
	if (method === 'POST' && path === '/v2/dlq/retry') return { route: 'dlqRetried', auth: 'bearer' };
	const action =
		/^\/v2\/(queues|schedules)\/[^/]+\/(pause|resume)$|^\/v2\/flowControl\/[^/]+\/(pause|resume|pin|unpin|resetRate)$/;
	if (method === 'POST' && action.test(path)) return { route: 'action', auth: 'bearer' };
	if (get && path === '/v2/workflows/logs') return { route: 'workflowRuns', auth: 'bearer' };
	return undefined;
}

function reply(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): void {
	if (body === undefined) {
		res.writeHead(status, headers).end();
		return;
	}
	res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

export async function startDeployedService(): Promise<DeployedService> {
	// The handler reads the answers through the returned object, so that tests may replace them.
	let service: DeployedService | undefined;
	const server = await listen((req: IncomingMessage, res: ServerResponse) => {
		const state = service!;
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://localhost');
			// The publish destination is the rest of the path, kept as it came.
			const path = url.pathname.startsWith('/v2/publish/') ? (req.url ?? '').split('?')[0]! : url.pathname;
			state.requests.push(`${req.method} ${path}`);
			state.bodies.push(Buffer.concat(chunks).toString('utf8'));
			const found = route(req.method ?? 'GET', path);
			if (!found) return reply(res, 404, { error: `no route ${req.method} ${path}` });
			const allowed = allowedBy(found.auth, req.headers.authorization);
			if (allowed === 403)
				return reply(res, 403, {
					error: 'Unauthorized: Read-only token cannot be used for write operations',
				});
			if (allowed !== 200) return reply(res, 401, { error: 'unauthorized' });
			const refusal = state.refusals[found.route];
			if (refusal) return reply(res, refusal.status, refusal.body, refusal.headers);
			reply(res, found.route === 'cancel' ? 202 : 200, state.answers[found.route]);
		});
	});
	service = Object.assign(server, {
		answers: pointedAt(documentedAnswers(), server.url),
		refusals: {},
		requests: [] as string[],
		bodies: [] as string[],
	});
	return service;
}

/**
 * The answers with the indexes' endpoints pointed at this server's data planes (deployed, they
 * are host names of their own): tests that replace `answers` use it too.
 */
export function pointedAt(answers: ReturnType<typeof documentedAnswers>, url: string) {
	return {
		...answers,
		vectorIndex: { ...(answers.vectorIndex as object), endpoint: `${url}/vector-data` },
		searchIndex: { ...(answers.searchIndex as object), endpoint: `${url}/search-data` },
	};
}

/** The MQTOP_* variables that point mqtop at `service` in the deployed dialect. */
export function deployedEnv(service: TestServer): Record<string, string> {
	return {
		MQTOP_QUEUE_URL: service.url,
		MQTOP_MANAGEMENT_URL: service.url,
		MQTOP_TOKEN: credentials.token,
		MQTOP_EMAIL: credentials.email,
		MQTOP_API_KEY: credentials.apiKey,
		MQTOP_DIALECT: 'deployed',
	};
}
