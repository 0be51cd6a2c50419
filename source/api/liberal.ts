/**
 * Reading answers liberally (docs/protocol/conventions.md#reading-liberally). A resource is
 * declared once, as the zod schema of its complete shape (what the protocol pages list and the
 * local service sends: docs/protocol/local-server.md#complete-answers); `identified` marks the few
 * fields that identify it. `readLiberal` then reads any answer against that schema so that:
 *
 * - identity fields are required: a record without them is left out of its list, and an answer
 *   whose root lacks them does not fit at all;
 * - every other field may be missing, null or of another type: what parses is kept, the rest is
 *   left out (undefined, shown as "—") and recorded as a FieldIssue;
 * - an enum value nobody listed is kept as it came (and recorded), and so is a value of the right
 *   type that a `keptAsItCame` check cannot read (a timestamp in a spelling nobody listed);
 * - fields the schema does not know are kept as they came;
 * - a list item that is not even an object becomes an empty record when its schema has no
 *   identity (one odd datapoint is a gap in its series, and the points stay aligned by index);
 *   in a list whose items are known by their place (`positional`, the days of a month), an
 *   item that cannot be read is a null at its place, so the items after it keep theirs.
 *
 * `Liberal<typeof Schema>` is the type of such a reading. Schemas of new resources adopt all of
 * this by being declared with `identified(z.looseObject({...}), ['id'])`: nothing else to write.
 */
import { z } from 'zod';

/** Something odd about one field of an answer that was read anyway. */
export interface FieldIssue {
	/** Where, as a path into the answer, e.g. `[2].max_retries` or `daily_used[5].x`. */
	path: string;
	/**
	 * wrong-type: the value was left out; unknown-value: an enum value nobody listed, kept;
	 * unreadable: a value of the right type that its check cannot read, kept as it came;
	 * missing: an identity field was absent, so the record holding it was left out.
	 */
	kind: 'wrong-type' | 'unknown-value' | 'unreadable' | 'missing';
	/** What the field should hold, in words. */
	expected: string;
	/** What came instead, shortened. Text from the network: sanitise it before showing it. */
	got: string;
}

/** An answer as read: the data that parsed, and what was odd about the rest. */
export interface Reading<T> {
	data: T;
	issues: FieldIssue[];
}

declare const identityBrand: unique symbol;

/** A record schema whose identity fields are `K`, at the type level and at run time. */
export type Identified<S extends z.ZodObject, K extends string> = S & { readonly [identityBrand]?: K };

const identities = new WeakMap<z.ZodType, readonly string[]>();

/** Marks the fields of `schema` that identify a record; every other field is read liberally. */
export function identified<S extends z.ZodObject, const K extends keyof S['shape'] & string>(
	schema: S,
	keys: readonly K[],
): Identified<S, K> {
	identities.set(schema, keys);
	return schema as Identified<S, K>;
}

declare const positionBrand: unique symbol;

/** A list whose items are known by their place, at the type level and at run time. */
export type Positional<S extends z.ZodArray> = S & { readonly [positionBrand]: true };

const positionalLists = new WeakSet<z.ZodType>();

/**
 * Marks a list whose items are known by their place (the days of a month, index-aligned with
 * the daily series): an item that cannot be read is read as null, a gap at its place, where
 * other lists leave it out.
 */
export function positional<S extends z.ZodArray>(schema: S): Positional<S> {
	positionalLists.add(schema);
	return schema as Positional<S>;
}

/** What `keptAsItCame` registered: the schema of the type, and the check of the value. */
interface Kept {
	base: z.ZodType;
	check: (value: unknown) => boolean;
}

const keptFields = new WeakMap<z.ZodType, Kept>();

/**
 * A field whose value, when it has `base`'s type but fails `check`, is kept as it came and
 * recorded (kind `unreadable`) rather than left out: `--json` shows what the service sent, and the
 * code that uses the field decides what to make of it (a statistics timestamp nobody can read is
 * a point without a time). Strict parsing, as of the local service's own answers, refuses it.
 */
