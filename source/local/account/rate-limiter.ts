/**
 * The account's request limits (docs/protocol/errors.md#rate-limits): a burst limit per second over
 * every messaging request, answered with Retry-After and Burst-RateLimit-*, and a daily publish
 * limit per UTC day, answered with RateLimit-*.
 */
import type { Clock } from '../clock.js';
import type { PlanLimits } from './limits.js';

const dayMs = 86_400_000;

export type LimitVerdict =
	| { ok: true; headers: Record<string, string> }
	| { ok: false; headers: Record<string, string>; message: string };

const allowed: LimitVerdict = Object.freeze({ ok: true, headers: {} });

export class RateLimiter {
	private second = -1;
	private inSecond = 0;
	private day = -1;
	private inDay = 0;

	constructor(
		private readonly limits: PlanLimits,
		private readonly clock: Clock,
	) {}

	/** Counts one messaging request against the per-second burst limit. */
	burst(): LimitVerdict {
		const now = this.clock.now();
		const second = Math.floor(now / 1000);
		if (second !== this.second) {
			this.second = second;
			this.inSecond = 0;
		}
		const limit = this.limits.max_requests_per_second;
		if (this.inSecond >= limit) {
			return {
				ok: false,
				message: `too many requests: the plan allows ${limit} per second (max_requests_per_second)`,
				headers: {
					'retry-after': '1',
					'burst-ratelimit-limit': String(limit),
					'burst-ratelimit-remaining': '0',
					'burst-ratelimit-reset': String(second + 1),
				},
			};
		}
		this.inSecond++;
		return allowed;
	}

	/** Whether a publish may be accepted today; nothing is counted yet. */
	dailyCheck(): LimitVerdict {
		const { now, reset } = this.rollDay();
		const hard = this.limits.max_requests_per_day_hard;
		if (this.inDay >= hard) {
			return {
				ok: false,
				message: `daily request limit reached: the plan allows ${hard} a day (max_requests_per_day_hard)`,
				headers: {
					'retry-after': String(Math.max(1, Math.ceil(reset - now / 1000))),
					'ratelimit-limit': String(hard),
					'ratelimit-remaining': '0',
					'ratelimit-reset': String(reset),
				},
			};
		}
		return allowed;
	}

	/** Counts `count` accepted publishes; returns the RateLimit-* headers of the answer. */
	dailyCount(count = 1): Record<string, string> {
		const { reset } = this.rollDay();
		this.inDay += count;
		const soft = this.limits.max_requests_per_day;
		return {
			'ratelimit-limit': String(soft),
			'ratelimit-remaining': String(Math.max(0, soft - this.inDay)),
			'ratelimit-reset': String(reset),
		};
	}

	private rollDay(): { now: number; reset: number } {
		const now = this.clock.now();
		const day = Math.floor(now / dayMs);
		if (day !== this.day) {
			this.day = day;
			this.inDay = 0;
		}
		return { now, reset: ((day + 1) * dayMs) / 1000 };
	}
}
