/**
 * The metadata filter language: every operator of the vendor's documentation on its own
 * example, the laws that tie operators together (IN is ORed =, NOT IN is ANDed !=, De Morgan,
 * AND before OR) as properties over random records, GLOB against a regular-expression
 * reference, and refusals that name what is wrong.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../../../../source/local/indexes/common/engine-error.js';
import { compileFilter } from '../../../../source/local/indexes/common/filter/evaluate.js';
import { compileGlob } from '../../../../source/local/indexes/common/filter/glob.js';
import { maxFilterDepth, parseFilter } from '../../../../source/local/indexes/common/filter/parse.js';

const istanbul = {
	city: 'Istanbul',
	country: 'Turkey',
	is_capital: false,
	population: 15460000,
	geography: { continent: 'Asia', coordinates: { latitude: 41.0082, longitude: 28.9784 } },
	economy: { currency: 'TRY', major_industries: ['Tourism', 'Textiles', 'Finance'] },
};

const holds = (filter: string, metadata: unknown = istanbul) => compileFilter(filter)(metadata, metadata);

function refusal(filter: string): string {
	try {
		compileFilter(filter);
	} catch (error) {
		expect(error).toBeInstanceOf(EngineError);
		return (error as Error).message;
	}
	throw new Error(`${filter} was accepted`);
}

describe('filter operators (the documentation examples)', () => {
	it.each([
		["country = 'Turkey' AND population = 15460000 AND is_capital = false", true],
		["country != 'Germany' AND population != 12500000 AND is_capital != true", true],
		['population < 20000000 OR geography.coordinates.longitude < 30.0', true],
		['population <= 15460000 AND geography.coordinates.longitude <= 28.9784', true],
		['population > 10000000 OR geography.coordinates.latitude > 39.5', true],
		['population >= 15460001', false],
		["city GLOB '?[sz]*[^m-z]'", true],
		["city GLOB '?[sz]*[^a-z]'", false],
		["city GLOB 'I?t*l'", true],
		["city NOT GLOB 'A*'", true],
		["country IN ('Germany', 'Turkey', 'France')", true],
		["economy.currency NOT IN ('USD', 'EUR')", true],
		["economy.major_industries CONTAINS 'Tourism'", true],
		["economy.major_industries NOT CONTAINS 'Steel Production'", true],
		['HAS FIELD geography.coordinates', true],
		['HAS NOT FIELD geography.coordinates.longitude', false],
		["economy.major_industries[0] = 'Tourism'", true],
		["economy.major_industries[#-1] = 'Finance'", true],
		["economy.major_industries[5] = 'Finance'", false],
		['is_capital = 0 AND NOT is_capital = 1', true],
		["country = 'Turkey' AND population > 20000000 OR is_capital = false", true],
		["country = 'Turkey' AND (population > 20000000 OR is_capital = true)", false],
		['country = "Turkey" and Population > 1', false],
		["NOT (country = 'Turkey')", false],
	])('%s -> %s', (filter, expected) => {
		expect(holds(filter)).toBe(expected);
	});

	it('holds a condition only for a field of the type it applies to', () => {
		expect(holds("missing != 'x'")).toBe(false);
		expect(holds("missing NOT IN ('x')")).toBe(false);
		expect(holds("missing NOT GLOB 'x*'")).toBe(false);
		expect(holds("geography NOT CONTAINS 'x'")).toBe(false);
		expect(holds('city > 3')).toBe(false);
		expect(holds("population GLOB '1*'")).toBe(false);
		expect(holds('geography = 1')).toBe(false);
	});

	it('reads @metadata. paths from the metadata and plain paths from the content', () => {
		const predicate = compileFilter("text GLOB 'test*' AND @metadata.count >= 3");
		expect(predicate({ text: 'test-data-3' }, { count: 3 })).toBe(true);
		expect(predicate({ text: 'test-data-3' }, { count: 2 })).toBe(false);
		expect(predicate({ count: 3 }, { text: 'test-data-3' })).toBe(false);
	});

	it('takes keywords as field names where no keyword can stand', () => {
		expect(holds('in = 1 AND not = 2 OR field = 3', { in: 1, not: 2 })).toBe(true);
		expect(holds('has = 1', { has: 1 })).toBe(true);
	});

	it('never reads inherited properties', () => {
		expect(holds('HAS FIELD constructor', {})).toBe(false);
		expect(holds("toString GLOB '*'", {})).toBe(false);
	});
});

describe('filter refusals', () => {
	it.each([
		['', 'is empty'],
		["city = 'Istanbul", 'is not closed'],
		["city == 'x'", 'expected a value'],
		['city', 'expected an operator'],
		['city < "a"', 'needs a number'],
		['city GLOB 5', 'needs a quoted pattern'],
		["city IN 'a'", 'needs a list in parentheses'],
		["city IN ('a' 'b')", 'expected "," or ")"'],
		["(city = 'a'", 'expected ")"'],
		["city = 'a')", 'expected AND, OR or the end'],
		["city = 'a' XOR b = 1", 'expected AND, OR or the end'],
		['tags[x] = 1', 'an array index is a number'],
		['a..b = 1', 'needs a name'],
		['@meta.b = 1', 'only @metadata.'],
		['HAS FIELDS x', 'expected an operator'],
		['HAS NOT x', 'after HAS, got "x"'],
		["city GLOB '[a-'", 'without "]"'],
		['a = 1e999', 'out of range'],
		['a ~ 1', 'unexpected "~"'],
	])('%s', (filter, message) => {
		expect(refusal(filter)).toContain(message);
	});

	it('refuses nesting deeper than the limit and filters longer than the limit', () => {
		const deep = `${'('.repeat(maxFilterDepth + 1)}a = 1${')'.repeat(maxFilterDepth + 1)}`;
		expect(refusal(deep)).toContain(`deeper than ${maxFilterDepth}`);
		expect(refusal(`a = '${'x'.repeat(20_000)}'`)).toContain('characters');
		expect(() =>
			parseFilter(`${'('.repeat(maxFilterDepth)}a = 1${')'.repeat(maxFilterDepth)}`),
		).not.toThrow();
	});

	it('answers any text with a tree or a refusal, never another error', () => {
		const pieces = fc.constantFrom(
			'a',
			'b.c',
			'd[0]',
			'e[#-1]',
			'=',
			'!=',
			'<',
			'>=',
			'AND',
			'OR',
			'NOT',
			'IN',
			'GLOB',
			'CONTAINS',
			'HAS',
			'FIELD',
			'(',
			')',
			',',
			"'x'",
			'"y"',
			'1',
			'-2.5',
			'true',
			' ',
			'[',
			']',
			'#',
			'@',
		);
		fc.assert(
			fc.property(fc.array(fc.oneof(pieces, fc.string({ maxLength: 3 })), { maxLength: 12 }), (parts) => {
				try {
					const predicate = compileFilter(parts.join(' '));
					predicate({ a: 1, b: { c: 'x' } }, {});
				} catch (error) {
					expect(error).toBeInstanceOf(EngineError);
				}
			}),
		);
	});
});

describe('filter laws over random records', () => {
	const value = fc.oneof(
		fc.constantFrom('a', 'b', 'ab', ''),
		fc.integer({ min: -2, max: 2 }),
		fc.boolean(),
		fc.constant(null),
		fc.array(fc.constantFrom('a', 'b', 1, true), { maxLength: 3 }),
	);
	const record = fc.record({ x: value, y: value }, { requiredKeys: [] });
	const literal = fc.oneof(
		fc.constantFrom("'a'", "'b'", "'ab'"),
		fc.constantFrom('0', '1', '2', 'true', 'false'),
	);
	const condition = fc.oneof(
		fc
			.tuple(fc.constantFrom('x', 'y'), fc.constantFrom('=', '!=', 'CONTAINS', 'NOT CONTAINS'), literal)
			.map(([f, op, l]) => `${f} ${op} ${l}`),
		fc
			.tuple(
				fc.constantFrom('x', 'y'),
				fc.constantFrom('<', '<=', '>', '>='),
				fc.integer({ min: -2, max: 2 }),
			)
			.map(([f, op, n]) => `${f} ${op} ${n}`),
		fc.constantFrom('HAS FIELD x', 'HAS NOT FIELD y', "x GLOB 'a*'", "y NOT GLOB '?'"),
	);

	it('IN is = joined by OR, and NOT IN is != joined by AND', () => {
		fc.assert(
			fc.property(
				record,
				fc.constantFrom('x', 'y'),
				fc.array(literal, { minLength: 1, maxLength: 3 }),
				(r, f, ls) => {
					expect(holds(`${f} IN (${ls.join(', ')})`, r)).toBe(
						holds(ls.map((l) => `${f} = ${l}`).join(' OR '), r),
					);
					expect(holds(`${f} NOT IN (${ls.join(', ')})`, r)).toBe(
						holds(ls.map((l) => `${f} != ${l}`).join(' AND '), r),
					);
				},
			),
		);
	});

	it('follows De Morgan, and AND binds tighter than OR', () => {
		fc.assert(
			fc.property(record, condition, condition, condition, (r, a, b, c) => {
				expect(holds(`NOT (${a} AND ${b})`, r)).toBe(holds(`NOT ${a} OR NOT ${b}`, r));
				expect(holds(`NOT (${a} OR ${b})`, r)).toBe(holds(`NOT ${a} AND NOT ${b}`, r));
				expect(holds(`${a} OR ${b} AND ${c}`, r)).toBe(holds(`${a} OR (${b} AND ${c})`, r));
				expect(holds(`${a} AND ${b}`, r)).toBe(holds(a, r) && holds(b, r));
			}),
		);
	});

	it('HAS NOT FIELD is the negation of HAS FIELD', () => {
		fc.assert(
			fc.property(record, fc.constantFrom('x', 'y', 'x[0]', 'x[#-1]', 'z'), (r, f) => {
				expect(holds(`HAS NOT FIELD ${f}`, r)).toBe(!holds(`HAS FIELD ${f}`, r));
			}),
		);
	});
});

describe('GLOB', () => {
	/** The reference: the same pattern as a regular expression (safe here: short, test-made). */
	function reference(pattern: string): RegExp {
		let source = '';
		for (let i = 0; i < pattern.length; i++) {
			const c = pattern[i]!;
			if (c === '*') source += '[\\s\\S]*';
			else if (c === '?') source += '[\\s\\S]';
			else if (c === '[') {
				const close = pattern.indexOf(']', i + 2);
				let inside = pattern.slice(i + 1, close);
				if (inside.startsWith('!')) inside = `^${inside.slice(1)}`;
				source += `[${inside.replace(/\\/g, '\\\\')}]`;
				i = close;
			} else source += c.replace(/[.+^${}()|\\]/g, '\\$&');
		}
		return new RegExp(`^${source}$`, 'u');
	}

	it('matches as the equivalent regular expression', () => {
		const part = fc.constantFrom('a', 'b', 'c', '*', '?', '[ab]', '[^a]', '[a-b]', '.', 'é');
		fc.assert(
			fc.property(fc.array(part, { maxLength: 6 }), fc.stringMatching(/^[abcé.]{0,8}$/), (parts, text) => {
				const pattern = parts.join('');
				expect(compileGlob(pattern)(text)).toBe(reference(pattern).test(text));
			}),
		);
	});

	it('matches segments wider than a machine word as the regular expression does', () => {
		const part = fc.constantFrom('a', 'b', '?', '[ab]', '[^a]');
		fc.assert(
			fc.property(
				fc.array(part, { minLength: 30, maxLength: 80 }),
				fc.stringMatching(/^[abc]{0,40}$/),
				fc.stringMatching(/^[abc]{0,40}$/),
				(parts, before, after) => {
					const segment = parts.join('');
					// The segment's own matching text, somewhere in the middle, or not.
					const inside = parts
						.map((p) => (p === '[^a]' ? 'c' : p === '[ab]' || p === '?' ? 'b' : p))
						.join('');
					for (const text of [before + inside + after, before + after])
						expect(compileGlob(`*${segment}*`)(text)).toBe(reference(`*${segment}*`).test(text));
				},
			),
			{ numRuns: 300 },
		);
	});

	it('treats a backslash as taking the next character literally', () => {
		expect(compileGlob('a\\*')('a*')).toBe(true);
		expect(compileGlob('a\\*')('ab')).toBe(false);
		expect(compileGlob('\\?x*')('?xy')).toBe(true);
	});

	it('takes a long value against many stars in steps bounded by their product', () => {
		const match = compileGlob(`${'*a'.repeat(50)}b`);
		expect(match('a'.repeat(20_000))).toBe(false);
	});
});
