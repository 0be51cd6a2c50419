/**
 * The embedded local service: a real implementation of the protocol on one node:http server (both
 * APIs share it; docs/protocol/local-server.md#one-host), for one account with one vector index and
 * one search index. It accepts, schedules, delivers, retries, signs, calls back and counts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Agent } from 'undici';
import { type Dialect, resolveDialect } from '../api/dialect.js';
import { resolveLimits } from './account/limits.js';
import { RateLimiter } from './account/rate-limiter.js';
import { buildRouter } from './api/routes.js';
import { systemClock } from './clock.js';
import type { ServiceContext } from './context.js';
import { defaultBackoff, scaledBackoff } from './delivery/backoff.js';
import { DeliveryEngine } from './delivery/engine.js';
import { originParallelism } from './delivery/origin-slots.js';
import { ServiceError } from './errors.js';
import {
	type ConnectionGuard,
	guardConnections,
	resolveConnectionLimits,
	serverOptions,
} from './http/connections.js';
import { serviceErrorReply } from './http/error-status.js';
import { writeReply } from './http/reply.js';
import { IndexCatalog, recordsCollection } from './indexes/data-plane/created-indexes.js';
import {
	createLocalIndexes,
	openCreatedIndexes,
	registerIndexStatistics,
	restoreLocalIndexes,
} from './indexes/data-plane/local-indexes.js';
import { defaultMessagePrice, type LocalServiceData, type LocalServiceOptions } from './options.js';
import { type KeptShapes, resolveAccount } from './persistence/account.js';
import { versionedJsonCodec } from './persistence/codec.js';
import {
	collections,
	type KeptAccount,
	type KeptRecords,
	openCollections,
	values,
} from './persistence/collections.js';
import { Journal, type Keeper, keepNothing } from './persistence/journal.js';
import { Recovery } from './persistence/recovery.js';
import { fireSchedule, noteScheduleOutcome } from './schedules/fire.js';
import { ScheduleRunner } from './schedules/runner.js';
import { type LocalServiceInfo, serviceInfo } from './service-info.js';
import { UsageStats } from './stats/usage.js';
import { DedupStore } from './stores/dedup-store.js';
import { DlqStore } from './stores/dlq-store.js';
import { Evictions } from './stores/evictions.js';
import { GroupStore } from './stores/group-store.js';
import { KeptMessages, pendingMessages } from './stores/kept-messages.js';
import { LogStore } from './stores/log-store.js';
import { QueueStore } from './stores/queue-store.js';
import { ScheduleStore } from './stores/schedule-store.js';
import { defaultMaxKeptNotifications, WaiterStore } from './stores/waiter-store.js';
import { defaultRunCapacity, WorkflowRunStore } from './stores/workflow-run-store.js';
import { WorkflowEngine } from './workflows/engine.js';

export type { LocalServiceData, LocalServiceOptions } from './options.js';
export {
	type LocalIndexInfo,
	type LocalIndexKind,
	localIndex,
	localIndexKinds,
} from './service-indexes.js';
export { type LocalServiceInfo, serviceInfo } from './service-info.js';

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
			dense: await keeper.any('denseRecords'),
			hybrid: await keeper.any('hybridRecords'),
		};
		const account = resolveAccount(options, kept[0]?.[1], has, Date.now());
		keeper.collection('account', collections.account).put('account', account);
		const created = await keeper.load('createdIndexes', collections.createdIndexes);
		return serviceInfo(
			account,
			baseUrl,
			created.map(([, index]) => index),
		);
	} finally {
		await keeper.close();
	}
}

export interface LocalServiceHandle extends LocalServiceInfo {
	/** Stops it; the in-process service answers with its StopReport. */
	close(): Promise<unknown>;
}

/** What a service leaves when it stops: what its next start on the same directory has. */
export interface StopReport {
	/** Messages waiting to be delivered. */
	pending: number;
	/** Why the last changes could not be kept, when they could not (a full disk): `pending` is what was kept before. */
	unsaved?: string;
	/** Records dropped at a cap while it ran, per store. */
	evicted: Record<string, number>;
}

/** The in-process handle also reaches the state, for the data planes and diagnostics. */
export interface LocalService extends LocalServiceHandle {
	/** The state now (after a store failure and its recovery, a new one). */
	readonly context: ServiceContext;
	/** Where the state is kept; undefined for an in-memory service. */
	readonly dataDir: string | undefined;
	/** Bytes of records written to the data directory so far (0 in memory). */
	writtenBytes(): number;
	/** Records written to the data directory so far, puts and deletes alike (0 in memory). */
	writtenRecords(): number;
	/** The dialect the data directory kept before this start (undefined: none kept yet). */
	readonly keptDialect: Dialect | undefined;
	close(): Promise<StopReport>;
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
	const onNotice = options.onNotice ?? (() => {});
	// The port first: a second server on the same port and data directory is told the port is
	// taken (by the server that has both), which says more than that the directory is.
	const host = options.host ?? '127.0.0.1';
	const connectionLimits = resolveConnectionLimits(options.connections);
	const server = createServer(serverOptions(connectionLimits));
	const guard = guardConnections(server, connectionLimits);
	const address = await listen(server, options.port ?? 0, host);
	let journal: Journal | undefined;
	try {
		if (options.dataDir)
			journal = await Journal.open(stateDirectory(options.dataDir), onError, {
				onNotice,
				...(options.storageFaults ? { faults: options.storageFaults } : {}),
			});
		return await serve(
			options,
			{ server, guard, baseUrl: `http://${urlHost(host)}:${address.port}` },
			journal,
			{
				onError,
				onNotice,
			},
		);
	} catch (error) {
		server.close();
		await journal?.close().catch(() => {});
		throw error;
	}
}

