import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LineBatch } from '../../source/cli/line-batch.js';

describe('LineBatch', () => {
	it('writes the lines of one turn of the event loop in one write, in order', async () => {
		const writes: string[] = [];
		const batch = new LineBatch((text) => writes.push(text));
		batch.push('one');
		batch.push('two');
		batch.push('three');
		expect(writes).toEqual([]);
		await nextTurn();
		expect(writes).toEqual(['one\ntwo\nthree']);
		batch.push('four');
		await nextTurn();
		expect(writes).toEqual(['one\ntwo\nthree', 'four']);
	});

	it('writes what is pending at once on flush, and nothing twice', async () => {
		const writes: string[] = [];
		const batch = new LineBatch((text) => writes.push(text));
		batch.flush();
		expect(writes).toEqual([]);
		batch.push('a');
		batch.push('b');
		batch.flush();
		expect(writes).toEqual(['a\nb']);
		await nextTurn();
		expect(writes).toEqual(['a\nb']);
	});
});
