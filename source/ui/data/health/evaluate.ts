/**
 * The health line: each rule of the config file measured on what the live tracker keeps, and
 * the colour of the worst rule that fires. A rule without the data it needs says so rather
 * than passing. Pure.
 */
import { formatDuration } from '../../../api/duration.js';
import { formatThreshold, type HealthLevel, type HealthRule } from '../../../config/health.js';
import { risesWithin, sumWithin } from '../live/history.js';
import type { LiveState } from '../live/tracker.js';

export type RuleState = 'firing' | 'ok' | 'unknown';

export interface RuleResult {
	rule: HealthRule;
	state: RuleState;
	/** The measure, when known. */
	value: number | undefined;
	/** Why, in one line: what was measured, or what is missing. Text from the network is not sanitised here. */
	reason: string;
}

export type HealthColour = 'green' | HealthLevel | 'unknown';

export interface HealthReport {
	colour: HealthColour;
	/** Firing rules first, red before yellow, then those without data, then the rest. */
	results: readonly RuleResult[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const round = (n: number) => Math.round(n);
const lastWindow = (rule: HealthRule) => `in the last ${formatDuration(rule.withinMs ?? 0)}`;

type Measure = { value: number; reason: string } | { unknown: string };

function deadLetters(rule: HealthRule, live: LiveState, now: number): Measure {
	const window = rule.withinMs ?? 0;
	const failed = live.rates.failed;
	const queued = live.deadLetters.at(-1)?.value;
	const inQueue = queued === undefined ? '' : ` · ${round(queued)} in the dead letter queue`;
	// Failures the logs counted, or what the queue grew by between two statistics: whichever saw more.
	const failures = failed.samples.length > 0 ? round(sumWithin(failed.samples, now, window)) : undefined;
	const rises = live.deadLetters.length > 1 ? round(risesWithin(live.deadLetters, now, window)) : undefined;
	if (failures === undefined && rises === undefined)
		return { unknown: 'waiting for two answers of the delivery logs or the statistics' };
	if (rises !== undefined && rises > (failures ?? -1))
		return { value: rises, reason: `the dead letter queue grew by ${rises} ${lastWindow(rule)}${inQueue}` };
	const value = failures ?? 0;
	return { value, reason: `${plural(value, 'dead letter')} ${lastWindow(rule)}${inQueue}` };
}

function errorRate(rule: HealthRule, live: LiveState, now: number): Measure {
	const window = rule.withinMs ?? 0;
	const { delivered, retried, failed } = live.rates;
	if (delivered.samples.length === 0 && failed.samples.length === 0)
		return { unknown: 'waiting for two answers of the delivery logs or the statistics' };
	const bad = sumWithin(retried.samples, now, window) + sumWithin(failed.samples, now, window);
	const attempts = bad + sumWithin(delivered.samples, now, window);
	if (attempts < rule.minAttempts)
		return {
			value: 0,
			reason: `${plural(round(attempts), 'delivery attempt')} ${lastWindow(rule)}: too few to judge`,
		};
	const share = bad / attempts;
	return {
		value: share,
		reason: `error rate ${percent(share)} ${lastWindow(rule)} (${round(bad)} of ${plural(round(attempts), 'attempt')} failed)`,
	};
}

const percent = (share: number) => `${Number((share * 100).toFixed(share < 0.1 ? 1 : 0))}%`;

function endpointErrors(rule: HealthRule, live: LiveState, now: number): Measure {
	if (live.logs === 'unlisted') return { unknown: 'the service lists no delivery logs' };
	if (live.logs === 'waiting' || live.rates.delivered.samples.length === 0)
		return { unknown: 'waiting for two answers of the delivery logs' };
	const from = now - (rule.withinMs ?? 0);
	const byUrl = new Map<string, { count: number; status: number | undefined }>();
	for (const error of live.endpointErrors) {
		if (error.at <= from) continue;
		const before = byUrl.get(error.url);
		byUrl.set(error.url, {
			count: (before?.count ?? 0) + error.count,
			status: error.status ?? before?.status,
		});
	}
	const worst = [...byUrl.entries()].sort((a, b) => b[1].count - a[1].count)[0];
	if (!worst) return { value: 0, reason: `no failed attempts ${lastWindow(rule)}` };
	const [url, { count, status }] = worst;
	const last = status === undefined ? '' : ` (last status ${status})`;
	return {
		value: round(count),
		reason: `${url}: ${plural(round(count), 'failed attempt')} ${lastWindow(rule)}${last}`,
	};
}

function queueLagGrowth(rule: HealthRule, live: LiveState, now: number): Measure {
	if (live.queueListing === 'unlisted') return { unknown: 'the service lists no queues' };
	const newest = live.queues.at(-1);
	if (!newest) return { unknown: 'waiting for the queues' };
	const from = now - (rule.withinMs ?? 0);
	const oldest = live.queues.find((r) => r.at >= from) ?? newest;
	let worst: { name: string; lag: number; growth: number } | undefined;
	for (const queue of newest.queues) {
		if (queue.lag === undefined) continue;
		const then = oldest.queues.find((q) => q.name === queue.name)?.lag ?? queue.lag;
		const growth = queue.lag - then;
		if (!worst || growth > worst.growth) worst = { name: queue.name, lag: queue.lag, growth };
	}
	if (!worst) return { value: 0, reason: 'no queue reports its lag' };
	const growth = Math.max(0, worst.growth);
	return {
		value: growth,
		reason: `queue ${worst.name}: lag ${worst.lag}, up ${growth} ${lastWindow(rule)}`,
	};
}

function scheduleFailed(live: LiveState): Measure {
	if (live.scheduleListing === 'unlisted') return { unknown: 'the service lists no schedules' };
	if (!live.schedules) return { unknown: 'waiting for the schedules' };
	const failed = live.schedules.runs.filter((run) => !run.paused && run.failed > 0);
	const first = failed[0];
	if (!first) return { value: 0, reason: 'no schedule failed its last run' };
	const where = first.destination ? ` (${first.destination})` : '';
	const more = failed.length > 1 ? ` and ${plural(failed.length - 1, 'more')}` : '';
	return {
		value: failed.length,
		reason: `schedule ${first.scheduleId}${where} failed its last run (${first.failed} of ${plural(first.messages, 'message')})${more}`,
	};
}

function measure(rule: HealthRule, live: LiveState, now: number): Measure {
	switch (rule.metric) {
		case 'deadLetters':
			return deadLetters(rule, live, now);
		case 'errorRate':
			return errorRate(rule, live, now);
		case 'endpointErrors':
			return endpointErrors(rule, live, now);
		case 'queueLagGrowth':
			return queueLagGrowth(rule, live, now);
		case 'scheduleFailed':
			return scheduleFailed(live);
	}
}

const order: Record<string, number> = { 'firing red': 0, 'firing yellow': 1, unknown: 2 };
const rank = (r: RuleResult) => order[r.state === 'firing' ? `firing ${r.rule.level}` : r.state] ?? 3;

export function evaluateHealth(rules: readonly HealthRule[], live: LiveState, now: number): HealthReport {
	const results = rules.map((rule): RuleResult => {
		const measured = measure(rule, live, now);
		if ('unknown' in measured) return { rule, state: 'unknown', value: undefined, reason: measured.unknown };
		const firing = measured.value > rule.above;
		const reason = firing
			? measured.reason
			: `${measured.reason} (${rule.level} above ${formatThreshold(rule)})`;
		return { rule, state: firing ? 'firing' : 'ok', value: measured.value, reason };
	});
	const sorted = results.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i);
	const firing = results.filter((r) => r.state === 'firing');
	const colour: HealthColour = firing.some((r) => r.rule.level === 'red')
		? 'red'
		: firing.length > 0
			? 'yellow'
			: results.some((r) => r.state === 'ok')
				? 'green'
				: 'unknown';
	return { colour, results: sorted.map((s) => s.r) };
}
