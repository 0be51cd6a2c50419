/**
 * UNIX glob patterns of the filter's GLOB operator, case-sensitive, over code points:
 * `*` any run (also empty), `?` one character, `[abc]`, `[a-z]`, `[^a-z]` one character of or
 * not of a set, `\x` the character x itself. No regular expression is built from the pattern.
 *
 * Matching takes time linear in the value (a backtracking matcher takes pattern x value): the
 * pattern is cut at its stars into segments; the first must match at the start, the last at the
 * end, and each one between at its leftmost place after the one before (leftmost is always
 * right for globs). A literal segment is found with Knuth-Morris-Pratt, one with `?` or sets by
 * bit-parallel Shift-And (32 pattern characters per machine word). Every match charges its steps
 * to a WorkMeter, which refuses a query whose filter would take more than its budget.
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

/**
 * Steps of GLOB matching one query may take (docs/protocol/limits.md#indexes): linear matching
 * of a few hundred megabytes of strings, well under a second of the event loop.
 */
export const maxGlobWork = 2 ** 25;

/** Counts the steps of a query's filter, and refuses it past its budget. */
export class WorkMeter {
	private left: number;

	constructor(readonly budget = maxGlobWork) {
		this.left = budget;
	}

	/** A new query with the same filter (a resumable query's next batch) starts a new budget. */
	refill(): void {
		this.left = this.budget;
	}

	charge(steps: number): void {
		this.left -= steps;
		if (this.left < 0)
			throw new EngineError(
				'invalid',
				`filter: the GLOB conditions of this query need more than ${this.budget} steps of matching, the most one query may take; use a shorter pattern or a condition that narrows the records first`,
			);
	}
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

/** The code points of a string: one pass, UTF-16 surrogate pairs joined. */
function codePointsOf(value: string): Uint32Array {
	const out = new Uint32Array(value.length);
	let n = 0;
	for (let i = 0; i < value.length; i++) {
		const c = value.charCodeAt(i);
		if (c >= 0xd800 && c < 0xdc00 && i + 1 < value.length) {
			const d = value.charCodeAt(i + 1);
			if (d >= 0xdc00 && d < 0xe000) {
				out[n++] = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
				i++;
				continue;
			}
		}
		out[n++] = c;
	}
	return out.subarray(0, n);
}

/** A run of single-character parts between stars, and how to find it. */
class Segment {
	readonly length: number;
	private readonly literal: Uint32Array | undefined;
	/** Knuth-Morris-Pratt failure function of a literal segment. */
	private readonly failure: Int32Array | undefined;
	private readonly words: number;
	/** Shift-And: the bits of the `?` positions, of each literal character, and the set positions. */
	private readonly anyMask: Uint32Array;
	private readonly charMasks = new Map<number, Uint32Array>();
	private readonly sets: { position: number; part: Part }[] = [];
	private readonly cache = new Map<number, Uint32Array>();

	constructor(private readonly parts: Part[]) {
		this.length = parts.length;
		this.words = Math.ceil(parts.length / 32);
		this.anyMask = new Uint32Array(this.words);
		if (parts.every((p) => p.kind === 'char')) {
			this.literal = Uint32Array.from(parts, (p) => (p as { code: number }).code);
			this.failure = failureOf(this.literal);
			return;
		}
		parts.forEach((part, position) => {
			const bit = 1 << (position & 31);
			const word = position >>> 5;
			if (part.kind === 'any') this.anyMask[word]! |= bit;
			else if (part.kind === 'char') {
				let mask = this.charMasks.get(part.code);
				if (!mask) {
					mask = new Uint32Array(this.words);
					this.charMasks.set(part.code, mask);
				}
				mask[word]! |= bit;
			} else this.sets.push({ position, part });
		});
	}

	/** Whether the segment matches text[at, at + length). */
	matchesAt(text: Uint32Array, at: number, meter: WorkMeter): boolean {
		meter.charge(this.length);
		for (let i = 0; i < this.length; i++) if (!matchesOne(this.parts[i]!, text[at + i]!)) return false;
		return true;
	}

