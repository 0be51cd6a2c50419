/** Reading JSON that was written to disk: the shape a schema says, or undefined, never a throw. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseJsonAs } from '../../source/text/parse-json.js';

const Point = z.object({ x: z.number(), y: z.number() });

describe('parseJsonAs', () => {
	it('reads JSON of the schema’s shape', () => {
		expect(parseJsonAs('{"x":1,"y":2}', Point)).toEqual({ x: 1, y: 2 });
	});

	it('gives undefined for text that is not JSON, cut short, or of another shape', () => {
		for (const text of ['', 'not json', '{"x":1,"y":', '{"x":"1","y":2}', 'null', '[1,2]'])
			expect(parseJsonAs(text, Point)).toBeUndefined();
	});
});
