/** Everything the request handlers of the local service share: one account's state. */
import type { Dialect } from '../api/dialect.js';
import type { PublishResult } from '../api/schemas.js';
import type { AccountCredentials } from './account/account.js';
import type { PlanLimits } from './account/limits.js';
import type { RateLimiter } from './account/rate-limiter.js';
import type { Clock } from './clock.js';
import type { DeliveryEngine } from './delivery/engine.js';
import type { IndexCatalog } from './indexes/data-plane/created-indexes.js';
import type { IndexPlanes } from './indexes/data-plane/planes.js';
import type { ScheduleRunner } from './schedules/runner.js';
import type { UsageStats } from './stats/usage.js';
import type { DedupStore } from './stores/dedup-store.js';
import type { DlqStore } from './stores/dlq-store.js';
import type { Evictions } from './stores/evictions.js';
import type { GroupStore } from './stores/group-store.js';
import type { LogStore } from './stores/log-store.js';
import type { QueueStore } from './stores/queue-store.js';
import type { ScheduleStore } from './stores/schedule-store.js';
import type { WaiterStore } from './stores/waiter-store.js';
import type { WorkflowRunStore } from './stores/workflow-run-store.js';
import type { WorkflowEngine } from './workflows/engine.js';

export interface SigningKeyPair {
	current: string;
	next: string;
}

/** What a publish answered, kept for deduplication. */
export type PublishAnswer =
	| { kind: 'url'; result: PublishResult }
	| { kind: 'group'; results: PublishResult[] };

export interface ServiceContext {
	dialect: Dialect;
	clock: Clock;
	limits: PlanLimits;
	credentials: AccountCredentials;
	createdAt: number;
	keys: SigningKeyPair;
	/** Keeps the credentials and keys as they are now (after a key rotation). */
	saveAccount(): void;
	/** Tells whoever started the service the account's new token (after a token rotation). */
	tokenChanged(token: string): void;
	engine: DeliveryEngine;
	groups: GroupStore;
	queues: QueueStore;
	schedules: ScheduleStore;
	scheduleRunner: ScheduleRunner;
	dlq: DlqStore;
	/** What the caps evicted, said to the operator. */
	evictions: Evictions;
	events: LogStore;
	dedup: DedupStore<PublishAnswer>;
	/** Workflow runs, their waiters, and the engine that moves them. */
	runs: WorkflowRunStore;
	waiters: WaiterStore;
	workflows: WorkflowEngine;
	usage: UsageStats;
	rateLimiter: RateLimiter;
	/** The vector indexes and the search database: engines, endpoints, tokens and statistics. */
	indexes: IndexPlanes;
	/** Makes, renames, gives new tokens to and deletes indexes (the management API). */
	catalog: IndexCatalog;
}