	/** The leftmost start in [from, to - length] where the segment matches, or -1. */
	find(text: Uint32Array, from: number, to: number, meter: WorkMeter): number {
		if (this.length === 0) return from;
		if (to - from < this.length) return -1;
		return this.literal ? this.findLiteral(text, from, to, meter) : this.findShiftAnd(text, from, to, meter);
	}

	private findLiteral(text: Uint32Array, from: number, to: number, meter: WorkMeter): number {
		const literal = this.literal!;
		const failure = this.failure!;
		meter.charge(to - from + this.length);
		let matched = 0;
		for (let i = from; i < to; i++) {
			const c = text[i]!;
			while (matched > 0 && literal[matched] !== c) matched = failure[matched - 1]!;
			if (literal[matched] === c) matched++;
			if (matched === this.length) return i - this.length + 1;
		}
		return -1;
	}

	private findShiftAnd(text: Uint32Array, from: number, to: number, meter: WorkMeter): number {
		const { words, length } = this;
		meter.charge((to - from) * words);
		const state = new Uint32Array(words);
		const lastWord = (length - 1) >>> 5;
		const lastBit = 1 << ((length - 1) & 31);
		for (let i = from; i < to; i++) {
			const mask = this.maskOf(text[i]!, meter);
			let carry = 1;
			for (let w = 0; w < words; w++) {
				const value = state[w]!;
				state[w] = ((value << 1) | carry) & mask[w]!;
				carry = value >>> 31;
			}
			if (state[lastWord]! & lastBit) return i - length + 1;
		}
		return -1;
	}

	/** The positions `code` may stand at, as bits; cached per code point while the cache is small. */
	private maskOf(code: number, meter: WorkMeter): Uint32Array {
		const cached = this.cache.get(code);
		if (cached) return cached;
		meter.charge(this.words + this.sets.length);
		const mask = Uint32Array.from(this.anyMask);
		const literal = this.charMasks.get(code);
		if (literal) for (let w = 0; w < this.words; w++) mask[w]! |= literal[w]!;
		for (const { position, part } of this.sets)
			if (matchesOne(part, code)) mask[position >>> 5]! |= 1 << (position & 31);
		if (this.cache.size * this.words < 1 << 20) this.cache.set(code, mask);
		return mask;
	}
}

function failureOf(literal: Uint32Array): Int32Array {
	const failure = new Int32Array(literal.length);
	let k = 0;
	for (let i = 1; i < literal.length; i++) {
		while (k > 0 && literal[i] !== literal[k]) k = failure[k - 1]!;
		if (literal[i] === literal[k]) k++;
		failure[i] = k;
	}
	return failure;
}

/** A matcher for `pattern`; EngineError('invalid') for a pattern that cannot be read. */
export function compileGlob(pattern: string, meter = new WorkMeter()): (value: string) => boolean {
	const parsed = parts(pattern);
	if (parsed.every((p) => p.kind === 'char')) {
		const literal = String.fromCodePoint(...parsed.map((p) => (p as { code: number }).code));
		return (value) => value === literal;
	}
	// Cut at the stars: [head, ...middle, tail]; runs of stars are already one.
	const segments: Part[][] = [[]];
	for (const part of parsed) {
		if (part.kind === 'star') segments.push([]);
		else segments.at(-1)!.push(part);
	}
	const compiled = segments.map((run) => new Segment(run));
	const head = compiled[0]!;
	const tail = compiled.at(-1)!;
	const middle = compiled.slice(1, -1).filter((segment) => segment.length > 0);
	const single = compiled.length === 1;
	return (value) => {
		meter.charge(value.length);
		const text = codePointsOf(value);
		if (single) return text.length === head.length && head.matchesAt(text, 0, meter);
		if (text.length < head.length + tail.length) return false;
		if (!head.matchesAt(text, 0, meter)) return false;
		const end = text.length - tail.length;
		if (!tail.matchesAt(text, end, meter)) return false;
		let at = head.length;
		for (const segment of middle) {
			const found = segment.find(text, at, end, meter);
			if (found < 0) return false;
			at = found + segment.length;
		}
		return true;
	};
}