export function keptAsItCame<S extends z.ZodType>(
	base: S,
	check: (value: z.output<S>) => boolean,
	words: { message: string; description: string },
) {
	const schema = base.refine(check, { message: words.message }).describe(words.description);
	keptFields.set(schema, { base, check: check as (value: unknown) => boolean });
	return schema;
}

type Open<T> = T extends string ? (string extends T ? string : T | (string & {})) : T;

type LiberalObject<S, K extends string> =
	S extends z.ZodObject<infer Shape>
		? { [P in keyof Shape as P extends K ? P : never]: Liberal<Shape[P]> } & {
				[P in keyof Shape as P extends K ? never : P]?: Liberal<Shape[P]>;
			} & { [extra: string]: unknown }
		: never;

/** The type of a liberal reading of schema `S`. */
export type Liberal<S> = S extends { readonly [identityBrand]?: infer K extends string }
	? LiberalObject<S, K>
	: S extends z.ZodArray<infer E> & { readonly [positionBrand]: true }
		? (Liberal<E> | null)[]
		: S extends z.ZodObject
			? LiberalObject<S, never>
			: S extends z.ZodArray<infer E>
				? Liberal<E>[]
				: S extends z.ZodOptional<infer I> | z.ZodDefault<infer I>
					? Liberal<I>
					: S extends z.ZodNullable<infer I>
						? Liberal<I> | null
						: S extends z.ZodRecord<infer _K, infer V>
							? Record<string, Liberal<V>>
							: S extends z.ZodEnum
								? Open<z.output<S>>
								: z.output<S>;

/** A field that was left out. */
const absent: unique symbol = Symbol('absent');
type Read = (input: unknown, path: string, issues: FieldIssue[]) => unknown;

const readers = new WeakMap<z.ZodType, Read>();

function readerOf(schema: z.ZodType): Read {
	let reader = readers.get(schema);
	if (!reader) {
		// Registered before it is built, so that a schema that refers to itself terminates.
		let built: Read | undefined;
		readers.set(schema, (input, path, issues) => built!(input, path, issues));
		built = build(schema);
		reader = built;
		readers.set(schema, reader);
	}
	return reader;
}

function build(schema: z.ZodType): Read {
	const kept = keptFields.get(schema);
	if (kept) return keptReader(schema, kept);
	if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
		const inner = readerOf(schema.unwrap() as z.ZodType);
		return (input, path, issues) => (input === undefined ? absent : inner(input, path, issues));
	}
	if (schema instanceof z.ZodNullable) {
		const inner = readerOf(schema.unwrap() as z.ZodType);
		return (input, path, issues) => (input === null ? null : inner(input, path, issues));
	}
	if (schema instanceof z.ZodObject) return objectReader(schema);
	if (schema instanceof z.ZodArray) return arrayReader(schema);
	if (schema instanceof z.ZodRecord) return recordReader(schema);
	if (schema instanceof z.ZodEnum) return enumReader(schema);
	return leafReader(schema);
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets a key even when it is `__proto__`, which plain assignment would turn into a prototype. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
	if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true });
	else target[key] = value;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

