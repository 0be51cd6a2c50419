/**
 * The metadata filter language of the indexes, parsed into a tree (evaluate.ts runs it). A
 * hand-written tokenizer and recursive-descent parser: nothing from the filter is ever run as
 * code, and what cannot be parsed is refused with where and why.
 *
 *   filter    := or
 *   or        := and (OR and)*
 *   and       := unary (AND unary)*                  AND binds tighter than OR
 *   unary     := NOT unary | primary                  (NOT before a condition: a local extension)
 *   primary   := "(" or ")"
 *              | HAS [NOT] FIELD path
 *              | path ("=" | "!=" | "<" | "<=" | ">" | ">=") literal
 *              | path [NOT] GLOB string
 *              | path [NOT] IN "(" literal ("," literal)* ")"
 *              | path [NOT] CONTAINS literal
 *   path      := [@metadata.] name ("." name | "[" (n | "#-" n) "]")*      name: [A-Za-z_][A-Za-z0-9_-]*
 *   literal   := 'text' | "text" | number | TRUE | FALSE                (1 and 0 also match booleans)
 *
 * Keywords are case-insensitive and reserved only where they can stand, so a field may be
 * called `in` or `field`. `@metadata.` names a document's metadata on the search indexes,
 * whose plain paths name its content; on a vector index both name the metadata.
 */
import { EngineError } from '../engine-error.js';

/** Longest filter accepted, in characters. */
export const maxFilterLength = 16_384;
/** Deepest nesting of parentheses and NOTs. */
export const maxFilterDepth = 32;

export type Literal = string | number | boolean;

/** One step into a value: an object key, an array index, or an index from the end (`[#-1]`). */
export type Step = string | number | { fromEnd: number };

export interface Path {
	scope: 'default' | 'metadata';
	steps: Step[];
	/** As written, for messages. */
	text: string;
}

export type CompareOp = '=' | '!=' | '<' | '<=' | '>' | '>=';

export type FilterNode =
	| { kind: 'and' | 'or'; children: FilterNode[] }
	| { kind: 'not'; child: FilterNode }
	| { kind: 'compare'; op: CompareOp; path: Path; value: Literal }
	| { kind: 'glob'; negate: boolean; path: Path; pattern: string }
	| { kind: 'in'; negate: boolean; path: Path; values: Literal[] }
	| { kind: 'contains'; negate: boolean; path: Path; value: Literal }
	| { kind: 'has'; negate: boolean; path: Path };

type Token =
	| { kind: 'word'; text: string; at: number }
	| { kind: 'string'; value: string; at: number }
	| { kind: 'number'; value: number; text: string; at: number }
	| { kind: 'symbol'; text: string; at: number }
	| { kind: 'end'; at: number };

const fail = (message: string): never => {
	throw new EngineError('invalid', `filter: ${message}`);
};

const describe = (token: Token): string => {
	switch (token.kind) {
		case 'end':
			return 'the end of the filter';
		case 'string':
			return `the string ${JSON.stringify(token.value)} at position ${token.at + 1}`;
		case 'number':
			return `the number ${token.text} at position ${token.at + 1}`;
		default:
			return `"${token.text}" at position ${token.at + 1}`;
	}
};

const wordStart = /[A-Za-z_@]/;
const wordPart = /[A-Za-z0-9_.[\]#@-]/;
const numberPattern = /-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;

function tokenize(text: string): Token[] {
	const tokens: Token[] = [];
	let i = 0;
	while (i < text.length) {
		const c = text[i]!;
		if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
			i++;
		} else if (c === "'" || c === '"') {
			const at = i;
			let value = '';
			i++;
			for (;;) {
				if (i >= text.length) fail(`the string that starts at position ${at + 1} is not closed`);
				const d = text[i]!;
				if (d === c) break;
				if (d === '\\' && i + 1 < text.length) {
					value += text[i + 1];
					i += 2;
				} else {
					value += d;
					i++;
				}
			}
			i++;
			tokens.push({ kind: 'string', value, at });
		} else if (c === '-' || c === '.' || (c >= '0' && c <= '9')) {
			numberPattern.lastIndex = i;
			const match = numberPattern.exec(text);
			if (!match) fail(`unexpected "${c}" at position ${i + 1}`);
			const literal = match![0];
			const value = Number(literal);
			if (!Number.isFinite(value)) fail(`the number ${literal} at position ${i + 1} is out of range`);
			tokens.push({ kind: 'number', value, text: literal, at: i });
			i += literal.length;
		} else if (wordStart.test(c)) {
			const at = i;
			while (i < text.length && wordPart.test(text[i]!)) i++;
			tokens.push({ kind: 'word', text: text.slice(at, i), at });
		} else if (c === '!' || c === '<' || c === '>') {
			const two = text.slice(i, i + 2);
			if (two === '!=' || two === '<=' || two === '>=') {
				tokens.push({ kind: 'symbol', text: two, at: i });
				i += 2;
			} else if (c === '!') {
				fail(`unexpected "!" at position ${i + 1} (not equal is "!=")`);
			} else {
				tokens.push({ kind: 'symbol', text: c, at: i });
				i++;
			}
		} else if (c === '=' || c === '(' || c === ')' || c === ',') {
			tokens.push({ kind: 'symbol', text: c, at: i });
			i++;
		} else {
			fail(`unexpected "${c}" at position ${i + 1}`);
		}
	}
	tokens.push({ kind: 'end', at: text.length });
	return tokens;
}

