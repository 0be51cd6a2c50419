import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { Store } from '../../../source/ui/data/store.js';
import { useSelector } from '../../../source/ui/kit/hooks/use-selector.js';
import { type ThrottleClock, useThrottledStore } from '../../../source/ui/kit/hooks/use-throttled-store.js';
import { fitSegments, LiveLine } from '../../../source/ui/kit/live-line/live-line-view.js';
import { waitUntil } from '../../support/wait.js';

const strip = (text: string | undefined) => (text ?? '').replace(/\x1b\[[0-9;]*m/g, '');

describe('LiveLine', () => {
	it('draws its segments in one line, cut with … at the width', () => {
		const segments = [
			{ text: '12:00:00  ' },
			{ text: 'callback  ', color: 'cyan' },
			{ text: '✓ current', color: 'green' },
		];
		const { lastFrame, unmount } = render(
			<Box flexDirection="column">
				<LiveLine segments={segments} width={40} />
				<LiveLine segments={segments} width={15} inverse />
				<LiveLine segments={[{ text: '日本 wide' }]} width={40} />
			</Box>,
		);
		const lines = strip(lastFrame()).split('\n');
		unmount();
		expect(lines[0]).toBe('12:00:00  callback  ✓ current');
		expect(lines[1]).toBe('12:00:00  call…');
		expect(lines[2]).toBe('日本 wide');
		expect(fitSegments([{ text: 'abc' }, { text: 'def' }], 4)).toEqual([{ text: 'abc' }, { text: '…' }]);
		expect(fitSegments([{ text: 'abc' }, { text: 'defg' }], 5)).toEqual([{ text: 'abc' }, { text: 'd…' }]);
	});
});

describe('useThrottledStore', () => {
	it('shows the first change at once and the changes of a burst together at the end of the interval', async () => {
		// A clock the test moves by hand: what happens at once needs no timer, what waits for the
		// interval happens only when the test says the interval has passed. No fixed waits.
		const timers: { at: number; run: () => void }[] = [];
		let now = 0;
		const clock: ThrottleClock = {
			now: () => now,
			setTimeout: (run, ms) => timers.push({ at: now + ms, run }),
			clearTimeout: () => {},
		};
		const advance = (ms: number) => {
			now += ms;
			const due = timers.filter((t) => t.at <= now);
			timers.splice(0, timers.length, ...timers.filter((t) => t.at > now));
			for (const timer of due) timer.run();
		};
		const store = new Store(0);
		const seen: number[] = [];
		function Probe() {
			const value = useThrottledStore(store, 80, false, clock);
			useEffect(() => {
				seen.push(value);
			}, [value]);
			return null;
		}
		const { unmount } = render(<Probe />);
		await waitUntil(() => (seen.length === 1 ? true : undefined));
		advance(120);
		store.set(1);
		// After a quiet spell the first change is shown with no timer at all.
		expect(timers).toHaveLength(0);
		await waitUntil(() => (seen.includes(1) ? true : undefined));
		for (let i = 2; i <= 10; i++) store.set(i);
		// The burst waits for the end of the interval: one timer, due 80 ms after the last frame.
		expect(timers.map((t) => t.at)).toEqual([200]);
		expect(seen).toEqual([0, 1]);
		advance(79);
		expect(timers).toHaveLength(1);
		advance(1);
		await waitUntil(() => (seen.includes(10) ? true : undefined));
		expect(seen).toEqual([0, 1, 10]);
		unmount();
	});
});

describe('useSelector', () => {
	it('re-renders only when the selected value changes by its key', async () => {
		const store = new Store({ count: 0, noise: 0 });
		let renders = 0;
		function Probe() {
			renders++;
			const count = useSelector(
				store,
				(s) => s.count,
				(n) => String(n),
			);
			return <Text>{String(count)}</Text>;
		}
		const { lastFrame, unmount } = render(<Probe />);
		const before = renders;
		for (let i = 1; i <= 5; i++) store.set({ ...store.getSnapshot(), noise: i });
		store.set({ ...store.getSnapshot(), count: 3 });
		// Drawn once for the change of count, never for the noise before it.
		await waitUntil(() => (lastFrame() === '3' ? true : undefined));
		expect(renders).toBe(before + 1);
		unmount();
	});

	it('selects once for each state of the store, however often React asks', async () => {
		const store = new Store({ count: 0 });
		let selected = 0;
		// Stable functions, as a view whose selection costs keeps them.
		const select = (s: { count: number }) => {
			selected++;
			return s.count;
		};
		const key = (n: number) => String(n);
		function Probe() {
			return <Text>{String(useSelector(store, select, key))}</Text>;
		}
		const { lastFrame, unmount } = render(<Probe />);
		const states = [store.getSnapshot()];
		for (let i = 1; i <= 3; i++) {
			store.set({ count: i });
			states.push(store.getSnapshot());
			await waitUntil(() => (lastFrame() === String(i) ? true : undefined));
		}
		unmount();
		// React asks on each change, on each render and after each commit: one selection a state.
		expect(selected).toBe(states.length);
	});
});
