/**
 * The health rules measured on what the live tracker keeps, the colour of the worst, the moment
 * it turns red, and how that moment is announced on each terminal.
 */
import { describe, expect, it } from 'vitest';
import { defaultHealthRules, type HealthRule } from '../../../source/config/health.js';
import { evaluateHealth } from '../../../source/ui/data/health/evaluate.js';
import {
	desktopProtocol,
	notifyPlan,
	oscSequence,
	throughTmux,
} from '../../../source/ui/data/health/notify.js';
import { HealthStore } from '../../../source/ui/data/health/store.js';
import { initialLiveState, LiveTracker } from '../../../source/ui/data/live/tracker.js';
import { type LiveChange, liveAt } from './live-state.js';

const now = 1_000_000;
const rule = (r: Partial<HealthRule> & Pick<HealthRule, 'metric'>): HealthRule => ({
	above: 0,
	withinMs: 300_000,
	level: 'red',
	minAttempts: 10,
	...r,
});

const live = (change: LiveChange) => liveAt(now, change);

describe('evaluating the health rules', () => {
	it('waits for data before it calls anything healthy', () => {
		const report = evaluateHealth(defaultHealthRules, initialLiveState, now);
		expect(report.colour).toBe('unknown');
		expect(report.results.every((r) => r.state === 'unknown')).toBe(true);
	});

	it('turns red when dead letters grew within the window, and says how many', () => {
		const rules = [rule({ metric: 'deadLetters' })];
		const quiet = evaluateHealth(rules, live({ counts: { delivered: [3, 4], failed: [0, 0] } }), now);
		expect(quiet.colour).toBe('green');
		expect(quiet.results[0]?.reason).toBe('0 dead letters in the last 5m (red above 0)');
		const state = live({
			counts: { delivered: [3, 4], failed: [0, 2] },
			deadLetters: [{ at: now, value: 7 }],
		});
		const report = evaluateHealth(rules, state, now);
		expect(report.colour).toBe('red');
		expect(report.results[0]).toMatchObject({
			state: 'firing',
			value: 2,
			reason: '2 dead letters in the last 5m · 7 in the dead letter queue',
		});
		// Out of the window, they no longer count.
		expect(evaluateHealth(rules, state, now + 400_000).colour).toBe('green');
	});

	it('reads the growth of the dead letter queue where the service lists no logs', () => {
		const state = live({
			logs: 'unlisted',
			deadLetters: [
				{ at: now - 3000, value: 4 },
				{ at: now - 1000, value: 6 },
			],
		});
		const report = evaluateHealth([rule({ metric: 'deadLetters' })], state, now);
		expect(report.results[0]).toMatchObject({
			state: 'firing',
			reason: expect.stringContaining('grew by 2'),
		});
	});

	it('judges the error rate only on enough attempts, yellow before red', () => {
		const rules = [
			rule({ metric: 'errorRate', above: 0.5, level: 'red' }),
			rule({ metric: 'errorRate', above: 0.1, level: 'yellow' }),
		];
		const few = evaluateHealth(rules, live({ counts: { delivered: [1], retried: [2] } }), now);
		expect(few.results[0]?.reason).toContain('3 delivery attempts in the last 5m: too few to judge');
		expect(few.colour).toBe('green');
		const some = evaluateHealth(rules, live({ counts: { delivered: [16], retried: [3], failed: [1] } }), now);
		expect(some.colour).toBe('yellow');
		expect(some.results[0]?.reason).toBe('error rate 20% in the last 5m (4 of 20 attempts failed)');
		const many = evaluateHealth(rules, live({ counts: { delivered: [4], retried: [10], failed: [6] } }), now);
		expect(many.colour).toBe('red');
		// Red first, then the yellow that fires too.
		expect(many.results.map((r) => r.rule.level)).toEqual(['red', 'yellow']);
	});

	it('names the endpoint answering errors, the queue whose lag grows, the schedule that failed', () => {
		const state = live({
			counts: { delivered: [1] },
			endpointErrors: [
				{ at: now - 2000, url: 'http://a/x', count: 3, status: 500 },
				{ at: now - 1000, url: 'http://b/y', count: 1, status: 502 },
				{ at: now - 1000, url: 'http://a/x', count: 2, status: 503 },
			],
			queueListing: 'listed',
			queues: [
				{ at: now - 200_000, queues: [{ name: 'invoices', lag: 10, paused: false }] },
				{ at: now - 1000, queues: [{ name: 'invoices', lag: 150, paused: false }] },
			],
			scheduleListing: 'listed',
			schedules: {
				at: now,
				runs: [
					{ scheduleId: 'scd_paused', destination: 'http://p', paused: true, failed: 1, messages: 1 },
					{ scheduleId: 'scd_1', destination: 'http://s/report', paused: false, failed: 1, messages: 2 },
				],
			},
		});
		const report = evaluateHealth(
			[
				rule({ metric: 'endpointErrors', above: 4, level: 'yellow' }),
				rule({ metric: 'queueLagGrowth', above: 100, level: 'yellow' }),
				rule({ metric: 'scheduleFailed', withinMs: undefined, level: 'yellow' }),
			],
			state,
			now,
		);
		expect(report.colour).toBe('yellow');
		expect(report.results.map((r) => r.reason)).toEqual([
			'http://a/x: 5 failed attempts in the last 5m (last status 503)',
			'queue invoices: lag 150, up 140 in the last 5m',
			'schedule scd_1 (http://s/report) failed its last run (1 of 2 messages)',
		]);
	});

	it('says what is missing rather than passing a rule it cannot measure', () => {
		const state = live({ logs: 'unlisted', queueListing: 'unlisted' });
		const report = evaluateHealth(
			[
				rule({ metric: 'endpointErrors' }),
				rule({ metric: 'queueLagGrowth' }),
				rule({ metric: 'scheduleFailed' }),
			],
			state,
			now,
		);
		expect(report.colour).toBe('unknown');
		expect(report.results.map((r) => r.reason)).toEqual([
			'the service lists no delivery logs',
			'the service lists no queues',
			'waiting for the schedules',
		]);
	});
});