interface Reporters {
	onError: (error: unknown) => void;
	onNotice: (text: string) => void;
}

/** How often a journal that failed a write is opened again, unless told otherwise. */
const recoverEveryMs = 2_000;

async function serve(
	options: LocalServiceOptions,
	{ server, guard, baseUrl }: { server: Server; guard: ConnectionGuard; baseUrl: string },
	journal: Journal | undefined,
	{ onError, onNotice }: Reporters,
): Promise<LocalService> {
	const keeper: Keeper = journal ?? keepNothing;
	const clock = options.clock ?? systemClock;
	// As many connections to an origin as it may have deliveries in flight: none waits unattempted.
	const dispatcher = new Agent({
		keepAliveTimeout: 4_000,
		connections: Math.max(1, originParallelism(resolveLimits(options.limits))),
	});
	const evictions = new Evictions(clock, onNotice);
	const shared: Shared = { baseUrl, keeper, dispatcher, evictions, onError, onNotice };
	let runtime: Runtime;
	try {
		runtime = await openRuntime(options, shared);
	} catch (error) {
		await dispatcher.destroy();
		throw error;
	}
	const account = runtime.account;
	const recovery =
		journal &&
		new Recovery(journal, {
			pause: () => runtime.stop(),
			resume: async () => {
				const next = await openRuntime(options, shared);
				// A write failed while it started (this one is stopped too, and the next try will
				// come), or the service is stopping.
				if (journal.failed || closing) {
					next.stop();
					throw journal.failed ?? new Error('the local service is stopping');
				}
				runtime = next;
				return next.context.engine.messages.size;
			},
			notice: onNotice,
			onError,
			everyMs: options.recoverEveryMs ?? recoverEveryMs,
		});
	server.on('request', (req, res) => {
		// Answered 503 when it connected, past the most connections: nothing it sends is handled.
		if (guard.refused(req.socket)) return;
		const refusal = recovery?.refusal();
		if (refusal === undefined) {
			runtime.listener(req, res);
			return;
		}
		req.resume();
		writeReply(res, serviceErrorReply(new ServiceError('unavailable', refusal)));
	});
	// Errors of the listening socket (out of file descriptors, say) must not end the process.
	server.on('error', onError);
	let closing: Promise<StopReport> | undefined;
	const close = () => {
		closing ??= (async () => {
			recovery?.close();
			runtime.stop();
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
			await dispatcher.destroy();
			await keeper.close();
			const unsaved = await recovery?.unsaved();
			const evicted = evictions.totals();
			if (unsaved) return { pending: unsaved.pending, unsaved: unsaved.reason, evicted };
			return { pending: runtime.context.engine.messages.size, evicted };
		})();
		return closing;
	};

	const service = {
		...serviceInfo(account, baseUrl, runtime.context.catalog.kept()),
		get context() {
			return runtime.context;
		},
		dataDir: options.dataDir,
		keptDialect: runtime.keptDialect,
		close,
	};
	// Not enumerable: what is spread of a service (the info posted from a worker, or written
	// for other processes) stays plain data.
	return Object.defineProperties(service, {
		writtenBytes: { value: () => keeper.bytesWritten },
		writtenRecords: { value: () => keeper.recordsWritten },
	}) as LocalService;
}

/** What every runtime of one service shares: where it is, how it keeps, sends and reports. */
interface Shared extends Reporters {
	baseUrl: string;
	keeper: Keeper;
	dispatcher: Agent;
	evictions: Evictions;
}

/** The state of a service, as kept, with everything that runs by itself on it. */
interface Runtime {
	account: KeptAccount;
	/** The dialect kept before this runtime started. */
	keptDialect: Dialect | undefined;
	context: ServiceContext;
	listener: (req: IncomingMessage, res: ServerResponse) => void;
	/** Stops deliveries, schedules and waits; what its requests and deliveries still change is not kept. */
	stop(): void;
}