function objectReader(schema: z.ZodObject): Read {
	const identity = new Set(identities.get(schema) ?? []);
	const fields = Object.entries(schema.shape as Record<string, z.ZodType>).map(
		([key, field]) =>
			[key, readerOf(field), identity.has(key), field, field.safeParse(null).success] as const,
	);
	const known = new Set(fields.map(([key]) => key));
	return (input, path, issues) => {
		if (!isRecord(input)) {
			issues.push(wrongType(path, describeSchema(schema), input));
			return absent;
		}
		const out: Record<string, unknown> = {};
		const mark = issues.length;
		for (const [key, read, required, field, allowsNull] of fields) {
			const raw = Object.hasOwn(input, key) ? input[key] : undefined;
			// A null is a field with no value, as good as absent, unless the schema allows null.
			const value =
				raw === undefined || (raw === null && !allowsNull) ? absent : read(raw, join(path, key), issues);
			if (value !== absent) put(out, key, value);
			else if (required) {
				// The record is left out: what was odd about its other fields does not matter.
				issues.length = mark;
				if (raw === undefined || raw === null)
					issues.push({
						path: join(path, key),
						kind: 'missing',
						expected: describeSchema(field),
						got: describeValue(raw),
					});
				else issues.push(wrongType(join(path, key), describeSchema(field), raw));
				return absent;
			}
		}
		for (const key of Object.keys(input)) if (!known.has(key)) put(out, key, input[key]);
		return out;
	};
}

function arrayReader(schema: z.ZodArray): Read {
	const element = schema.element as z.ZodType;
	const read = readerOf(element);
	// A record without identity (a datapoint) that cannot be read stays as an empty one: a gap;
	// in a positional list, any item that cannot be read is a null at its place.
	const gap = positionalLists.has(schema)
		? null
		: element instanceof z.ZodObject && !identities.has(element)
			? {}
			: absent;
	return (input, path, issues) => {
		if (!Array.isArray(input)) {
			issues.push(wrongType(path, describeSchema(schema), input));
			return absent;
		}
		const out: unknown[] = [];
		input.forEach((item, i) => {
			const value = read(item, `${path}[${i}]`, issues);
			if (value !== absent) out.push(value);
			else if (gap !== absent) out.push(gap === null ? null : {});
		});
		return out;
	};
}

function recordReader(schema: z.ZodRecord): Read {
	const read = readerOf(schema.valueType as z.ZodType);
	return (input, path, issues) => {
		if (!isRecord(input)) {
			issues.push(wrongType(path, describeSchema(schema), input));
			return absent;
		}
		const out: Record<string, unknown> = {};
		for (const [key, raw] of Object.entries(input)) {
			const value = read(raw, `${path}[${JSON.stringify(key)}]`, issues);
			if (value !== absent) put(out, key, value);
		}
		return out;
	};
}

function enumReader(schema: z.ZodEnum): Read {
	const known = new Set<unknown>(schema.options);
	return (input, path, issues) => {
		if (typeof input !== 'string') {
			issues.push(wrongType(path, describeSchema(schema), input));
			return absent;
		}
		if (!known.has(input))
			issues.push({
				path,
				kind: 'unknown-value',
				expected: describeSchema(schema),
				got: describeValue(input),
			});
		return input;
	};
}

function keptReader(schema: z.ZodType, { base, check }: Kept): Read {
	const read = readerOf(base);
	return (input, path, issues) => {
		const value = read(input, path, issues);
		if (value !== absent && !check(value))
			issues.push({ path, kind: 'unreadable', expected: describeSchema(schema), got: describeValue(input) });
		return value;
	};
}

function leafReader(schema: z.ZodType): Read {
	const { type, checks } = schema.def as { type: string; checks?: unknown[] };
	const plain = !checks || checks.length === 0;
	// The common leaves without checks are tested directly: statistics have thousands of them.
	if (plain && type === 'string') return fast(schema, (v) => typeof v === 'string');
	if (plain && type === 'boolean') return fast(schema, (v) => typeof v === 'boolean');
	if (plain && type === 'number') return fast(schema, (v) => typeof v === 'number' && Number.isFinite(v));
	return (input, path, issues) => {
		const parsed = schema.safeParse(input);
		if (parsed.success) return parsed.data;
		issues.push(wrongType(path, describeSchema(schema), input));
		return absent;
	};
}

function fast(schema: z.ZodType, test: (value: unknown) => boolean): Read {
	return (input, path, issues) => {
		if (test(input)) return input;
		issues.push(wrongType(path, describeSchema(schema), input));
		return absent;
	};
}

