import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../source/config/file.js';
import {
	defaultHealthRules,
	describeRule,
	HealthSection,
	longestWindow,
} from '../../source/config/health.js';

const parse = (health: unknown) => parseConfigFile(JSON.stringify({ health }), '/home/a/c.json').health;

describe('the health section of the config file', () => {
	it('takes the defaults when it names no rules, and notifies nobody unless asked', () => {
		expect(parse({})).toEqual({ rules: defaultHealthRules, rulesFrom: 'defaults', notify: 'off' });
		expect(parseConfigFile('{}', '/c.json').health).toBeUndefined();
		expect(parse({ notify: 'desktop' })?.notify).toBe('desktop');
	});

	it('reads rules as a person writes them: windows as durations, shares as fractions or percents', () => {
		const settings = parse({
			rules: [
				{ metric: 'deadLetters', above: 0, within: '5m', level: 'red' },
				{ metric: 'errorRate', above: '12.5%', within: '90s', level: 'yellow', minAttempts: 3 },
				{ metric: 'errorRate', above: 0.5, within: '1h', level: 'red' },
				{ metric: 'scheduleFailed', above: 1, level: 'yellow' },
			],
		});
		expect(settings?.rulesFrom).toBe('file');
		expect(settings?.rules).toEqual([
			{ metric: 'deadLetters', above: 0, withinMs: 300_000, level: 'red', minAttempts: 10 },
			{ metric: 'errorRate', above: 0.125, withinMs: 90_000, level: 'yellow', minAttempts: 3 },
			{ metric: 'errorRate', above: 0.5, withinMs: 3_600_000, level: 'red', minAttempts: 10 },
			{ metric: 'scheduleFailed', above: 1, withinMs: undefined, level: 'yellow', minAttempts: 10 },
		]);
		expect(settings?.rules.map(describeRule)).toEqual([
			'red when dead letters > 0 within 5m',
			'yellow when error rate > 12.5% within 1m30s (at least 3 attempts)',
			'red when error rate > 50% within 1h (at least 10 attempts)',
			'yellow when schedules whose last run failed > 1',
		]);
		expect(longestWindow(settings?.rules ?? [])).toBe(3_600_000);
	});

	it('names the file, the rule and the field of every mistake', () => {
		const bad = (rule: unknown) => () =>
			parse({ rules: [{ metric: 'deadLetters', above: 0, within: '5m', level: 'red' }, rule] });
		const where = /config file \/home\/a\/c\.json: health\.rules\[1\]/;
		expect(bad({ metric: 'deadletters', above: 0, within: '5m', level: 'red' })).toThrow(
			/health\.rules\[1\]\.metric: expected "metric" to be one of "deadLetters", "errorRate"/,
		);
		expect(bad({ metric: 'deadLetters', above: -1, within: '5m', level: 'red' })).toThrow(
			/health\.rules\[1\]\.above: expected 0 or more/,
		);
		expect(bad({ metric: 'deadLetters', above: 'many', within: '5m', level: 'red' })).toThrow(
			/health\.rules\[1\]\.above: expected a number/,
		);
		expect(bad({ metric: 'deadLetters', above: 0, within: '5 minutes', level: 'red' })).toThrow(
			/health\.rules\[1\]\.within: invalid duration "5 minutes"/,
		);
		expect(bad({ metric: 'deadLetters', above: 0, within: '2h', level: 'red' })).toThrow(
			/health\.rules\[1\]\.within: expected a window from 10s to 1h, got "2h"/,
		);
		expect(bad({ metric: 'deadLetters', above: 0, level: 'red' })).toThrow(
			/health\.rules\[1\]\.within: expected a window such as "5m"/,
		);
		expect(bad({ metric: 'deadLetters', above: 0, within: '5m', level: 'orange' })).toThrow(
			/health\.rules\[1\]\.level: expected "yellow" or "red"/,
		);
		expect(bad({ metric: 'errorRate', above: '120%', within: '5m', level: 'red' })).toThrow(
			/health\.rules\[1\]\.above: expected a share below 100%, as 0\.05 or "5%", got "120%"/,
		);
		expect(bad({ metric: 'deadLetters', above: 0, within: '5m', level: 'red', queue: 'x' })).toThrow(where);
		// A schedule's last run has no window: a window there is a mistake, not ignored.
		expect(bad({ metric: 'scheduleFailed', above: 0, within: '5m', level: 'red' })).toThrow(where);
		expect(() => parse({ notify: 'loud' })).toThrow(
			/health\.notify: expected one of off, bell, desktop, both/,
		);
		expect(() => parse({ rule: [] })).toThrow(/health/);
	});

	it('keeps the section optional inside the file and strict about its own fields', () => {
		expect(HealthSection.safeParse({ rules: [] }).success).toBe(true);
		expect(HealthSection.safeParse({ rules: [], extra: 1 }).success).toBe(false);
	});
});
