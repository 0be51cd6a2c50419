import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../source/api/errors.js';
import type { FieldIssue, Reading } from '../../../source/api/liberal.js';
import type { Message, MqUser } from '../../../source/api/schemas.js';
import { type EndpointInfo, usersEndpoint } from '../../../source/ui/data/endpoints.js';
import { type PollJob, PollScheduler } from '../../../source/ui/data/poll-scheduler.js';
import { PollStore } from '../../../source/ui/data/poll-store.js';
import { groupsEndpoint } from '../../../source/ui/panes/groups/endpoints.js';
import { messageEndpoint } from '../../../source/ui/panes/messages/endpoints.js';
import { mqStatsEndpoint } from '../../../source/ui/panes/overview/endpoints.js';

/** A job whose every request is a promise the test settles by hand. */
function manualJob(params = '', endpoint: EndpointInfo = usersEndpoint) {
	const calls: {
		resolve: (users: MqUser[], issues?: FieldIssue[]) => void;
		reject: (error: unknown) => void;
		signal: AbortSignal;
	}[] = [];
	let open = 0;
	let maxOpen = 0;
	const job: PollJob = {
		endpoint,
		params,
		fetch: (signal) =>
			new Promise<Reading<MqUser[]>>((resolve, reject) => {
				open++;
				maxOpen = Math.max(maxOpen, open);
				const done = () => {
					open--;
				};
				calls.push({
					resolve: (v, issues = []) => {
						done();
						resolve({ data: v, issues });
					},
					reject: (e) => {
						done();
						reject(e);
					},
					signal,
				});
			}),
	};
	return { job, calls, maxOpen: () => maxOpen };
}

const down = () => new ApiError({ operation: 'list users', kind: 'network', detail: 'cannot connect' });

