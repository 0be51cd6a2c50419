import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Gauge } from '../../../source/local/stats/gauge.js';
import { LatencyRecorder } from '../../../source/local/stats/latency.js';
import { Counter, dayMs, minuteMs, threeHoursMs } from '../../../source/local/stats/time-buckets.js';

const t0 = Date.UTC(2026, 4, 20, 13, 0);

describe('Counter', () => {
	it('sums any whole-minute range the same as a list of the samples would', () => {
		fc.assert(
			fc.property(
				fc.array(fc.tuple(fc.integer({ min: 0, max: 6 * 24 * 60 - 1 }), fc.integer({ min: 1, max: 5 })), {
					maxLength: 60,
				}),
				fc.integer({ min: 0, max: 6 * 24 * 60 }),
				fc.integer({ min: 0, max: 6 * 24 * 60 }),
				(samples, a, b) => {
					const counter = new Counter();
					for (const [minute, n] of samples) counter.add(t0 + minute * minuteMs + 1234, n);
					const [from, to] = a <= b ? [a, b] : [b, a];
					const expected = samples.filter(([m]) => m >= from && m < to).reduce((s, [, n]) => s + n, 0);
					expect(counter.sum(t0 + from * minuteMs, t0 + to * minuteMs)).toBe(expected);
				},
			),
		);
	});

	it('answers 3-hour and day ranges from their own buckets, beyond the minute retention', () => {
		const counter = new Counter();
		const old = t0 - 20 * dayMs;
		counter.add(old, 3);
		counter.add(t0, 1); // drops minute buckets older than about a week
		const start3h = Math.floor(old / threeHoursMs) * threeHoursMs;
		expect(counter.sum(start3h, start3h + threeHoursMs)).toBe(3);
		const startDay = Math.floor(old / dayMs) * dayMs;
		expect(counter.sum(startDay, startDay + dayMs)).toBe(3);
		const minute = Math.floor(old / minuteMs) * minuteMs;
		expect(counter.sum(minute, minute + minuteMs)).toBe(0);
	});
});

describe('LatencyRecorder', () => {
	it('gives the exact mean and a p99 within 5%', () => {
		const latency = new LatencyRecorder();
		for (let i = 1; i <= 1000; i++) latency.record(t0 + i, i / 10);
		expect(latency.mean(t0, t0 + minuteMs)).toBeCloseTo(50.05, 6);
		const p99 = latency.percentile(t0, t0 + minuteMs, 99);
		expect(p99).toBeGreaterThanOrEqual(99);
		expect(p99).toBeLessThanOrEqual(99 * 1.05);
		expect(latency.mean(t0 + minuteMs, t0 + 2 * minuteMs)).toBe(0);
		expect(latency.percentile(t0 + minuteMs, t0 + 2 * minuteMs, 99)).toBe(0);
	});
});

describe('Gauge', () => {
	it('answers the level in force at any instant', () => {
		const gauge = new Gauge();
		gauge.set(t0, 5);
		gauge.set(t0 + 1000, 8);
		expect(gauge.at(t0 - 1)).toBe(0);
		expect(gauge.at(t0)).toBe(5);
		expect(gauge.at(t0 + 999)).toBe(5);
		expect(gauge.at(t0 + 5000)).toBe(8);
		expect(gauge.current).toBe(8);
		gauge.set(t0 + 40 * dayMs, 9);
		expect(gauge.at(t0 + 40 * dayMs - 1)).toBe(8);
	});
});
