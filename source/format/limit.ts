/**
 * A use against a maximum that may be none (missing, or 0 as the service writes "no limit"), in
 * one wording for the Flow control pane and `mqtop flow`: `unlimited (3 in flight)`, `no rate
 * limit (3 this period)`, rather than a bare `3, no limit` that reads as a limit of 3.
 */
import { formatInteger } from './number.js';

/** What is limited: how many deliveries at once, or how many in a rate period. */
export type LimitKind = 'parallelism' | 'rate';

/** Whether there is a maximum to measure against. */
export function isLimitedMax(max: number | undefined): max is number {
	return max !== undefined && max > 0;
}

const noLimit: Record<LimitKind, string> = { parallelism: 'unlimited', rate: 'no rate limit' };
const counted: Record<LimitKind, string> = { parallelism: 'in flight', rate: 'this period' };

/** A use with no maximum: the words first, then the count when it is known. */
export function unlimitedUse(count: number | undefined, kind: LimitKind): string {
	return count === undefined ? noLimit[kind] : `${noLimit[kind]} (${formatInteger(count)} ${counted[kind]})`;
}