describe('the health store', () => {
	it('calls out turning red from green or yellow, not starting red, not staying red', () => {
		const tracker = new LiveTracker({ keepMs: 60_000, backMs: 60_000, stepMs: 1000 });
		let clock = now;
		const health = new HealthStore(
			{ rules: [rule({ metric: 'deadLetters' })], source: 'test', notify: notifyPlan('off', {}) },
			tracker,
			() => clock,
		);
		const reds: string[] = [];
		health.onRed((firing) => reds.push(firing[0]!.reason));
		tracker.set(live({ counts: { failed: [1] } }));
		// It started red: nothing to announce.
		expect(health.getSnapshot().colour).toBe('red');
		expect(reds).toEqual([]);
		clock += 400_000;
		tracker.set(live({ counts: { failed: [1] } }));
		expect(health.getSnapshot().colour).toBe('green');
		clock = now;
		tracker.set(live({ counts: { failed: [0, 3] } }));
		tracker.set(live({ counts: { failed: [0, 4] } }));
		expect(reds).toEqual(['3 dead letters in the last 5m']);
		health.close();
	});
});

describe('announcing red', () => {
	it('knows which terminals show desktop notifications, and by which sequence', () => {
		expect(desktopProtocol({ TERM_PROGRAM: 'iTerm.app' })).toBe('osc9');
		expect(desktopProtocol({ TERM_PROGRAM: 'WezTerm' })).toBe('osc9');
		expect(desktopProtocol({ TERM: 'xterm-kitty' })).toBe('osc9');
		expect(desktopProtocol({ TERM: 'foot' })).toBe('osc777');
		expect(desktopProtocol({ VTE_VERSION: '7600', TERM: 'xterm-256color' })).toBe('osc777');
		expect(desktopProtocol({ TERM: 'xterm-256color' })).toBeUndefined();
	});

	it('keeps text from the network to one line of plain text inside the sequence', () => {
		expect(oscSequence('osc9', 'mqtop: red', 'http://a/\x1b]0;x\x07; rm')).toBe(
			'\x1b]9;mqtop: red: http://a/ ]0 x   rm\x07',
		);
		expect(oscSequence('osc777', 'mqtop', 'a;b')).toBe('\x1b]777;notify;mqtop;a b\x07');
		expect(throughTmux('\x1b]9;hi\x07', { TMUX: '/tmp/t' })).toBe('\x1bPtmux;\x1b\x1b]9;hi\x07\x1b\\');
	});

	it('rings the bell where no desktop notification shows, and stays silent when off', () => {
		expect(notifyPlan('off', { TERM_PROGRAM: 'WezTerm' }).sequence('t', 'b')).toBe('');
		expect(notifyPlan('bell', {}).sequence('t', 'b')).toBe('\x07');
		expect(notifyPlan('desktop', { TERM_PROGRAM: 'WezTerm' }).sequence('t', 'b')).toBe('\x1b]9;t: b\x07');
		expect(notifyPlan('desktop', {}).sequence('t', 'b')).toBe('\x07');
		expect(notifyPlan('desktop', {}).describe).toContain('not known to show desktop notifications');
		expect(notifyPlan('both', { VTE_VERSION: '1' }).sequence('t', 'b')).toBe('\x07\x1b]777;notify;t;b\x07');
	});
});
