/**
 * The embedded local service: a real implementation of interface.md with decisions.md on
 * one node:http server (both APIs share it), for one account with one vector index and one
 * search index. It accepts, schedules, delivers, retries, signs, calls back and counts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Agent } from 'undici';
import { resolveDialect } from '../api/dialect.js';
import { resolveLimits } from './account/limits.js';
import { RateLimiter } from './account/rate-limiter.js';
import { systemClock } from './clock.js';
import type { ServiceContext } from './context.js';
import { defaultBackoff, scaledBackoff } from './delivery/backoff.js';
import { DeliveryEngine } from './delivery/engine.js';
import {
	createLocalIndexes,
	registerIndexStatistics,
	restoreLocalIndexes,
} from './indexes/data-plane/local-indexes.js';
import { searchEndpoint, vectorEndpoint } from './indexes/data-plane/planes.js';
import { defaultMessagePrice, type LocalServiceData, type LocalServiceOptions } from './options.js';
import { type KeptShapes, resolveAccount } from './persistence/account.js';
import {
	collections,
	type KeptAccount,
	type KeptRecords,
	openCollections,
	type Sinks,
	values,
} from './persistence/collections.js';
import { Journal, type Keeper, keepNothing } from './persistence/journal.js';
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
	/** REST endpoint of the dense vector index's data plane, and its tokens. */
	vectorIndexUrl: string;
	vectorIndexToken: string;
	vectorIndexReadOnlyToken: string;
	/** The sparse vector index: id, REST endpoint and tokens. */
	sparseIndexId: string;
	sparseIndexUrl: string;
	sparseIndexToken: string;
	sparseIndexReadOnlyToken: string;
	/** The hybrid vector index: id, REST endpoint and tokens. */
	hybridIndexId: string;
	hybridIndexUrl: string;
	hybridIndexToken: string;
	hybridIndexReadOnlyToken: string;
	/** REST endpoint of the search database's data plane, and its token. */
	searchIndexUrl: string;
	searchIndexToken: string;
}

/** What a client needs to reach a service of this identity at `baseUrl`. */
export function serviceInfo(account: KeptAccount, baseUrl: string): LocalServiceInfo {
	return {
		queueUrl: baseUrl,
		managementUrl: baseUrl,
		token: account.credentials.token,
		email: account.credentials.email,
		apiKey: account.credentials.apiKey,
		currentSigningKey: account.keys.current,
		nextSigningKey: account.keys.next,
		accountId: account.credentials.accountId,
		vectorIndexId: account.vectorIndexId,
		searchIndexId: account.searchIndexId,
		vectorIndexUrl: vectorEndpoint(baseUrl, account.vectorIndexId),
		vectorIndexToken: account.vectorTokens.token,
		vectorIndexReadOnlyToken: account.vectorTokens.readOnlyToken,
		sparseIndexId: account.sparseIndexId,
		sparseIndexUrl: vectorEndpoint(baseUrl, account.sparseIndexId),
		sparseIndexToken: account.sparseTokens.token,
		sparseIndexReadOnlyToken: account.sparseTokens.readOnlyToken,
		hybridIndexId: account.hybridIndexId,
		hybridIndexUrl: vectorEndpoint(baseUrl, account.hybridIndexId),
		hybridIndexToken: account.hybridTokens.token,
		hybridIndexReadOnlyToken: account.hybridTokens.readOnlyToken,
		searchIndexUrl: searchEndpoint(baseUrl, account.searchIndexId),
		searchIndexToken: account.searchTokens.token,
	};
}

/**
 * The identity of the service kept in `dataDir` (made and kept now if there is none yet), as
 * it would be reached at `baseUrl`, without starting it. StateInUseError while a service runs
 * on that directory.
 */
export async function keptServiceInfo(
	options: LocalServiceData & { dataDir: string },
	baseUrl: string,
): Promise<LocalServiceInfo> {
	const keeper = await Journal.open(stateDirectory(options.dataDir), () => {});
	try {
		const kept = await keeper.load('account', collections.account);
		const has: KeptShapes = {
			dense: (await keeper.any('vectors')) || (await keeper.any('denseRecords')),
			hybrid: await keeper.any('hybridRecords'),
		};
		const account = resolveAccount(options, kept[0]?.[1], has, Date.now());
		keeper.collection('account', collections.account).put('account', account);
		return serviceInfo(account, baseUrl);
	} finally {
		await keeper.close();
	}
}

export interface LocalServiceHandle extends LocalServiceInfo {
	close(): Promise<void>;
}

/** The in-process handle also reaches the state, for the data planes and diagnostics. */
export interface LocalService extends LocalServiceHandle {
	readonly context: ServiceContext;
	/** Where the state is kept; undefined for an in-memory service. */
	readonly dataDir: string | undefined;
}

