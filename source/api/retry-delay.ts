/**
 * The `Retry-Delay` expression (docs/protocol/publish.md#retry-delay-expressions): arithmetic in
 * milliseconds over the variable `retried`. It is parsed into a tree and evaluated by walking it;
 * it is never run as code.
 */
export type RetryDelayExpr =
	| { kind: 'number'; value: number }
	| { kind: 'retried' }
	| { kind: 'negate'; operand: RetryDelayExpr }
	| { kind: 'binary'; op: '+' | '-' | '*' | '/' | '%'; left: RetryDelayExpr; right: RetryDelayExpr }
	| { kind: 'call'; fn: FunctionName; args: RetryDelayExpr[] };

const functions = {
	pow: { arity: [2, 2], apply: (a: number[]) => a[0]! ** a[1]! },
	sqrt: { arity: [1, 1], apply: (a: number[]) => Math.sqrt(a[0]!) },
	abs: { arity: [1, 1], apply: (a: number[]) => Math.abs(a[0]!) },
	exp: { arity: [1, 1], apply: (a: number[]) => Math.exp(a[0]!) },
	floor: { arity: [1, 1], apply: (a: number[]) => Math.floor(a[0]!) },
	ceil: { arity: [1, 1], apply: (a: number[]) => Math.ceil(a[0]!) },
	round: { arity: [1, 1], apply: (a: number[]) => Math.round(a[0]!) },
	min: { arity: [2, 16], apply: (a: number[]) => Math.min(...a) },
	max: { arity: [2, 16], apply: (a: number[]) => Math.max(...a) },
} as const;
type FunctionName = keyof typeof functions;

export class RetryDelayError extends Error {
	override name = 'RetryDelayError';
}

type Token = { kind: 'num'; value: number } | { kind: 'id'; name: string } | { kind: 'op'; op: string };

function tokenize(text: string): Token[] {
	const tokens: Token[] = [];
	const re = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_]+)|([-+*/%(),]))/y;
	let at = 0;
	while (at < text.length) {
		if (/^\s*$/.test(text.slice(at))) break;
		re.lastIndex = at;
		const m = re.exec(text);
		if (!m) {
			const where = at + (/^\s*/.exec(text.slice(at))?.[0].length ?? 0);
			throw new RetryDelayError(`unexpected character ${JSON.stringify(text[where])} at ${where}`);
		}
		if (m[1] !== undefined) tokens.push({ kind: 'num', value: Number(m[1]) });
		else if (m[2] !== undefined) tokens.push({ kind: 'id', name: m[2] });
		else tokens.push({ kind: 'op', op: m[3]! });
		at = re.lastIndex;
	}
	return tokens;
}

const maxLength = 512;
const maxDepth = 64;

