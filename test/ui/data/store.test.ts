import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ReducerStore, Store } from '../../../source/ui/data/store.js';
import { waitUntil } from '../../support/wait.js';

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

	it('calls every listener when one throws, then throws the first error to the writer', () => {
		const store = new Store(0);
		const heard: string[] = [];
		store.subscribe(() => {
			heard.push('first');
			throw new Error('first broke');
		});
		store.subscribe(() => {
			heard.push('second');
			throw new Error('second broke');
		});
		store.subscribe(() => heard.push('third'));
		expect(() => store.set(1)).toThrow('first broke');
		expect(heard).toEqual(['first', 'second', 'third']);
		expect(store.getSnapshot()).toBe(1);
	});

	it('hands what a listener threw in a coalesced notification to onListenerError, not to the timer', async () => {
		const store = new Store(0, 5);
		const errors: unknown[] = [];
		store.onListenerError = (error) => errors.push(error);
		let after = 0;
		store.subscribe(() => {
			throw new Error('listener broke');
		});
		store.subscribe(() => after++);
		store.set(1);
		store.set(2);
		// Thrown out of the timer, the error would end the run as an unhandled one, and the
		// second listener would never hear.
		await waitUntil(
			() => (after === 1 && errors.length === 1) || undefined,
			10_000,
			() => `${after} ${errors}`,
		);
		expect((errors[0] as Error).message).toBe('listener broke');
		store.set(3);
		await waitUntil(() => (after === 2 && errors.length === 2) || undefined, 10_000, 'the next notification');
	});

	it('routes every change of a ReducerStore through its reducer', () => {
		const store = new ReducerStore((n: number, by: number) => n + by, 1);
		store.dispatch(2);
		expect(store.getSnapshot()).toBe(3);
	});
});
