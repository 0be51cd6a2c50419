/**
 * The one poll scheduler. It polls the jobs it is given (the visible pane's endpoints) every
 * interval, all on one beat (their answers come together and make one frame), never sends a
 * second request to an endpoint while one is out, backs off exponentially on failure, and while
 * paused (frozen) leaves the data as it is. A keyed endpoint (one job per message id) has a
 * request out per id at most, and at most its `concurrency` requests out in all; the others wait
 * their turn. A 429 holds every job of its API until the limit resets (a rate limit is the
 * account's, not the endpoint's), unless the person asks for a refresh.
 */
import type { MqClient } from '../../api/client.js';
import type { Reading } from '../../api/liberal.js';
import { type BackoffPolicy, backoffDelay } from './backoff.js';
import { describePollError } from './describe-error.js';
import { type Api, type EndpointInfo, isKeyed, type PollRequest } from './endpoints.js';
import type { PollStore } from './poll-store.js';

export interface PollJob {
	endpoint: EndpointInfo;
	/** What the request asks for beyond the endpoint; other params make it another job. */
	params: string;
	fetch(signal: AbortSignal): Promise<Reading<unknown>>;
}

/** A plan's requests bound to the client: what the scheduler runs. */
export function toJobs(requests: readonly PollRequest[], client: MqClient): PollJob[] {
	return requests.map((r) => ({
		endpoint: r.endpoint,
		params: r.params,
		fetch: (signal) => r.fetch(client, signal),
	}));
}

export interface SchedulerOptions {
	intervalMs: number;
	backoff?: BackoffPolicy;
	now?: () => number;
}

interface Active {
	id: string;
	job: PollJob;
	timer: ReturnType<typeof setTimeout> | undefined;
	/** When its request is (or was) due, whenever its timer ran. */
	dueAt: number;
}

interface InFlight {
	id: string;
	controller: AbortController;
	done: Promise<void>;
}

const jobId = (job: PollJob) => `${job.endpoint.key} ${job.params}`;
/** What may have one request out at a time: the endpoint, or for a keyed endpoint the job. */
const flightKey = (job: PollJob) => (isKeyed(job.endpoint) ? jobId(job) : job.endpoint.key);

export class PollScheduler {
	private readonly active = new Map<string, Active>();
	private readonly inFlight = new Map<string, InFlight>();
	/** Requests out per keyed endpoint, and the jobs waiting for one of its slots, in order. */
	private readonly outCount = new Map<string, number>();
	private readonly queued = new Map<string, Set<Active>>();
	/** Consecutive failures by job id; kept when a job is hidden, so flipping panes does not skip the backoff. */
	private readonly failures = new Map<string, { count: number; retryAt: number }>();
	/** Jobs refreshed while their request was out: that answer may predate an edit, so they go again at once. */
	private readonly again = new Set<string>();
	/** Until when (unix ms) an API's jobs wait: the reset of the rate limit it answered 429 for. */
	private readonly holds = new Map<Api, number>();
	private paused = false;
	private stopped = false;
	private intervalMs: number;
	private readonly backoff: BackoffPolicy;
	private readonly now: () => number;
	/** The beat polls keep: every interval from here. */
	private readonly origin: number;

	constructor(
		private readonly store: PollStore,
		options: SchedulerOptions,
	) {
		this.intervalMs = options.intervalMs;
		this.backoff = options.backoff ?? { baseMs: options.intervalMs, maxMs: 30_000 };
		this.now = options.now ?? Date.now;
		this.origin = this.now();
	}

	/** Replaces the polled set: new jobs start now (or when their backoff ends), dropped ones stop. */
	setJobs(jobs: readonly PollJob[]): void {
		if (this.stopped) return;
		const wanted = new Map<string, PollJob>();
		// One job per endpoint, the last one asked for winning; a keyed endpoint keeps them all.
		const byEndpoint = new Map<string, PollJob>();
		for (const job of jobs) byEndpoint.set(flightKey(job), job);
		for (const job of byEndpoint.values()) wanted.set(jobId(job), job);

		for (const [id, active] of this.active) {
			if (wanted.has(id)) continue;
			clearTimeout(active.timer);
			this.active.delete(id);
			this.queued.get(active.job.endpoint.key)?.delete(active);
			// Keyed jobs come and go with what is on screen: their backoff goes with them.
			if (isKeyed(active.job.endpoint)) this.failures.delete(id);
			const flight = this.inFlight.get(flightKey(active.job));
			if (flight?.id === id) flight.controller.abort();
		}
		for (const [id, job] of wanted) {
			const existing = this.active.get(id);
			if (existing) {
				existing.job = job;
				continue;
			}
			const active: Active = { id, job, timer: undefined, dueAt: this.now() };
			this.active.set(id, active);
			const backoff = this.failures.get(id);
			this.schedule(active, backoff ? backoff.retryAt - this.now() : 0);
		}
	}