/** Where the state lives inside a data directory. */
export function stateDirectory(dataDir: string): string {
	return path.join(dataDir, 'state');
}

/** Statistics are saved this often (and at close): a kill loses at most this much of them. */
const statisticsEveryMs = 5_000;

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
	const onError = options.onError ?? (() => {});
	// The port first: a second server on the same port and data directory is told the port is
	// taken (by the server that has both), which says more than that the directory is.
	const host = options.host ?? '127.0.0.1';
	const server = createServer({ keepAliveTimeout: 5_000 });
	const address = await listen(server, options.port ?? 0, host);
	let keeper: Keeper = keepNothing;
	try {
		if (options.dataDir) keeper = await Journal.open(stateDirectory(options.dataDir), onError);
		return await start(
			options,
			{ server, baseUrl: `http://${urlHost(host)}:${address.port}` },
			keeper,
			onError,
		);
	} catch (error) {
		server.close();
		await keeper.close().catch(() => {});
		throw error;
	}
}

async function start(
	options: LocalServiceOptions,
	{ server, baseUrl }: { server: Server; baseUrl: string },
	keeper: Keeper,
	onError: (error: unknown) => void,
): Promise<LocalService> {
	const clock = options.clock ?? systemClock;
	const dialect = resolveDialect(options.dialect);
	const limits = resolveLimits(options.limits);
	const { kept, sinks } = await openCollections(keeper);
	const account = resolveAccount(
		options,
		kept.account[0]?.[1],
		{ dense: kept.vectors.length + kept.denseRecords.length > 0, hybrid: kept.hybridRecords.length > 0 },
		clock.now(),
	);
	const { credentials, createdAt, keys } = account;
	const saveAccount = () => sinks.account.put('account', account);
	saveAccount();
	const dispatcher = new Agent({ keepAliveTimeout: 4_000, connections: 256 });
	const usage = new UsageStats(options.messagePrice ?? defaultMessagePrice);
	const events = new EventLog(limits.max_events_size);
	const dlq = new DlqStore(limits, sinks.deadLetters);
	const backoff =
		options.backoff ??
		(options.retryDelayScale !== undefined ? scaledBackoff(options.retryDelayScale) : defaultBackoff);
	const queues = new QueueStore(limits, sinks.queues);
	const schedules = new ScheduleStore(limits, sinks.schedules);
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
		changed: () => keeper.touch(),
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
			keeper.touch();
		},
		messageSink: sinks.messages,
		flowSink: sinks.flowKeys,
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
	const indexes = createLocalIndexes({ baseUrl, clock, account, sinks });
	context = {
		dialect,
		clock,
		limits,
		credentials,
		createdAt,
		keys,
		saveAccount,
		engine,
		groups: new GroupStore(limits, sinks.groups),
		queues,
		schedules,
		scheduleRunner,
		dlq,
		events,
		dedup: new DedupStore(sinks.dedup),
		runs,
		waiters,
		workflows,
		usage,
		rateLimiter: new RateLimiter(limits, clock),
		indexes,
	};
	restoreKept(context, kept, sinks, keeper, onError);
	const router = buildRouter(context, onError, keeper);
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
			await keeper.close();
		})();
		return closing;
	};

	return {
		...serviceInfo(account, baseUrl),
		context,
		dataDir: options.dataDir,
		close,
	};
}

/**
 * Puts back everything that was kept, then starts what runs by itself again: messages wait
 * for their times (those due while the service was down go at once), schedules for theirs
 * and workflow waits for their events or deadlines. Statistics come back through their
 * registrations and are saved on a timer.
 */
function restoreKept(
	ctx: ServiceContext,
	kept: KeptRecords,
	sinks: Sinks,
	keeper: Keeper,
	onError: (error: unknown) => void,
): void {
	const now = ctx.clock.now();
	ctx.groups.restore(values(kept.groups));
	ctx.queues.restore(values(kept.queues));
	ctx.schedules.restore(values(kept.schedules));
	ctx.dlq.restore(values(kept.deadLetters));
	ctx.dedup.restore(kept.dedup);
	ctx.engine.flow.restore(values(kept.flowKeys));
	restoreLocalIndexes(ctx.indexes, kept, sinks, onError);
	keeper.register('usage', ctx.usage, { everyMs: statisticsEveryMs });
	registerIndexStatistics(ctx.indexes, keeper, statisticsEveryMs, now);
	// Runs and waiters change with requests and deliveries: saved with the batch after each.
	keeper.register('workflow-runs', ctx.runs);
	keeper.register('workflow-waiters', ctx.waiters);
	ctx.engine.restore(values(kept.messages));
	ctx.workflows.armWaiters();
	for (const record of ctx.schedules.list()) ctx.scheduleRunner.resume(record);
}