describe('PollScheduler', () => {
	let store: PollStore;
	let scheduler: PollScheduler;

	beforeEach(() => {
		vi.useFakeTimers();
		store = new PollStore();
	});
	afterEach(() => {
		scheduler.stop();
		vi.useRealTimers();
	});

	it('polls at once, then every interval', async () => {
		scheduler = new PollScheduler(store, { intervalMs: 1000 });
		const { job, calls } = manualJob();
		scheduler.setJobs([job]);
		await vi.advanceTimersByTimeAsync(0);
		expect(calls).toHaveLength(1);
		expect(store.getSnapshot().entries.users).toEqual({ api: 'management', params: '' });
		calls[0]!.resolve([]);
		await vi.advanceTimersByTimeAsync(999);
		expect(calls).toHaveLength(1);
		expect(store.getSnapshot().entries.users).toMatchObject({ data: [], dataParams: '' });
		// The next poll of the same request changes nothing until it answers.
		const before = store.getSnapshot();
		await vi.advanceTimersByTimeAsync(1);
		expect(calls).toHaveLength(2);
		expect(store.getSnapshot()).toBe(before);
	});

	it('keeps what was odd about an answer with its data, until an answer without', async () => {
		scheduler = new PollScheduler(store, { intervalMs: 100 });
		const { job, calls } = manualJob();
		scheduler.setJobs([job]);
		await vi.advanceTimersByTimeAsync(0);
		const issue: FieldIssue = {
			path: '[0].max_retries',
			kind: 'wrong-type',
			expected: 'a number',
			got: '"x"',
		};
		calls[0]!.resolve([{ id: 'a' } as MqUser], [issue]);
		await vi.advanceTimersByTimeAsync(0);
		expect(store.getSnapshot().entries.users).toMatchObject({ data: [{ id: 'a' }], issues: [issue] });
		await vi.advanceTimersByTimeAsync(100);
		calls[1]!.resolve([{ id: 'a' } as MqUser]);
		await vi.advanceTimersByTimeAsync(0);
		expect(store.getSnapshot().entries.users?.issues).toEqual([]);
	});

	it('keeps jobs that start together in step, however long each takes to answer', async () => {
		scheduler = new PollScheduler(store, { intervalMs: 1000 });
		const fast = manualJob();
		const slow = manualJob();
		// Another endpoint: one endpoint sends one request at a time.
		scheduler.setJobs([fast.job, { ...slow.job, endpoint: mqStatsEndpoint as PollJob['endpoint'] }]);
		for (let round = 1; round <= 3; round++) {
			await vi.advanceTimersByTimeAsync(0);
			expect([fast.calls.length, slow.calls.length]).toEqual([round, round]);
			fast.calls.at(-1)!.resolve([]);
			await vi.advanceTimersByTimeAsync(300);
			slow.calls.at(-1)!.resolve([]);
			// Both go out again a whole interval after they went out together, not after each answer.
			await vi.advanceTimersByTimeAsync(699);
			expect([fast.calls.length, slow.calls.length]).toEqual([round, round]);
			await vi.advanceTimersByTimeAsync(1);
		}
		// An answer slower than the interval waits half of one before the next request.
		await vi.advanceTimersByTimeAsync(0);
		await vi.advanceTimersByTimeAsync(1500);
		fast.calls.at(-1)!.resolve([]);
		await vi.advanceTimersByTimeAsync(499);
		expect(fast.calls).toHaveLength(4);
		await vi.advanceTimersByTimeAsync(1);
		expect(fast.calls).toHaveLength(5);
	});

	it('keeps jobs due together in step when one goes out late, the event loop being busy', async () => {
		// Wall time the fake timers do not see: while the first job's request is being sent, the
		// clock moves on (a frame, parsing), so the second job's timer runs 70 ms after it was due.
		let busy = 0;
		scheduler = new PollScheduler(store, { intervalMs: 1000, now: () => Date.now() + busy });
		const first = manualJob();
		const second = manualJob();
		const sending: PollJob = {
			...first.job,
			fetch: (signal) => {
				busy = 70;
				return first.job.fetch(signal);
			},
		};
		scheduler.setJobs([sending, { ...second.job, endpoint: mqStatsEndpoint as PollJob['endpoint'] }]);
		for (let round = 1; round <= 3; round++) {
			await vi.advanceTimersByTimeAsync(0);
			expect([first.calls.length, second.calls.length]).toEqual([round, round]);
			busy = 0;
			first.calls.at(-1)!.resolve([]);
			second.calls.at(-1)!.resolve([]);
			// Both go out again when they are due together, in one turn: their answers make one frame.
			await vi.advanceTimersByTimeAsync(999);
			expect([first.calls.length, second.calls.length]).toEqual([round, round]);
			await vi.advanceTimersByTimeAsync(1);
		}
	});

	it('puts a job that starts later on the beat of the others after its first request', async () => {
		scheduler = new PollScheduler(store, { intervalMs: 1000 });
		const early = manualJob();
		const late = manualJob();
		scheduler.setJobs([early.job]);
		await vi.advanceTimersByTimeAsync(0);
		early.calls[0]!.resolve([]);
		await vi.advanceTimersByTimeAsync(400);
		// Shown 400 ms into the interval (another pane): its first request goes out at once...
		scheduler.setJobs([early.job, { ...late.job, endpoint: mqStatsEndpoint as PollJob['endpoint'] }]);
		await vi.advanceTimersByTimeAsync(0);
		expect([early.calls.length, late.calls.length]).toEqual([1, 1]);
		late.calls[0]!.resolve([]);
		// ...and the next ones with the first job's (half an interval at least after it).
		await vi.advanceTimersByTimeAsync(599);
		expect([early.calls.length, late.calls.length]).toEqual([1, 1]);
		await vi.advanceTimersByTimeAsync(1);
		expect([early.calls.length, late.calls.length]).toEqual([2, 2]);
		early.calls[1]!.resolve([]);
		late.calls[1]!.resolve([]);
		await vi.advanceTimersByTimeAsync(999);
		expect([early.calls.length, late.calls.length]).toEqual([2, 2]);
		await vi.advanceTimersByTimeAsync(1);
		expect([early.calls.length, late.calls.length]).toEqual([3, 3]);
	});

	it('polls a slow endpoint every so many whole intervals, with the others', async () => {
		scheduler = new PollScheduler(store, { intervalMs: 1000 });
		const often = manualJob();
		const seldom = manualJob();
		const slowEndpoint = { ...mqStatsEndpoint, everyMs: 2500 } as PollJob['endpoint'];
		scheduler.setJobs([often.job, { ...seldom.job, endpoint: slowEndpoint }]);
		const sent: number[][] = [];
		for (let second = 0; second <= 6; second++) {
			await vi.advanceTimersByTimeAsync(second === 0 ? 0 : 1000);
			sent.push([often.calls.length, seldom.calls.length]);
			for (const call of [...often.calls, ...seldom.calls]) call.resolve([]);
		}
		// Every 3 s rather than 2.5: at most as often as asked, and on the beat of the others.
		expect(sent.map(([, s]) => s)).toEqual([1, 1, 1, 2, 2, 2, 3]);
		expect(sent.map(([o]) => o)).toEqual([1, 2, 3, 4, 5, 6, 7]);
	});

	it('never sends a second request to an endpoint while one is out', async () => {
		scheduler = new PollScheduler(store, { intervalMs: 10 });
		const { job, calls, maxOpen } = manualJob();
		scheduler.setJobs([job]);
		await vi.advanceTimersByTimeAsync(0);
		scheduler.refresh();
		scheduler.refresh();
		await vi.advanceTimersByTimeAsync(500);
		expect(calls).toHaveLength(1);
		// A job for other parameters waits for the dropped job's request to settle.
		const other = manualJob('b');
		scheduler.setJobs([other.job]);
		await vi.advanceTimersByTimeAsync(100);
		expect(calls[0]!.signal.aborted).toBe(true);
		expect(other.calls).toHaveLength(0);
		calls[0]!.reject(new Error('aborted'));
		await vi.advanceTimersByTimeAsync(0);
		expect(other.calls).toHaveLength(1);
		expect(maxOpen()).toBe(1);
	});

	it('backs off exponentially up to the cap, shows when it retries, and recovers', async () => {
		scheduler = new PollScheduler(store, { intervalMs: 100, backoff: { baseMs: 1000, maxMs: 4000 } });
		const { job, calls } = manualJob();
		scheduler.setJobs([job]);
		const gaps: number[] = [];
		let last = Date.now();
		for (let i = 0; i < 4; i++) {
			await vi.advanceTimersByTimeAsync(0);
			while (calls.length <= i) await vi.advanceTimersByTimeAsync(50);
			gaps.push(Date.now() - last);
			last = Date.now();
			calls[i]!.reject(down());
			await vi.advanceTimersByTimeAsync(0);
			const failure = store.getSnapshot().entries.users?.failure;
			expect(failure?.failures).toBe(i + 1);
			expect(failure?.retryAt).toBe(Date.now() + Math.min(4000, 1000 * 2 ** i));
			expect(failure?.message).toContain('cannot connect');
		}
		expect(gaps.slice(1)).toEqual([1000, 2000, 4000]);
		await vi.advanceTimersByTimeAsync(4000);
		calls[4]!.resolve([]);
		await vi.advanceTimersByTimeAsync(0);
		expect(store.getSnapshot().entries.users).toMatchObject({ data: [], failure: undefined });
		await vi.advanceTimersByTimeAsync(100);
		expect(calls).toHaveLength(6);
	});

	it('holds every job of an API that answered 429 until the limit resets; the other API polls on; refresh overrides', async () => {
		scheduler = new PollScheduler(store, { intervalMs: 100, backoff: { baseMs: 100, maxMs: 1000 } });
		const users = manualJob();
		const stats = manualJob('acct 1h', mqStatsEndpoint);
		const groups = manualJob('', groupsEndpoint);
		scheduler.setJobs([users.job, stats.job, groups.job]);
		await vi.advanceTimersByTimeAsync(0);
		const limited = () =>
			new ApiError({
				operation: 'list users',
				kind: 'http',
				status: 429,
				retryAfterMs: 60_000,
				rateLimit: { scope: 'daily', limit: 500_000, remaining: 0, resetAt: Date.now() + 60_000 },
			});
		users.calls[0]!.reject(limited());
		stats.calls[0]!.resolve([]);
		groups.calls[0]!.resolve([]);
		await vi.advanceTimersByTimeAsync(0);
		const failure = store.getSnapshot().entries.users?.failure;
		// The reset is honoured beyond the backoff's own cap.
		expect(failure).toMatchObject({
			status: 429,
			retryAt: Date.now() + 60_000,
			rateLimit: { scope: 'daily' },
		});
		expect(failure?.message).toBe('list users: HTTP 429, over the daily request limit (500000 a day)');
		for (let t = 0; t < 59_900; t += 100) {
			await vi.advanceTimersByTimeAsync(100);
			groups.calls.at(-1)?.resolve([]);
		}
		expect(users.calls).toHaveLength(1);
		expect(stats.calls).toHaveLength(1);
		expect(groups.calls.length).toBeGreaterThan(500);
		await vi.advanceTimersByTimeAsync(100);
		expect(users.calls).toHaveLength(2);
		expect(stats.calls).toHaveLength(2);
		// Limited again; a person pressing r asks at once.
		users.calls[1]!.reject(limited());
		stats.calls[1]!.resolve([]);
		await vi.advanceTimersByTimeAsync(1000);
		expect(stats.calls).toHaveLength(2);
		scheduler.refresh();
		await vi.advanceTimersByTimeAsync(0);
		expect(users.calls).toHaveLength(3);
		expect(stats.calls).toHaveLength(3);
	});

	it('keeps the backoff of a job that is hidden and shown again', async () => {
		scheduler = new PollScheduler(store, { intervalMs: 100, backoff: { baseMs: 5000, maxMs: 5000 } });
		const { job, calls } = manualJob();
		scheduler.setJobs([job]);
		await vi.advanceTimersByTimeAsync(0);
		calls[0]!.reject(down());
		await vi.advanceTimersByTimeAsync(0);
		scheduler.setJobs([]);
		scheduler.setJobs([job]);
		await vi.advanceTimersByTimeAsync(4000);
		expect(calls).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(1000);
		expect(calls).toHaveLength(2);
	});

	it('refresh polls a failing endpoint at once', async () => {
		scheduler = new PollScheduler(store, { intervalMs: 100, backoff: { baseMs: 60_000, maxMs: 60_000 } });
		const { job, calls } = manualJob();
		scheduler.setJobs([job]);
		await vi.advanceTimersByTimeAsync(0);
		calls[0]!.reject(down());
		await vi.advanceTimersByTimeAsync(0);
		scheduler.refresh();
		await vi.advanceTimersByTimeAsync(0);
		expect(calls).toHaveLength(2);
	});

	it('refresh while a request is out polls again as soon as it answers', async () => {
		scheduler = new PollScheduler(store, { intervalMs: 60_000 });
		const { job, calls, maxOpen } = manualJob();
		scheduler.setJobs([job]);
		await vi.advanceTimersByTimeAsync(0);
		// An edit lands while the poll is out: its answer may not show the edit yet.
		scheduler.refresh();
		await vi.advanceTimersByTimeAsync(0);
		expect(calls).toHaveLength(1);
		calls[0]!.resolve([]);
		await vi.advanceTimersByTimeAsync(0);
		expect(calls).toHaveLength(2);
		// Once only: then the interval again.
		calls[1]!.resolve([]);
		await vi.advanceTimersByTimeAsync(1000);
		expect(calls).toHaveLength(2);
		expect(maxOpen()).toBe(1);
	});

	it('while paused sends nothing and keeps the data it has', async () => {
		scheduler = new PollScheduler(store, { intervalMs: 100 });
		const { job, calls } = manualJob();
		scheduler.setJobs([job]);
		await vi.advanceTimersByTimeAsync(0);
		calls[0]!.resolve([]);
		await vi.advanceTimersByTimeAsync(100);
		scheduler.setPaused(true);
		const before = store.getSnapshot().entries.users?.data;
		// The request that was out when the data froze does not replace it.
		calls[1]!.resolve([{ id: 'new' } as MqUser]);
		await vi.advanceTimersByTimeAsync(10_000);
		expect(calls).toHaveLength(2);
		expect(store.getSnapshot().entries.users?.data).toBe(before);
		scheduler.refresh();
		await vi.advanceTimersByTimeAsync(1000);
		expect(calls).toHaveLength(2);
		scheduler.setPaused(false);
		await vi.advanceTimersByTimeAsync(0);
		expect(calls).toHaveLength(3);
	});

	it('stops polling jobs that were dropped', async () => {
		scheduler = new PollScheduler(store, { intervalMs: 100 });
		const { job, calls } = manualJob();
		scheduler.setJobs([job]);
		await vi.advanceTimersByTimeAsync(0);
		calls[0]!.resolve([]);
		scheduler.setJobs([]);
		await vi.advanceTimersByTimeAsync(1000);
		expect(calls).toHaveLength(1);
	});

	describe('keyed jobs (one per message id)', () => {
		/** Message jobs whose requests the test settles by hand, with the most out at once. */
		function messageJobs(ids: string[]) {
			const calls: { id: string; resolve: () => void; reject: (e: unknown) => void; signal: AbortSignal }[] =
				[];
			const open = new Map<string, number>();
			let out = 0;
			let maxOut = 0;
			let maxPerId = 0;
			const jobs: PollJob[] = ids.map((id) => ({
				endpoint: messageEndpoint,
				params: id,
				fetch: (signal) =>
					new Promise<Reading<Message>>((resolve, reject) => {
						out++;
						open.set(id, (open.get(id) ?? 0) + 1);
						maxOut = Math.max(maxOut, out);
						maxPerId = Math.max(maxPerId, open.get(id)!);
						const done = () => {
							out--;
							open.set(id, open.get(id)! - 1);
						};
						calls.push({
							id,
							resolve: () => {
								done();
								resolve({ data: { messageId: id } as Message, issues: [] });
							},
							reject: (e) => {
								done();
								reject(e);
							},
							signal,
						});
					}),
			}));
			return { jobs, calls, maxOut: () => maxOut, maxPerId: () => maxPerId };
		}

		it('polls every id, at most `concurrency` at once and one request per id, keeping an entry per id', async () => {
			scheduler = new PollScheduler(store, { intervalMs: 50 });
			const limit = messageEndpoint.concurrency!;
			const ids = Array.from({ length: limit * 3 }, (_, i) => `msg_${i}`);
			const { jobs, calls, maxOut, maxPerId } = messageJobs(ids);
			scheduler.setJobs(jobs);
			await vi.advanceTimersByTimeAsync(0);
			expect(calls).toHaveLength(limit);
			scheduler.refresh();
			await vi.advanceTimersByTimeAsync(0);
			expect(calls).toHaveLength(limit);
			// Each answer lets one waiting id go.
			for (let answered = 0; answered < 200; answered++) {
				const pending = calls.filter((c) => !c.signal.aborted && !(c as { settled?: boolean }).settled);
				const next = pending[0];
				if (!next) break;
				(next as { settled?: boolean }).settled = true;
				next.resolve();
				await vi.advanceTimersByTimeAsync(10);
			}
			expect(new Set(calls.map((c) => c.id))).toEqual(new Set(ids));
			expect(maxOut()).toBe(limit);
			expect(maxPerId()).toBe(1);
			const entries = store.getSnapshot().keyed.message;
			expect([...(entries?.keys() ?? [])].sort()).toEqual([...ids].sort());
			expect(entries?.get('msg_3')).toMatchObject({ api: 'messaging', data: { messageId: 'msg_3' } });
		});

		it('stops polling ids that were dropped, and a dropped id never takes a slot', async () => {
			scheduler = new PollScheduler(store, { intervalMs: 50 });
			const limit = messageEndpoint.concurrency!;
			const ids = Array.from({ length: limit + 2 }, (_, i) => `msg_${i}`);
			const { jobs, calls } = messageJobs(ids);
			scheduler.setJobs(jobs);
			await vi.advanceTimersByTimeAsync(0);
			expect(calls).toHaveLength(limit);
			// Only the last id stays: the others' requests are aborted, the queued one never runs.
			scheduler.setJobs(jobs.slice(-1));
			for (const call of calls.slice(0, limit)) {
				expect(call.signal.aborted).toBe(true);
				call.reject(new Error('aborted'));
			}
			await vi.advanceTimersByTimeAsync(0);
			expect(calls.map((c) => c.id)).toEqual([...ids.slice(0, limit), ids.at(-1)]);
			calls.at(-1)!.resolve();
			await vi.advanceTimersByTimeAsync(500);
			expect(new Set(calls.slice(limit).map((c) => c.id))).toEqual(new Set([ids.at(-1)]));
		});
	});
});