	/**
	 * Polls every job now, failing ones included. A request already out is not repeated while
	 * it is out; the job is polled again as soon as it answers.
	 */
	refresh(): void {
		// Asked for by a person: a rate limit's hold is theirs to override.
		this.holds.clear();
		for (const active of this.active.values()) {
			if (this.inFlight.get(flightKey(active.job))?.id === active.id) this.again.add(active.id);
			else this.schedule(active, 0);
		}
	}

	setPaused(paused: boolean): void {
		if (paused === this.paused) return;
		this.paused = paused;
		for (const active of this.active.values()) {
			if (paused) {
				clearTimeout(active.timer);
				active.timer = undefined;
			} else this.schedule(active, 0);
		}
	}

	setIntervalMs(ms: number): void {
		this.intervalMs = ms;
	}

	stop(): void {
		this.stopped = true;
		for (const active of this.active.values()) clearTimeout(active.timer);
		this.active.clear();
		for (const flight of this.inFlight.values()) flight.controller.abort();
		this.queued.clear();
	}

	private schedule(active: Active, delayMs: number): void {
		clearTimeout(active.timer);
		active.timer = undefined;
		if (this.stopped || this.paused) return;
		const hold = this.holds.get(active.job.endpoint.api);
		const wait = hold === undefined ? delayMs : Math.max(delayMs, hold - this.now());
		active.dueAt = this.now() + Math.max(0, wait);
		active.timer = setTimeout(
			() => {
				active.timer = undefined;
				void this.run(active);
			},
			Math.max(0, wait),
		);
	}

	/** The beat `at` falls on, or the last one before it. */
	private beatOf(at: number): number {
		return this.origin + Math.floor((at - this.origin) / this.intervalMs) * this.intervalMs;
	}

	private isCurrent(active: Active): boolean {
		return !this.stopped && this.active.get(active.id) === active;
	}

	private async run(active: Active): Promise<void> {
		if (!this.isCurrent(active) || this.paused) return;
		const { job } = active;
		// Timed before its API answered 429: it waits for the limit to reset like the rest.
		if ((this.holds.get(job.endpoint.api) ?? 0) > this.now()) return this.schedule(active, 0);
		const key = flightKey(job);
		const busy = this.inFlight.get(key);
		if (busy) {
			// The same request is out: its answer schedules the next one.
			if (busy.id === active.id) return;
			// A dropped job's request is still settling; go right after it.
			await busy.done;
			return this.run(active);
		}
		const { api, concurrency, key: endpoint } = job.endpoint;
		const out = this.outCount.get(endpoint) ?? 0;
		if (concurrency !== undefined && out >= concurrency) {
			// Every slot is taken: the first request to settle starts this one.
			const waiting = this.queued.get(endpoint) ?? new Set<Active>();
			this.queued.set(endpoint, waiting.add(active));
			return;
		}
		this.outCount.set(endpoint, out + 1);
		const controller = new AbortController();
		let finish = () => {};
		const done = new Promise<void>((resolve) => {
			finish = resolve;
		});
		this.inFlight.set(key, { id: active.id, controller, done });
		this.store.started(job.endpoint, job.params);
		try {
			const { data, issues } = await job.fetch(controller.signal);
			if (this.isCurrent(active) && !this.paused) {
				this.failures.delete(active.id);
				this.store.succeeded(job.endpoint, job.params, data, this.now(), issues);
				// On the beat, a whole interval (or whole intervals) after the beat it was due on: jobs go
				// out together and their answers make one frame, not one each, even when a busy moment
				// made one's timer late, or it started between beats (shown later, refreshed, retried).
				// Half an interval at least after a slow answer.
				const { intervalMs } = this;
				const every = Math.ceil(Math.max(intervalMs, job.endpoint.everyMs ?? 0) / intervalMs) * intervalMs;
				const next = Math.max(this.beatOf(active.dueAt) + every, this.now() + every / 2);
				this.schedule(active, this.again.delete(active.id) ? 0 : next - this.now());
			}
		} catch (error) {
			if (this.isCurrent(active) && !this.paused && !controller.signal.aborted) {
				const text = describePollError(error, api);
				const count = (this.failures.get(active.id)?.count ?? 0) + 1;
				const delay = this.again.delete(active.id) ? 0 : backoffDelay(count, this.backoff, text.retryAfterMs);
				const at = this.now();
				if (text.status === 429) this.holds.set(api, Math.max(this.holds.get(api) ?? 0, at + delay));
				this.failures.set(active.id, { count, retryAt: at + delay });
				this.store.failed(job.endpoint, job.params, {
					...text,
					at,
					retryAt: at + delay,
					failures: count,
				});
				this.schedule(active, delay);
			}
		} finally {
			this.again.delete(active.id);
			this.inFlight.delete(key);
			this.outCount.set(endpoint, (this.outCount.get(endpoint) ?? 1) - 1);
			finish();
			this.startQueued(endpoint);
		}
	}

	/** Starts the job that waited longest for a slot of `endpoint`, if one still wants to run. */
	private startQueued(endpoint: string): void {
		const waiting = this.queued.get(endpoint);
		if (!waiting) return;
		for (const active of waiting) {
			waiting.delete(active);
			if (!this.isCurrent(active)) continue;
			void this.run(active);
			return;
		}
	}
}
