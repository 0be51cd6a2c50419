import { expect } from 'vitest';
import type { Reading } from '../../source/api/liberal.js';

/**
 * The data of an answer of mqtop's own local service. It sends the complete shape, so its
 * answers must read with nothing odd: a test of the local service asserts that as well.
 */
export async function complete<T>(reading: Reading<T> | Promise<Reading<T>>): Promise<T> {
	const { data, issues } = await reading;
	expect(issues).toEqual([]);
	return data;
}