/** Builds the state from what was kept and starts what runs by itself on it. */
async function openRuntime(options: LocalServiceOptions, shared: Shared): Promise<Runtime> {
	const { baseUrl, keeper, dispatcher, evictions, onError } = shared;
	const clock = options.clock ?? systemClock;
	const limits = resolveLimits(options.limits);
	const { kept, sinks } = await openCollections(keeper);
	const keptDialect = kept.account[0]?.[1]?.dialect;
	const account = resolveAccount(
		options,
		kept.account[0]?.[1],
		{ dense: kept.denseRecords.length > 0, hybrid: kept.hybridRecords.length > 0 },
		clock.now(),
	);
	const dialect = account.dialect ?? resolveDialect(options.dialect);
	const { credentials, createdAt, keys } = account;
	const saveAccount = () => sinks.account.put('account', account);
	saveAccount();
	let alive = true;
	// Once stopped, nothing this state does is kept or sent: a newer one has taken over.
	const stopped = Promise.reject(new Error('the state was reloaded from the data directory meanwhile'));
	stopped.catch(() => {});
	const settle = () => (alive ? keeper.settle() : stopped);
	const usage = new UsageStats(options.messagePrice ?? defaultMessagePrice);
	// A message is kept once, for the engine while pending and for the logs while they show it.
	const keptMessages = new KeptMessages(sinks.messages);
	const events = new LogStore(
		limits.max_events_size,
		{ records: sinks.logs, messages: keptMessages.logged },
		evictions,
	);
	const dlq = new DlqStore(limits, sinks.deadLetters, evictions);
	const backoff =
		options.backoff ??
		(options.retryDelayScale !== undefined ? scaledBackoff(options.retryDelayScale) : defaultBackoff);
	const queues = new QueueStore(limits, sinks.queues);
	const schedules = new ScheduleStore(limits, sinks.schedules);
	const runs = new WorkflowRunStore(
		{ runs: sinks.workflowRuns, entries: sinks.workflowRunEntries },
		options.caps?.workflowRuns ?? defaultRunCapacity,
		evictions,
		options.caps?.runHistory,
	);
	const waiters = new WaiterStore(
		{ waiters: sinks.waiters, notifications: sinks.notifications },
		options.caps?.notifications ?? defaultMaxKeptNotifications,
		evictions,
		options.caps?.waiting,
	);
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
		region: options.region,
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
		messageSink: keptMessages.pending,
		flowSink: sinks.flowKeys,
		runs: workflows.hooks,
		kept: settle,
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
	account.indexNames ??= {};
	const catalog = new IndexCatalog(
		indexes,
		{ baseUrl, clock, createdAt, ownerEmail: credentials.email },
		{
			specs: sinks.createdIndexes,
			records: (id) => keeper.collection(recordsCollection(id), versionedJsonCodec('index record')),
			register: (name, store) => keeper.register(name, store, statisticsEveryMs),
			unregister: (name) => keeper.unregister(name),
			saveAccount,
		},
		account.indexNames,
		options.caps?.createdIndexes,
	);
	await openCreatedIndexes(catalog, kept.createdIndexes, keeper, onError);
	context = {
		dialect,
		clock,
		limits,
		credentials,
		createdAt,
		keys,
		saveAccount,
		tokenChanged: options.onTokenChange ?? (() => {}),
		engine,
		groups: new GroupStore(limits, sinks.groups),
		queues,
		schedules,
		scheduleRunner,
		dlq,
		evictions,
		events,
		dedup: new DedupStore(sinks.dedup),
		runs,
		waiters,
		workflows,
		usage,
		rateLimiter: new RateLimiter(limits, clock),
		indexes,
		catalog,
	};
	restoreKept(context, kept, keeper, shared, keptMessages);
	const router = buildRouter(context, onError, settle);
	const ctx = context;
	return {
		account,
		keptDialect,
		context: ctx,
		listener: router.listener,
		stop() {
			alive = false;
			ctx.scheduleRunner.close();
			ctx.workflows.close();
			ctx.engine.close();
		},
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
	keeper: Keeper,
	shared: Shared,
	keptMessages: KeptMessages,
): void {
	const now = ctx.clock.now();
	ctx.groups.restore(values(kept.groups));
	ctx.queues.restore(values(kept.queues));
	ctx.schedules.restore(values(kept.schedules));
	ctx.dlq.restore(values(kept.deadLetters));
	ctx.dedup.restore(kept.dedup);
	ctx.engine.flow.restore(values(kept.flowKeys));
	restoreLocalIndexes(ctx.indexes, kept, shared.onError);
	keeper.register('usage', ctx.usage, statisticsEveryMs);
	registerIndexStatistics(ctx.indexes, keeper, statisticsEveryMs, now);
	ctx.runs.restore(values(kept.workflowRuns), kept.workflowRunEntries);
	ctx.waiters.restore(values(kept.waiters), kept.notifications);
	const pending = pendingMessages(kept.messages, kept.logs);
	keptMessages.restore(kept.messages, pending);
	ctx.engine.restore(pending);
	const { unreadable } = ctx.events.restore(kept.logs, new Map(kept.messages), now, (id) =>
		ctx.engine.messages.get(id),
	);
	if (unreadable > 0)
		shared.onNotice(
			`skipped ${unreadable} kept delivery log record${unreadable === 1 ? '' : 's'} whose message was not kept`,
		);
	ctx.workflows.waits.armAll();
	for (const record of ctx.schedules.list()) ctx.scheduleRunner.resume(record);
}
