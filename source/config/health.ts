/**
 * The health rules of the monitor's header line, as the config file's `health` section writes
 * them: each rule names a measure, a threshold, a time window and the colour it turns the line
 * (yellow or red). Without rules in the file the defaults below apply. Parsing is pure and every
 * mistake names its field, so a wrong rule stops the monitor at start-up with a clear error.
 */
import { z } from 'zod';
import { formatDuration, parseDuration } from '../api/duration.js';

/** What a rule measures. */
export const healthMetrics = [
	'deadLetters',
	'errorRate',
	'endpointErrors',
	'queueLagGrowth',
	'scheduleFailed',
] as const;
export type HealthMetric = (typeof healthMetrics)[number];

export const healthLevels = ['yellow', 'red'] as const;
export type HealthLevel = (typeof healthLevels)[number];

/** How a bell or desktop notification announces that the line turned red. */
export const notifyModes = ['off', 'bell', 'desktop', 'both'] as const;
export type NotifyMode = (typeof notifyModes)[number];

/** The longest window a rule may look back: the monitor keeps that much history. */
export const maxWindowMs = 3_600_000;
const minWindowMs = 10_000;

/** A rule as the monitor evaluates it. */
export interface HealthRule {
	metric: HealthMetric;
	/** The rule fires when the measure is above this (a fraction for errorRate). */
	above: number;
	/** How far back the measure looks; undefined for scheduleFailed (the last run). */
	withinMs: number | undefined;
	level: HealthLevel;
	/** errorRate only: fewer attempts than this in the window say nothing. */
	minAttempts: number;
}

export interface HealthSettings {
	rules: readonly HealthRule[];
	/** Whether the rules are the config file's own or the defaults. */
	rulesFrom: 'file' | 'defaults';
	notify: NotifyMode;
}

const window = z.string({ message: 'expected a window such as "5m"' }).transform((text, ctx) => {
	try {
		const ms = parseDuration(text);
		if (ms < minWindowMs || ms > maxWindowMs) {
			ctx.addIssue({
				code: 'custom',
				message: `expected a window from 10s to 1h, got ${JSON.stringify(text)}`,
			});
			return z.NEVER;
		}
		return ms;
	} catch (error) {
		ctx.addIssue({ code: 'custom', message: (error as Error).message });
		return z.NEVER;
	}
});

const count = z.number({ message: 'expected a number' }).finite().min(0, { message: 'expected 0 or more' });

/** A share: 0.05 or "5%". */
const share = z.union([z.number(), z.string()]).transform((value, ctx) => {
	const percent = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(value) : null;
	const fraction = typeof value === 'number' ? value : percent ? Number(percent[1]) / 100 : Number.NaN;
	if (!Number.isFinite(fraction) || fraction < 0 || fraction >= 1) {
		ctx.addIssue({
			code: 'custom',
			message: `expected a share below 100%, as 0.05 or "5%", got ${JSON.stringify(value)}`,
		});
		return z.NEVER;
	}
	return fraction;
});

const level = z.enum(healthLevels, { message: 'expected "yellow" or "red"' });

const windowed = <M extends HealthMetric>(metric: M) =>
	z.strictObject({ metric: z.literal(metric), above: count, within: window, level });

const RuleFile = z.discriminatedUnion(
	'metric',
	[
		windowed('deadLetters'),
		z.strictObject({
			metric: z.literal('errorRate'),
			above: share,
			within: window,
			level,
			minAttempts: z.number().int().min(1, { message: 'expected 1 or more' }).optional(),
		}),
		windowed('endpointErrors'),
		windowed('queueLagGrowth'),
		z.strictObject({ metric: z.literal('scheduleFailed'), above: count, level }),
	],
	{ message: `expected "metric" to be one of ${healthMetrics.map((m) => `"${m}"`).join(', ')}` },
);
type RuleFile = z.output<typeof RuleFile>;

const defaultMinAttempts = 10;

function toRule(rule: RuleFile): HealthRule {
	return {
		metric: rule.metric,
		above: rule.above,
		withinMs: 'within' in rule ? rule.within : undefined,
		level: rule.level,
		minAttempts: ('minAttempts' in rule ? rule.minAttempts : undefined) ?? defaultMinAttempts,
	};
}

/** The `health` section of the config file; absent fields take the defaults. */
export const HealthSection = z
	.strictObject({
		rules: z.array(RuleFile).optional(),
		notify: z.enum(notifyModes, { message: `expected one of ${notifyModes.join(', ')}` }).optional(),
	})
	.transform(
		(section): HealthSettings => ({
			rules: section.rules ? section.rules.map(toRule) : defaultHealthRules,
			rulesFrom: section.rules ? 'file' : 'defaults',
			notify: section.notify ?? 'off',
		}),
	);
export type HealthSection = z.input<typeof HealthSection>;

const minutes5 = 300_000;

/** What the monitor watches when the config file names no rules. */
export const defaultHealthRules: readonly HealthRule[] = [
	{ metric: 'deadLetters', above: 0, withinMs: minutes5, level: 'red', minAttempts: defaultMinAttempts },
	{ metric: 'errorRate', above: 0.5, withinMs: minutes5, level: 'red', minAttempts: 20 },
	{ metric: 'errorRate', above: 0.1, withinMs: minutes5, level: 'yellow', minAttempts: defaultMinAttempts },
	{
		metric: 'endpointErrors',
		above: 10,
		withinMs: minutes5,
		level: 'yellow',
		minAttempts: defaultMinAttempts,
	},
	{
		metric: 'queueLagGrowth',
		above: 100,
		withinMs: minutes5,
		level: 'yellow',
		minAttempts: defaultMinAttempts,
	},
	{
		metric: 'scheduleFailed',
		above: 0,
		withinMs: undefined,
		level: 'yellow',
		minAttempts: defaultMinAttempts,
	},
];

export const defaultHealthSettings: HealthSettings = {
	rules: defaultHealthRules,
	rulesFrom: 'defaults',
	notify: 'off',
};

const measures: Record<HealthMetric, string> = {
	deadLetters: 'dead letters',
	errorRate: 'error rate',
	endpointErrors: 'errors of one endpoint',
	queueLagGrowth: 'growth of a queue lag',
	scheduleFailed: 'schedules whose last run failed',
};

/** What a rule measures, in words: `dead letters`. */
export function measureOf(metric: HealthMetric): string {
	return measures[metric];
}

/** The threshold as the rule reads: `5` or `10%`. */
export function formatThreshold(rule: Pick<HealthRule, 'metric' | 'above'>): string {
	return rule.metric === 'errorRate' ? `${Number((rule.above * 100).toFixed(2))}%` : String(rule.above);
}

/** A rule in words: `red when dead letters > 0 within 5m`. */
export function describeRule(rule: HealthRule): string {
	const window = rule.withinMs === undefined ? '' : ` within ${formatDuration(rule.withinMs)}`;
	const attempts = rule.metric === 'errorRate' ? ` (at least ${rule.minAttempts} attempts)` : '';
	return `${rule.level} when ${measureOf(rule.metric)} > ${formatThreshold(rule)}${window}${attempts}`;
}

/** The longest window of the rules: how much history the monitor keeps for them. */
export function longestWindow(rules: readonly HealthRule[]): number {
	return Math.max(0, ...rules.map((r) => r.withinMs ?? 0));
}
