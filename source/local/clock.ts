/** Where the service reads the time: real by default, injectable for tests. */
export interface Clock {
	/** Unix milliseconds. */
	now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
