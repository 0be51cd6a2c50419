/**
 * UNIX glob patterns of the filter's GLOB operator, case-sensitive, over code points:
 * `*` any run (also empty), `?` one character, `[abc]`, `[a-z]`, `[^a-z]` one character of or
 * not of a set, `\x` the character x itself. Matching is the greedy scan that backtracks only
 * to the last `*`: no regular expression is built from the pattern, so no pattern can make a
 * match take more than (pattern length x value length) steps.
 */
import { EngineError } from '../engine-error.js';

type Part =
	| { kind: 'char'; code: number }
	| { kind: 'any' }
	| { kind: 'star' }
	| { kind: 'set'; negate: boolean; ranges: [number, number][] };

function codePoints(text: string): number[] {
	const out: number[] = [];
	for (const c of text) out.push(c.codePointAt(0)!);
	return out;
}

function parts(pattern: string): Part[] {
	const codes = codePoints(pattern);
	const out: Part[] = [];
	for (let i = 0; i < codes.length; i++) {
		const c = codes[i]!;
		if (c === 0x2a) {
			// Runs of stars are one star.
			if (out.at(-1)?.kind !== 'star') out.push({ kind: 'star' });
		} else if (c === 0x3f) {
			out.push({ kind: 'any' });
		} else if (c === 0x5c && i + 1 < codes.length) {
			out.push({ kind: 'char', code: codes[++i]! });
		} else if (c === 0x5b) {
			let j = i + 1;
			const negate = codes[j] === 0x5e || codes[j] === 0x21;
			if (negate) j++;
			const ranges: [number, number][] = [];
			// A "]" right after the opening bracket is a member, as in the shell.
			let first = true;
			while (j < codes.length && (codes[j] !== 0x5d || first)) {
				const low = codes[j]!;
				if (codes[j + 1] === 0x2d && j + 2 < codes.length && codes[j + 2] !== 0x5d) {
					const high = codes[j + 2]!;
					if (high < low)
						throw new EngineError(
							'invalid',
							`filter: the GLOB pattern ${JSON.stringify(pattern)} has the backwards range ${String.fromCodePoint(low)}-${String.fromCodePoint(high)}`,
						);
					ranges.push([low, high]);
					j += 3;
				} else {
					ranges.push([low, low]);
					j++;
				}
				first = false;
			}
			if (j >= codes.length)
				throw new EngineError(
					'invalid',
					`filter: the GLOB pattern ${JSON.stringify(pattern)} has a "[" without "]"`,
				);
			out.push({ kind: 'set', negate, ranges });
			i = j;
		} else {
			out.push({ kind: 'char', code: c });
		}
	}
	return out;
}

function matchesOne(part: Part, code: number): boolean {
	switch (part.kind) {
		case 'char':
			return part.code === code;
		case 'any':
			return true;
		case 'set': {
			let inside = false;
			for (const [low, high] of part.ranges)
				if (code >= low && code <= high) {
					inside = true;
					break;
				}
			return inside !== part.negate;
		}
		case 'star':
			return false;
	}
}

/** A matcher for `pattern`; EngineError('invalid') for a pattern that cannot be read. */
export function compileGlob(pattern: string): (value: string) => boolean {
	const pattern_ = parts(pattern);
	if (pattern_.every((p) => p.kind === 'char')) {
		const literal = String.fromCodePoint(...pattern_.map((p) => (p as { code: number }).code));
		return (value) => value === literal;
	}
	return (value) => {
		const text = codePoints(value);
		let p = 0;
		let s = 0;
		let star = -1;
		let resume = 0;
		while (s < text.length) {
			const part = pattern_[p];
			if (part?.kind === 'star') {
				star = p++;
				resume = s;
			} else if (part !== undefined && matchesOne(part, text[s]!)) {
				p++;
				s++;
			} else if (star >= 0) {
				p = star + 1;
				s = ++resume;
			} else {
				return false;
			}
		}
		while (pattern_[p]?.kind === 'star') p++;
		return p === pattern_.length;
	};
}
