import { describe, expect, it } from 'vitest';
import { moveSelection, selectedIndex } from '../../../source/ui/kit/tail-list/selection.js';

describe('tail selection', () => {
	it('follows the newest row until a row is picked, then stays on it as rows arrive above', () => {
		const keys = ['c', 'b', 'a'];
		expect(selectedIndex(keys, undefined)).toBe(0);
		const picked = moveSelection(keys, undefined, 1);
		expect(picked).toBe('b');
		expect(selectedIndex(['e', 'd', ...keys], picked)).toBe(3);
		expect(moveSelection(keys, 'b', -1)).toBeUndefined();
		expect(moveSelection(keys, 'b', 10)).toBe('a');
		expect(selectedIndex(keys, 'gone')).toBe(0);
		expect(moveSelection([], 'x', 1)).toBeUndefined();
	});
});
