/**
 * Reading the parts of a data-plane request that both index kinds share, with errors that
 * name the command and the field: objects, flags, strings, enumerations, id lists, filters,
 * and the one-of-ids-prefix-or-filter selection of fetch and delete.
 */
import { EngineError } from './engine-error.js';
import { compileFilter, type FilterPredicate } from './filter/evaluate.js';
import { checkBatch, checkId } from './records.js';

export function object(value: unknown, what: string): Record<string, unknown> {
	if (value === null || typeof value !== 'object' || Array.isArray(value))
		throw new EngineError('invalid', `${what}: expected a JSON object`);
	return value as Record<string, unknown>;
}

export function flag(body: Record<string, unknown>, name: string, what: string): boolean | undefined {
	const value = body[name];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'boolean') throw new EngineError('invalid', `${what}: ${name} must be true or false`);
	return value;
}

export function text(value: unknown, name: string, what: string): string | undefined {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string') throw new EngineError('invalid', `${what}: ${name} must be a string`);
	return value;
}

export function oneOf<T extends string>(
	value: unknown,
	allowed: readonly T[],
	name: string,
	what: string,
): T | undefined {
	if (value === undefined || value === null) return undefined;
	if (!allowed.includes(value as T))
		throw new EngineError(
			'invalid',
			`${what}: ${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`,
		);
	return value as T;
}

export function filterOf(value: unknown, what: string): FilterPredicate | undefined {
	const filter = text(value, 'filter', what);
	return filter === undefined || filter.trim() === '' ? undefined : compileFilter(filter);
}

export function idList(value: unknown, what: string): string[] {
	if (!Array.isArray(value))
		throw new EngineError('invalid', `${what}: ids must be an array of strings or numbers`);
	checkBatch(value.length, 'ids');
	return value.map((id, i) => checkId(id, `${what}: ids[${i}]`));
}

/** Exactly one way of naming records: ids, a prefix, or (for delete) a filter. */
export type Selection = { ids: string[] } | { prefix: string } | { filter: FilterPredicate };

export function selection(
	body: unknown,
	what: string,
	withFilter: boolean,
): { selection: Selection; options: Record<string, unknown> } {
	if (typeof body === 'string' || typeof body === 'number')
		return { selection: { ids: [checkId(body, what)] }, options: {} };
	if (Array.isArray(body)) return { selection: { ids: idList(body, what) }, options: {} };
	const options = object(body, what);
	const given = ['ids', 'prefix', ...(withFilter ? ['filter'] : [])].filter((key) => options[key] != null);
	if (given.length !== 1)
		throw new EngineError(
			'invalid',
			withFilter
				? `${what}: Only and only one of the ids, prefix, or filter must be provided.`
				: `${what}: Only one of ids or prefix must be provided.`,
		);
	const key = given[0]!;
	if (key === 'ids') return { selection: { ids: idList(options.ids, what) }, options };
	if (key === 'prefix') {
		const prefix = text(options.prefix, 'prefix', what)!;
		return { selection: { prefix }, options };
	}
	const filter = filterOf(options.filter, what);
	if (!filter) throw new EngineError('invalid', `${what}: filter is empty`);
	return { selection: { filter }, options };
}
