/**
 * Runs a parsed filter (parse.ts) against records: compiled once per request into nested
 * closures, then called per candidate. A condition holds only for a field of the type it
 * applies to: `=`, `!=`, IN and NOT IN for strings, numbers and booleans (the literals 1 and
 * 0 also equal true and false), `<` `<=` `>` `>=` for numbers, GLOB and NOT GLOB for strings,
 * CONTAINS and NOT CONTAINS for arrays. So `x != 'a'` and `x NOT IN (...)` do not hold where
 * x is missing; HAS NOT FIELD asks for that.
 */
import { compileGlob, WorkMeter } from './glob.js';
import { type FilterNode, type Literal, type Path, parseFilter, type Step } from './parse.js';

/** Holds for a record whose plain paths read `root` and `@metadata.` paths read `metadata`. */
export type FilterPredicate = (root: unknown, metadata: unknown) => boolean;

function step(value: unknown, s: Step): unknown {
	if (typeof s === 'string') {
		if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
		return Object.hasOwn(value, s) ? (value as Record<string, unknown>)[s] : undefined;
	}
	if (!Array.isArray(value)) return undefined;
	return typeof s === 'number' ? value[s] : value[value.length - s.fromEnd];
}

function reader(path: Path): (root: unknown, metadata: unknown) => unknown {
	const { steps } = path;
	const fromMetadata = path.scope === 'metadata';
	return (root, metadata) => {
		let value = fromMetadata ? metadata : root;
		for (const s of steps) {
			value = step(value, s);
			if (value === undefined) return undefined;
		}
		return value;
	};
}

function comparable(value: unknown): value is string | number | boolean {
	const type = typeof value;
	return type === 'string' || type === 'number' || type === 'boolean';
}

export function equalsLiteral(value: unknown, literal: Literal): boolean {
	if (value === literal) return true;
	if (typeof value === 'boolean' && typeof literal === 'number') return literal === (value ? 1 : 0);
	return false;
}

function compile(node: FilterNode, meter: WorkMeter): FilterPredicate {
	switch (node.kind) {
		case 'and': {
			const children = node.children.map((child) => compile(child, meter));
			return (r, m) => children.every((child) => child(r, m));
		}
		case 'or': {
			const children = node.children.map((child) => compile(child, meter));
			return (r, m) => children.some((child) => child(r, m));
		}
		case 'not': {
			const child = compile(node.child, meter);
			return (r, m) => !child(r, m);
		}
		case 'has': {
			const read = reader(node.path);
			return node.negate ? (r, m) => read(r, m) === undefined : (r, m) => read(r, m) !== undefined;
		}
		case 'compare': {
			const read = reader(node.path);
			const literal = node.value;
			switch (node.op) {
				case '=':
					return (r, m) => equalsLiteral(read(r, m), literal);
				case '!=':
					return (r, m) => {
						const value = read(r, m);
						return comparable(value) && !equalsLiteral(value, literal);
					};
				default: {
					const bound = literal as number;
					const test =
						node.op === '<'
							? (v: number) => v < bound
							: node.op === '<='
								? (v: number) => v <= bound
								: node.op === '>'
									? (v: number) => v > bound
									: (v: number) => v >= bound;
					return (r, m) => {
						const value = read(r, m);
						return typeof value === 'number' && test(value);
					};
				}
			}
		}
		case 'glob': {
			const read = reader(node.path);
			const match = compileGlob(node.pattern, meter);
			const want = !node.negate;
			return (r, m) => {
				const value = read(r, m);
				return typeof value === 'string' && match(value) === want;
			};
		}
		case 'in': {
			const read = reader(node.path);
			const { values } = node;
			const want = !node.negate;
			return (r, m) => {
				const value = read(r, m);
				return comparable(value) && values.some((literal) => equalsLiteral(value, literal)) === want;
			};
		}
		case 'contains': {
			const read = reader(node.path);
			const literal = node.value;
			const want = !node.negate;
			return (r, m) => {
				const value = read(r, m);
				return Array.isArray(value) && value.some((item) => equalsLiteral(item, literal)) === want;
			};
		}
	}
}

const meters = new WeakMap<FilterPredicate, WorkMeter>();

/**
 * The predicate of a filter; EngineError('invalid') saying why for one that cannot be read. Its
 * GLOB conditions share one WorkMeter: past its budget the predicate throws EngineError.
 */
export function compileFilter(text: string, meter = new WorkMeter()): FilterPredicate {
	const predicate = compile(parseFilter(text), meter);
	meters.set(predicate, meter);
	return predicate;
}

/** Gives a compiled filter a new budget, for another query with it. */
export function refillFilter(filter: FilterPredicate | undefined): void {
	if (filter) meters.get(filter)?.refill();
}
