/**
 * The wait list of queue lanes, flow-control keys and origin slots: first in, first out, any
 * item taken out from the middle with the order of the others kept.
 */
import { describe, expect, it } from 'vitest';
import { WaitList } from '../../source/local/delivery/wait-list.js';

describe('WaitList', () => {
	it('gives items back in the order they came, around those taken out anywhere', () => {
		const list = new WaitList<number>();
		for (let i = 0; i < 10; i++) list.push(i);
		expect(list.delete(0)).toBe(true);
		expect(list.delete(5)).toBe(true);
		expect(list.delete(9)).toBe(true);
		expect(list.delete(5)).toBe(false);
		expect(list.size).toBe(7);
		expect([...list]).toEqual([1, 2, 3, 4, 6, 7, 8]);
		expect(list.shift()).toBe(1);
		list.push(5);
		expect(list.peek()).toBe(2);
		const rest: number[] = [];
		for (let item = list.shift(); item !== undefined; item = list.shift()) rest.push(item);
		expect(rest).toEqual([2, 3, 4, 6, 7, 8, 5]);
		expect(list.size).toBe(0);
		expect(list.shift()).toBeUndefined();
	});

	it('refuses an item that already waits, and takes it again once it left', () => {
		const list = new WaitList<string>();
		list.push('a');
		expect(() => list.push('a')).toThrow(/already waiting/);
		expect(list.delete('a')).toBe(true);
		list.push('a');
		expect([...list]).toEqual(['a']);
	});
});