/** Parses an expression; throws RetryDelayError naming what is wrong. */
export function parseRetryDelay(text: string): RetryDelayExpr {
	if (text.length > maxLength) throw new RetryDelayError(`expression longer than ${maxLength} characters`);
	const tokens = tokenize(text);
	let pos = 0;
	let depth = 0;
	const peek = () => tokens[pos];
	const isOp = (op: string) => {
		const t = peek();
		return t?.kind === 'op' && t.op === op;
	};
	const expect = (op: string) => {
		if (!isOp(op)) throw new RetryDelayError(`expected "${op}"`);
		pos++;
	};
	const nested = <T>(parse: () => T): T => {
		if (++depth > maxDepth) throw new RetryDelayError('expression nested too deeply');
		const result = parse();
		depth--;
		return result;
	};
	const expression = (): RetryDelayExpr =>
		nested(() => {
			let left = term();
			while (isOp('+') || isOp('-')) {
				const op = (tokens[pos++] as { op: '+' | '-' }).op;
				left = { kind: 'binary', op, left, right: term() };
			}
			return left;
		});
	const term = (): RetryDelayExpr => {
		let left = unary();
		while (isOp('*') || isOp('/') || isOp('%')) {
			const op = (tokens[pos++] as { op: '*' | '/' | '%' }).op;
			left = { kind: 'binary', op, left, right: unary() };
		}
		return left;
	};
	const unary = (): RetryDelayExpr => {
		if (isOp('-')) {
			pos++;
			return nested(() => ({ kind: 'negate', operand: unary() }));
		}
		return primary();
	};
	const primary = (): RetryDelayExpr => {
		const t = peek();
		if (!t) throw new RetryDelayError('unexpected end of expression');
		pos++;
		if (t.kind === 'num') return { kind: 'number', value: t.value };
		if (t.kind === 'op') {
			if (t.op !== '(') throw new RetryDelayError(`unexpected "${t.op}"`);
			const inner = expression();
			expect(')');
			return inner;
		}
		if (t.name === 'retried') return { kind: 'retried' };
		if (!Object.hasOwn(functions, t.name)) {
			throw new RetryDelayError(
				`unknown name "${t.name}": use retried, ${Object.keys(functions).join(', ')}`,
			);
		}
		const fn = t.name as FunctionName;
		expect('(');
		const args: RetryDelayExpr[] = [expression()];
		while (isOp(',')) {
			pos++;
			args.push(expression());
		}
		expect(')');
		const [least, most] = functions[fn].arity;
		if (args.length < least || args.length > most) {
			throw new RetryDelayError(`${fn} takes ${least === most ? least : `${least} to ${most}`} arguments`);
		}
		return { kind: 'call', fn, args };
	};
	if (tokens.length === 0) throw new RetryDelayError('empty expression');
	const tree = expression();
	if (pos < tokens.length) throw new RetryDelayError('unexpected text after the expression');
	return tree;
}

/** The most retries checkRetryDelay evaluates an expression for: no plan allows more. */
export const maxCheckedRetries = 1000;

/**
 * Refuses an expression that gives no delay for one of the retries it is used for (`retried`
 * from 0 to `retries - 1`; at least 0): infinity, NaN or a negative number would retry at once.
 */
export function checkRetryDelay(expr: RetryDelayExpr, retries = 1): void {
	const variable = usesRetried(expr);
	const last = variable ? Math.min(retries, maxCheckedRetries) - 1 : 0;
	for (let retried = 0; retried <= Math.max(0, last); retried++) {
		const ms = evaluateRetryDelay(expr, retried);
		const when = variable ? ` when retried is ${retried}` : '';
		if (Number.isNaN(ms)) throw new RetryDelayError(`evaluates to NaN, not a number of milliseconds${when}`);
		if (!Number.isFinite(ms))
			throw new RetryDelayError(`evaluates to ${ms > 0 ? '' : 'minus '}infinity${when}`);
		if (ms < 0) throw new RetryDelayError(`evaluates to ${ms} ms, a negative delay${when}`);
	}
}

function usesRetried(expr: RetryDelayExpr): boolean {
	switch (expr.kind) {
		case 'number':
			return false;
		case 'retried':
			return true;
		case 'negate':
			return usesRetried(expr.operand);
		case 'call':
			return expr.args.some(usesRetried);
		case 'binary':
			return usesRetried(expr.left) || usesRetried(expr.right);
	}
}

/** Evaluates a parsed expression for `retried`, giving milliseconds (not clamped). */
export function evaluateRetryDelay(expr: RetryDelayExpr, retried: number): number {
	switch (expr.kind) {
		case 'number':
			return expr.value;
		case 'retried':
			return retried;
		case 'negate':
			return -evaluateRetryDelay(expr.operand, retried);
		case 'call':
			return functions[expr.fn].apply(expr.args.map((a) => evaluateRetryDelay(a, retried)));
		case 'binary': {
			const l = evaluateRetryDelay(expr.left, retried);
			const r = evaluateRetryDelay(expr.right, retried);
			if (expr.op === '+') return l + r;
			if (expr.op === '-') return l - r;
			if (expr.op === '*') return l * r;
			if (expr.op === '/') return l / r;
			return l % r;
		}
	}
}
