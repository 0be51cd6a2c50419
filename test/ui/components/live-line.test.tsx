import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { fitSegments, LiveLine } from '../../../source/ui/components/live-line.js';
import { useSelector } from '../../../source/ui/hooks/use-selector.js';
import { useThrottledStore } from '../../../source/ui/hooks/use-throttled-store.js';
import { Store } from '../../../source/ui/state/store.js';
import { waitUntil } from '../../support/wait.js';

const strip = (text: string | undefined) => (text ?? '').replace(/\x1b\[[0-9;]*m/g, '');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
		const store = new Store(0);
		const seen: number[] = [];
		function Probe() {
			const value = useThrottledStore(store, 400);
			useEffect(() => {
				seen.push(value);
			}, [value]);
			return null;
		}
		const { unmount } = render(<Probe />);
		// A quiet spell longer than the interval: the next change is shown at once. "At once" is
		// well before the interval would end, however loaded the machine; the rest is waited for.
		await sleep(450);
		store.set(1);
		await waitUntil(() => (seen.includes(1) ? true : undefined), 300, 'the first change, at once');
		expect(seen).toEqual([0, 1]);
		for (let i = 2; i <= 10; i++) store.set(i);
		expect(seen).toEqual([0, 1]);
		await waitUntil(
			() => (seen.includes(10) ? true : undefined),
			5000,
			'the burst, at the end of the interval',
		);
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
		await sleep(20);
		expect(renders).toBe(before);
		store.set({ ...store.getSnapshot(), count: 3 });
		await sleep(20);
		expect(renders).toBe(before + 1);
		expect(lastFrame()).toBe('3');
		unmount();
	});
});
