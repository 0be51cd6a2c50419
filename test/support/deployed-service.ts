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
}

const basic = `Basic ${Buffer.from(`${credentials.email}:${credentials.apiKey}`).toString('base64')}`;

function route(method: string, path: string): { route: Route; auth: 'basic' | 'bearer' } | undefined {
	const get = method === 'GET';
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
		req.resume();
		req.on('end', () => {
			const url = new URL(req.url ?? '/', 'http://localhost');
			// The publish destination is the rest of the path, kept as it came.
			const path = url.pathname.startsWith('/v2/publish/') ? (req.url ?? '').split('?')[0]! : url.pathname;
			state.requests.push(`${req.method} ${path}`);
			const found = route(req.method ?? 'GET', path);
			if (!found) return reply(res, 404, { error: `no route ${req.method} ${path}` });
			const auth = req.headers.authorization;
			const allowed = found.auth === 'basic' ? auth === basic : auth === `Bearer ${credentials.token}`;
			if (!allowed) return reply(res, 401, { error: 'unauthorized' });
			const refusal = state.refusals[found.route];
			if (refusal) return reply(res, refusal.status, refusal.body, refusal.headers);
			reply(res, found.route === 'cancel' ? 202 : 200, state.answers[found.route]);
		});
	});
	service = Object.assign(server, { answers: documentedAnswers(), refusals: {}, requests: [] as string[] });
	return service;
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