function wrongType(path: string, expected: string, got: unknown): FieldIssue {
	return { path, kind: 'wrong-type', expected, got: describeValue(got) };
}

/** A value as a short text, e.g. `"abc"`, `12`, `null`, `nothing`; long ones end in `…`. */
export function describeValue(value: unknown, max = 60): string {
	if (value === undefined) return 'nothing';
	let text: string;
	try {
		text = JSON.stringify(value) ?? String(value);
	} catch {
		text = String(value);
	}
	return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What a schema expects, in words: `a whole number`, `a list of objects with "id"`. */
export function describeSchema(schema: z.ZodType): string {
	if (schema.description) return schema.description;
	if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault)
		return describeSchema(schema.unwrap() as z.ZodType);
	if (schema instanceof z.ZodNullable) return `${describeSchema(schema.unwrap() as z.ZodType)} or null`;
	if (schema instanceof z.ZodObject) {
		const keys = identities.get(schema);
		return keys?.length ? `an object with ${keys.map((k) => JSON.stringify(k)).join(' and ')}` : 'an object';
	}
	if (schema instanceof z.ZodArray) {
		const element = describeSchema(schema.element as z.ZodType).replace(/^(an?|one of) /, '');
		return `a list of ${element.startsWith('object') ? element.replace(/^object/, 'objects') : `${element}s`}`;
	}
	if (schema instanceof z.ZodRecord) return `an object of ${describeSchema(schema.valueType as z.ZodType)}`;
	if (schema instanceof z.ZodEnum) return `one of ${schema.options.join(', ')}`;
	if (schema instanceof z.ZodUnion)
		return (schema.options as z.ZodType[]).map((option) => describeSchema(option)).join(' or ');
	const { type, checks } = schema.def as { type: string; checks?: unknown[] };
	if (type === 'number') return checks?.length ? 'a whole number' : 'a number';
	if (type === 'string') return 'a string';
	if (type === 'boolean') return 'true or false';
	if (type === 'pipe') return describeSchema((schema.def as unknown as { in: z.ZodType }).in);
	return type;
}

/**
 * Reads `input` against `schema` liberally. `data` is undefined when the answer does not fit
 * at all: not of the schema's top-level type, or without an identity field at its root, or a
 * list that had items of which none could be read.
 */
export function readLiberal<S extends z.ZodType>(
	schema: S,
	input: unknown,
): { data: Liberal<S> | undefined; issues: FieldIssue[] } {
	const issues: FieldIssue[] = [];
	const value = readerOf(schema)(input, '', issues);
	const emptied = Array.isArray(input) && input.length > 0 && Array.isArray(value) && value.length === 0;
	return { data: value === absent || emptied ? undefined : (value as Liberal<S>), issues };
}

/** One line per issue, e.g. `[0].max_retries: expected a whole number, got "many"`. */
export function describeIssue(issue: FieldIssue): string {
	const where = issue.path || '(root)';
	if (issue.kind === 'unknown-value') return `${where}: ${issue.got} is not one of the known values (kept)`;
	if (issue.kind === 'missing') return `${where}: missing (expected ${issue.expected})`;
	if (issue.kind === 'unreadable')
		return `${where}: expected ${issue.expected}, got ${issue.got} (kept as it came)`;
	return `${where}: expected ${issue.expected}, got ${issue.got}`;
}

/**
 * The fields of a record that its schema does not name, as they came: a newer service's
 * additions, for detail views and `--json`.
 */
export function extraFields(schema: z.ZodObject, record: Record<string, unknown>): [string, unknown][] {
	const known = schema.shape as Record<string, unknown>;
	return Object.entries(record).filter(([key]) => !Object.hasOwn(known, key));
}

/** The identity fields `identified` gave a record schema (none for other schemas). */
export function identityOf(schema: z.ZodType): readonly string[] {
	return identities.get(schema) ?? [];
}
