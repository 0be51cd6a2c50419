import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ReducerStore, Store } from '../../../source/ui/data/store.js';

describe('Store', () => {
	it('notifies at once without coalescing, and not for the same value', () => {
		const store = new Store(1);
		let calls = 0;
		store.subscribe(() => calls++);
		store.set(2);
		store.set(2);
		expect(calls).toBe(1);
		expect(store.getSnapshot()).toBe(2);
	});

	it('collects a burst of writes into one notification', async () => {
		const store = new Store(0, 5);
		let calls = 0;
		store.subscribe(() => calls++);
		for (let i = 1; i <= 10; i++) store.set(i);
		expect(calls).toBe(0);
		expect(store.getSnapshot()).toBe(10);
		const deadline = Date.now() + 2000;
		while (calls === 0 && Date.now() < deadline) await sleep(5);
		expect(calls).toBe(1);
	});

	it('stops notifying when unsubscribed or closed', () => {
		const store = new Store('a');
		let calls = 0;
		const unsubscribe = store.subscribe(() => calls++);
		unsubscribe();
		store.set('b');
		store.subscribe(() => calls++);
		store.close();
		store.set('c');
		expect(calls).toBe(0);
	});

	it('routes every change of a ReducerStore through its reducer', () => {
		const store = new ReducerStore((n: number, by: number) => n + by, 1);
		store.dispatch(2);
		expect(store.getSnapshot()).toBe(3);
	});
});