const namePattern = /^[A-Za-z_][A-Za-z0-9_-]*/;

/** `a.b[0].c[#-1]` as steps; `@metadata.` first selects the metadata scope. */
export function parsePath(text: string, at = 0): Path {
	let rest = text;
	let scope: Path['scope'] = 'default';
	if (rest.startsWith('@')) {
		if (!rest.startsWith('@metadata.'))
			fail(`"${text}" at position ${at + 1}: only @metadata. may start a field name with @`);
		scope = 'metadata';
		rest = rest.slice('@metadata.'.length);
	}
	const steps: Step[] = [];
	const bad = (why: string) => fail(`the field "${text}" at position ${at + 1} ${why}`);
	let expectName = true;
	while (rest.length > 0) {
		if (expectName) {
			const name = namePattern.exec(rest)?.[0] ?? /^\d+/.exec(rest)?.[0];
			if (!name) bad('needs a name after each "."');
			steps.push(name!);
			rest = rest.slice(name!.length);
			expectName = false;
		} else if (rest.startsWith('.')) {
			rest = rest.slice(1);
			expectName = true;
		} else if (rest.startsWith('[')) {
			const close = rest.indexOf(']');
			if (close < 0) bad('has a "[" without "]"');
			const inside = rest.slice(1, close);
			if (/^\d{1,9}$/.test(inside)) steps.push(Number(inside));
			else if (/^#-\d{1,9}$/.test(inside) && Number(inside.slice(2)) > 0)
				steps.push({ fromEnd: Number(inside.slice(2)) });
			else bad(`has "[${inside}]": an array index is a number from 0, or #-n from the end`);
			rest = rest.slice(close + 1);
		} else {
			bad(`has "${rest[0]}" where "." or "[" was expected`);
		}
	}
	if (expectName) bad('ends where a name was expected');
	return { scope, steps, text };
}

class Parser {
	private position = 0;
	private depth = 0;

	constructor(private readonly tokens: Token[]) {}

	private peek(): Token {
		return this.tokens[this.position]!;
	}

	private next(): Token {
		return this.tokens[this.position++]!;
	}

	private isWord(token: Token, ...words: string[]): boolean {
		return token.kind === 'word' && words.includes(token.text.toUpperCase());
	}

	private isSymbol(token: Token, text: string): boolean {
		return token.kind === 'symbol' && token.text === text;
	}

	parse(): FilterNode {
		const node = this.or();
		const end = this.peek();
		if (end.kind !== 'end') fail(`expected AND, OR or the end of the filter, got ${describe(end)}`);
		return node;
	}

	private nest<T>(parse: () => T): T {
		if (++this.depth > maxFilterDepth) fail(`nested deeper than ${maxFilterDepth} levels`);
		const node = parse();
		this.depth--;
		return node;
	}

	private or(): FilterNode {
		const children = [this.and()];
		while (this.isWord(this.peek(), 'OR')) {
			this.next();
			children.push(this.and());
		}
		return children.length === 1 ? children[0]! : { kind: 'or', children };
	}

	private and(): FilterNode {
		const children = [this.unary()];
		while (this.isWord(this.peek(), 'AND')) {
			this.next();
			children.push(this.unary());
		}
		return children.length === 1 ? children[0]! : { kind: 'and', children };
	}

	private unary(): FilterNode {
		const token = this.peek();
		// `NOT` is a field name when an operator follows it (`not = 1`).
		if (this.isWord(token, 'NOT') && !this.operatorAt(this.position + 1)) {
			this.next();
			return this.nest(() => ({ kind: 'not', child: this.unary() }));
		}
		return this.primary();
	}

	private operatorAt(index: number): boolean {
		const token = this.tokens[index]!;
		if (token.kind === 'symbol') return token.text !== '(' && token.text !== ')' && token.text !== ',';
		if (this.isWord(token, 'NOT')) return this.isWord(this.tokens[index + 1]!, 'GLOB', 'IN', 'CONTAINS');
		return this.isWord(token, 'GLOB', 'IN', 'CONTAINS');
	}

	private primary(): FilterNode {
		const token = this.next();
		if (this.isSymbol(token, '(')) {
			const node = this.nest(() => this.or());
			const close = this.next();
			if (!this.isSymbol(close, ')'))
				fail(`expected ")" to close position ${token.at + 1}, got ${describe(close)}`);
			return node;
		}
		if (token.kind !== 'word') fail(`expected a condition, got ${describe(token)}`);
		const word = token as Extract<Token, { kind: 'word' }>;
		const after = this.peek();
		const hasField =
			this.isWord(after, 'FIELD') ||
			(this.isWord(after, 'NOT') && this.isWord(this.tokens[this.position + 1]!, 'FIELD'));
		if (this.isWord(word, 'HAS') && hasField) {
			const negate = this.isWord(this.peek(), 'NOT');
			if (negate) this.next();
			const field = this.next();
			if (!this.isWord(field, 'FIELD'))
				fail(`expected FIELD after HAS${negate ? ' NOT' : ''}, got ${describe(field)}`);
			const name = this.next();
			if (name.kind !== 'word')
				fail(`expected a field name after HAS${negate ? ' NOT' : ''} FIELD, got ${describe(name)}`);
			const pathToken = name as Extract<Token, { kind: 'word' }>;
			return { kind: 'has', negate, path: parsePath(pathToken.text, pathToken.at) };
		}
		const path = parsePath(word.text, word.at);
		return this.condition(path);
	}

	private condition(path: Path): FilterNode {
		const token = this.next();
		if (token.kind === 'symbol' && ['=', '!=', '<', '<=', '>', '>='].includes(token.text)) {
			const op = token.text as CompareOp;
			const value = this.literal(`after ${path.text} ${op}`);
			if (op !== '=' && op !== '!=' && typeof value !== 'number')
				fail(`${path.text} ${op} needs a number, got ${JSON.stringify(value)} (< <= > >= compare numbers)`);
			return { kind: 'compare', op, path, value };
		}
		const negate = this.isWord(token, 'NOT');
		const operator = negate ? this.next() : token;
		const spelled = `${negate ? 'NOT ' : ''}${operator.kind === 'word' ? operator.text.toUpperCase() : ''}`;
		if (this.isWord(operator, 'GLOB')) {
			const pattern = this.next();
			if (pattern.kind !== 'string')
				fail(`${path.text} ${spelled} needs a quoted pattern, got ${describe(pattern)}`);
			return { kind: 'glob', negate, path, pattern: (pattern as { value: string }).value };
		}
		if (this.isWord(operator, 'IN')) {
			const open = this.next();
			if (!this.isSymbol(open, '('))
				fail(`${path.text} ${spelled} needs a list in parentheses, got ${describe(open)}`);
			const values = [this.literal(`in the list of ${path.text} ${spelled}`)];
			for (;;) {
				const after = this.next();
				if (this.isSymbol(after, ')')) break;
				if (!this.isSymbol(after, ','))
					fail(`expected "," or ")" in the list of ${path.text} ${spelled}, got ${describe(after)}`);
				values.push(this.literal(`in the list of ${path.text} ${spelled}`));
			}
			return { kind: 'in', negate, path, values };
		}
		if (this.isWord(operator, 'CONTAINS'))
			return { kind: 'contains', negate, path, value: this.literal(`after ${path.text} ${spelled}`) };
		return fail(
			`expected an operator (=, !=, <, <=, >, >=, GLOB, IN, CONTAINS or their NOT forms) after ${path.text}, got ${describe(negate ? operator : token)}`,
		);
	}

	private literal(where: string): Literal {
		const token = this.next();
		if (token.kind === 'string' || token.kind === 'number') return token.value;
		if (this.isWord(token, 'TRUE')) return true;
		if (this.isWord(token, 'FALSE')) return false;
		return fail(
			`expected a value (a quoted string, a number, true or false) ${where}, got ${describe(token)}`,
		);
	}
}

/** The tree of a filter, or EngineError('invalid') saying where and why it cannot be read. */
export function parseFilter(text: string): FilterNode {
	if (typeof text !== 'string') fail('must be a string');
	if (text.length > maxFilterLength)
		fail(`has ${text.length} characters; at most ${maxFilterLength} are accepted`);
	if (text.trim() === '') fail('is empty');
	return new Parser(tokenize(text)).parse();
}
