/**
 * The embedded local service: a real implementation of interface.md with decisions.md on
 * one node:http server (both APIs share it), for one account with one vector index and one
 * search index. It accepts, schedules, delivers, retries, signs, calls back and counts.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { resolveDialect } from '../api/dialect.js';
import { generateSigningKey } from '../signing/keys.js';
import { resolveCredentials } from './account/account.js';
import { resolveLimits } from './account/limits.js';
import { RateLimiter } from './account/rate-limiter.js';
import { systemClock } from './clock.js';
import type { ServiceContext } from './context.js';
import { createIndexPlanes } from './data-plane/planes.js';
import { defaultBackoff, scaledBackoff } from './delivery/backoff.js';
import { DeliveryEngine } from './delivery/engine.js';
import { SearchIndexRecord } from './indexes/search-index.js';
import { VectorIndex } from './indexes/vector-index.js';
import { defaultMessagePrice, type LocalServiceOptions } from './options.js';
import { buildRouter } from './routes.js';
import { fireSchedule, noteScheduleOutcome } from './schedules/fire.js';
import { ScheduleRunner } from './schedules/runner.js';
import { UsageStats } from './stats/usage.js';
import { DedupStore } from './stores/dedup-store.js';
import { DlqStore } from './stores/dlq-store.js';
import { EventLog } from './stores/event-log.js';
import { GroupStore } from './stores/group-store.js';
import { QueueStore } from './stores/queue-store.js';
import { ScheduleStore } from './stores/schedule-store.js';
import { WaiterStore } from './stores/waiter-store.js';
import { WorkflowRunStore } from './stores/workflow-run-store.js';
import { WorkflowEngine } from './workflows/engine.js';

export type { LocalServiceData, LocalServiceOptions } from './options.js';

/**
 * Everything a client needs to reach the service (plain data, so it crosses threads). The
 * signing keys are those at start; after a rotation GET /v2/keys has the live pair.
 */
export interface LocalServiceInfo {
	queueUrl: string;
	managementUrl: string;
	token: string;
	email: string;
	apiKey: string;
	currentSigningKey: string;
	nextSigningKey: string;
	accountId: string;
	vectorIndexId: string;
	searchIndexId: string;
	/** REST endpoint of the vector index's data plane, and its tokens. */
	vectorIndexUrl: string;
	vectorIndexToken: string;
	vectorIndexReadOnlyToken: string;
}

export interface LocalServiceHandle extends LocalServiceInfo {
	close(): Promise<void>;
}

/** The in-process handle also reaches the state, for the data planes and diagnostics. */
export interface LocalService extends LocalServiceHandle {
	readonly context: ServiceContext;
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve(server.address() as AddressInfo);
		});
	});
}

function urlHost(host: string): string {
	return host.includes(':') ? `[${host}]` : host;
}

export async function startLocalService(options: LocalServiceOptions = {}): Promise<LocalService> {
	const clock = options.clock ?? systemClock;
	const dialect = resolveDialect(options.dialect);
	const limits = resolveLimits(options.limits);
	const credentials = resolveCredentials(options);
	const createdAt = clock.now();
	const keys = {
		current: options.currentSigningKey ?? generateSigningKey(),
		next: options.nextSigningKey ?? generateSigningKey(),
	};
	const dispatcher = new Agent({ keepAliveTimeout: 4_000, connections: 256 });
	const usage = new UsageStats(options.messagePrice ?? defaultMessagePrice);
	const events = new EventLog(limits.max_events_size);
	const dlq = new DlqStore(limits);
	const backoff =
		options.backoff ??
		(options.retryDelayScale !== undefined ? scaledBackoff(options.retryDelayScale) : defaultBackoff);
	const onError = options.onError ?? (() => {});
	const queues = new QueueStore(limits);
	const schedules = new ScheduleStore(limits);
	const runs = new WorkflowRunStore();
	const waiters = new WaiterStore();
	// The context is complete before anything is delivered or fired; these read it then.
	let context: ServiceContext | undefined;
	const workflows = new WorkflowEngine({
		dialect,
		clock,
		limits,
		usage,
		runs,
		waiters,
		delivery: () => engine,
	});
	const engine = new DeliveryEngine({
		onError,
		dialect,
		clock,
		limits,
		signingKey: () => keys.current,
		usage,
		events,
		dlq,
		backoff,
		dispatcher,
		queueSettings: (name) => queues.get(name),
		onFinished: (message, outcome) => {
			if (context) noteScheduleOutcome(context, message, outcome);
		},
		runs: workflows.hooks,
	});
	const scheduleRunner = new ScheduleRunner(clock, schedules, (record, at) => {
		if (!context) return;
		try {
			fireSchedule(context, record, at);
		} catch (error) {
			onError(error);
		}
	});
	const host = options.host ?? '127.0.0.1';
	const server = createServer({ keepAliveTimeout: 5_000 });
	const address = await listen(server, options.port ?? 0, host);
	const baseUrl = `http://${urlHost(host)}:${address.port}`;
	const vectorIndexId = options.vectorIndexId ?? randomUUID();
	const searchIndexId = options.searchIndexId ?? randomUUID();
	const vectorIndex = new VectorIndex(vectorIndexId, 'local-vector', createdAt);
	const searchIndex = new SearchIndexRecord(
		searchIndexId,
		'local-search',
		credentials.email,
		`${baseUrl}/search/${searchIndexId}`,
		createdAt,
	);
	const dataPlanes = createIndexPlanes({
		baseUrl,
		vectorIndex,
		searchIndex,
		dimension: options.vectorDimension,
		similarity: options.vectorSimilarity,
	});
	context = {
		dialect,
		clock,
		limits,
		credentials,
		createdAt,
		keys,
		engine,
		groups: new GroupStore(limits),
		queues,
		schedules,
		scheduleRunner,
		dlq,
		events,
		dedup: new DedupStore(),
		runs,
		waiters,
		workflows,
		usage,
		rateLimiter: new RateLimiter(limits, clock),
		vectorIndex,
		searchIndex,
		dataPlanes,
	};
	const router = buildRouter(context, onError);
	server.on('request', router.listener);
	// Errors of the listening socket (out of file descriptors, say) must not end the process.
	server.on('error', onError);
	// A client that sends garbage gets a 400 from node:http; it must not take the server down.
	server.on('clientError', (_error, socket) => {
		if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
		else socket.destroy();
	});

	let closing: Promise<void> | undefined;
	const close = () => {
		closing ??= (async () => {
			scheduleRunner.close();
			workflows.close();
			engine.close();
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
			await dispatcher.destroy();
		})();
		return closing;
	};

	return {
		queueUrl: baseUrl,
		managementUrl: baseUrl,
		token: credentials.token,
		email: credentials.email,
		apiKey: credentials.apiKey,
		currentSigningKey: keys.current,
		nextSigningKey: keys.next,
		accountId: credentials.accountId,
		vectorIndexId,
		searchIndexId,
		vectorIndexUrl: dataPlanes.vector.endpoint,
		vectorIndexToken: dataPlanes.vector.token,
		vectorIndexReadOnlyToken: dataPlanes.vector.readOnlyToken,
		context,
		close,
	};
}
