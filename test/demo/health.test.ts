/**
 * The demo's health rules: its steady dead letters warn rather than alarm, a burst beyond its
 * own pace still turns the line red, and the defaults would be red from the first one.
 */
import { describe, expect, it } from 'vitest';
import { monitorHealth } from '../../source/cli/monitor-health.js';
import { defaultHealthRules, type HealthSettings } from '../../source/config/health.js';
import { demoDeadLetterAlarm, demoHealthRules } from '../../source/demo/health.js';
import { evaluateHealth } from '../../source/ui/data/health/evaluate.js';
import { liveAt } from '../ui/data/live-state.js';

const now = 10_000_000;
/** Five minutes of polls every 2 s: `failedPerSecond` dead letters a second, ten deliveries a second. */
const steady = (failedPerSecond: number) =>
	liveAt(now, { counts: { delivered: Array(150).fill(20), failed: Array(150).fill(failedPerSecond * 2) } });

describe("the demo's health rules", () => {
	it("warn at the demo's own pace of dead letters, where the defaults are red", () => {
		// What the demo's broken destinations dead-letter: about one every two seconds.
		const demoPace = steady(0.6);
		expect(evaluateHealth(defaultHealthRules, demoPace, now).colour).toBe('red');
		const report = evaluateHealth(demoHealthRules, demoPace, now);
		expect(report.colour).toBe('yellow');
		// The oldest poll ended exactly 5m ago: outside the window.
		expect(report.results[0]?.reason).toContain('179 dead letters in the last 5m');
	});

	it('turn red when dead letters come well beyond that pace', () => {
		const burst = steady(demoDeadLetterAlarm / 300 + 0.5);
		const report = evaluateHealth(demoHealthRules, burst, now);
		expect(report.colour).toBe('red');
		expect(report.results[0]?.rule).toMatchObject({ metric: 'deadLetters', level: 'red' });
	});

	it('keep every other rule of the defaults', () => {
		const others = (rules: typeof defaultHealthRules) => rules.filter((r) => r.metric !== 'deadLetters');
		expect(others(demoHealthRules)).toEqual(others(defaultHealthRules));
	});
});

describe('the rules a monitor run watches', () => {
	const configPath = '/home/me/.config/mqtop/config.json';
	const fileRules: HealthSettings = {
		rules: [{ ...defaultHealthRules[0]!, above: 3 }],
		rulesFrom: 'file',
		notify: 'bell',
	};

	it("are the demo's under --demo, named so in the overlay", () => {
		const { settings, source } = monitorHealth({
			fromFile: undefined,
			demo: true,
			configPath,
			notify: undefined,
		});
		expect(settings.rules).toBe(demoHealthRules);
		expect(source).toMatch(/^the demo's/);
		expect(monitorHealth({ fromFile: undefined, demo: false, configPath, notify: undefined })).toEqual({
			settings: { rules: defaultHealthRules, rulesFrom: 'defaults', notify: 'off' },
			source: 'the defaults',
		});
	});

	it("are the config file's when it names some, demo or not; the --notify flag wins over its notify", () => {
		for (const demo of [true, false]) {
			const { settings, source } = monitorHealth({
				fromFile: fileRules,
				demo,
				configPath,
				notify: 'desktop',
			});
			expect(settings).toEqual({ ...fileRules, notify: 'desktop' });
			expect(source).toBe(`config file ${configPath}`);
		}
		// A file with only "notify" keeps it, with the demo's rules.
		const notifyOnly: HealthSettings = { rules: defaultHealthRules, rulesFrom: 'defaults', notify: 'both' };
		const run = monitorHealth({ fromFile: notifyOnly, demo: true, configPath, notify: undefined });
		expect(run.settings).toEqual({ rules: demoHealthRules, rulesFrom: 'defaults', notify: 'both' });
	});
});
