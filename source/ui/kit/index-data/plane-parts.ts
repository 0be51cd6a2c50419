/**
 * What the Vector and Search panes' data planes (plane.ts) share, pure: a form value checked by
 * a parser of source/api with its error put under the field, and an index's readings turned into
 * the kit's result. The planes differ in what they ask, not in how an answer is read.
 */
import { deleteRequest } from '../../../api/index-client.js';
import { maxPage, parseCount, parseIds } from '../../../api/index-query.js';
import type { Reading } from '../../../api/liberal.js';
import type { ApiRequest } from '../../../api/transport.js';
import { truncate } from '../../../format/text.js';
import { sanitize } from '../../../text/sanitize.js';
import type { FormErrors } from '../form/form-view.js';
import type { DataRecord, DataResult } from './index-data-state.js';

/** Runs a parser of source/api; its error goes under the field. */
export function checkedField<F extends string, T>(
	errors: FormErrors<F>,
	field: F,
	parse: () => T,
): T | undefined {
	try {
		return parse();
	} catch (error) {
		errors[field] = (error as Error).message;
		return undefined;
	}
}

/** A count typed in `field` (top K, a page's size), `fallback` when left empty. */
export function countField<F extends string>(
	errors: FormErrors<F>,
	field: F,
	text: string,
	max: number,
	fallback: number,
): number | undefined {
	return text.trim() === '' ? fallback : checkedField(errors, field, () => parseCount(text, 'top K', max));
}

/** What both planes ask besides a query, read the same way: a fetch of ids, a range, a delete by ids or by filter. */
export type CommonSpec =
	| { action: 'fetch'; ids: string[] }
	| { action: 'range'; limit: number }
	| { action: 'delete'; ids: string[] }
	| { action: 'delete'; filter: string };

/** The form's values both planes have. */
type CommonValues = Readonly<Record<'action' | 'input' | 'filter' | 'topK', string>>;

/**
 * The ask of an action both planes have (`fetch ids`, `range`, `delete ids`, `delete by filter`),
 * or undefined for another action or where what was typed is wrong (the error under its field).
 * `noun` names what a delete by filter deletes: `records`.
 */
export function commonSpec(
	values: CommonValues,
	errors: FormErrors<'input' | 'filter' | 'topK'>,
	noun: string,
): CommonSpec | undefined {
	const filter = values.filter.trim();
	switch (values.action) {
		case 'fetch ids':
		case 'delete ids': {
			const ids = checkedField(errors, 'input', () => parseIds(values.input.trim()));
			if (!ids) return undefined;
			return values.action === 'fetch ids' ? { action: 'fetch', ids } : { action: 'delete', ids };
		}
		case 'range': {
			const limit = countField(errors, 'topK', values.topK, maxPage, 20);
			return limit === undefined ? undefined : { action: 'range', limit };
		}
		case 'delete by filter':
			if (filter !== '') return { action: 'delete', filter };
			errors.filter = `the filter of the ${noun} to delete`;
			return undefined;
		default:
			return undefined;
	}
}

/** An ask of CommonSpec in words, `where` (` · namespace docs`) after a fetch's and a range's. */
export function commonWords(spec: CommonSpec, where: string): string {
	switch (spec.action) {
		case 'fetch':
			return `${fetchWords(spec.ids)}${where}`;
		case 'range':
			return `range, ${spec.limit} a page${where}`;
		case 'delete':
			return deleteWords(spec);
	}
}

/** How a plane names what a delete deletes, and where. */
export interface DeleteNames {
	/** `record`. */
	noun: string;
	/** `whose metadata matches`. */
	matches: string;
	/** `namespace`. */
	place: string;
	collection: 'vectors' | 'documents';
}

/** The delete `spec` is; thrown for a read (a delete is only asked of a delete). */
export function deleteOf<S extends { action: string }>(spec: S): Extract<S, { action: 'delete' }> {
	if (spec.action !== 'delete') throw new Error('not a delete');
	return spec as Extract<S, { action: 'delete' }>;
}

/** A delete at `at` (the namespace or index, "" the default one) as its title and exact request. */
export function deleteAsked(
	spec: { ids: string[] } | { filter: string },
	at: string,
	names: DeleteNames,
): { title: string; request: ApiRequest } {
	return {
		title: deleteTitle(spec, names.noun, names.matches, names.place, at),
		request: deleteRequest(selectionOf(spec), at || undefined, names.collection),
	};
}

/** A value typed into the form, quoted and shortened for a title. */
export const quotedValue = (value: string) => `"${truncate(sanitize(value), 40)}"`;

/** What a delete by ids or by filter sends. */
export const selectionOf = (spec: { ids: string[] } | { filter: string }) =>
	'ids' in spec ? spec.ids : { filter: spec.filter };

/** A delete's request in words, for the title over its answer. */
export const deleteWords = (spec: { ids: string[] } | { filter: string }) =>
	'ids' in spec ? `delete ${spec.ids.length} ids` : `delete by filter ${quotedValue(spec.filter)}`;

/**
 * The title of a delete's confirmation: `noun` one by id or how many, or every one the filter
 * matches (`matches`: "that matches"), from the `place` (index, namespace) named `name`.
 */
export function deleteTitle(
	spec: { ids: string[] } | { filter: string },
	noun: string,
	matches: string,
	place: string,
	name: string,
): string {
	const what =
		'ids' in spec
			? `delete ${spec.ids.length === 1 ? `${noun} ${sanitize(spec.ids[0]!)}` : `${spec.ids.length} ${noun}s`}`
			: `delete every ${noun} ${matches} ${quotedValue(spec.filter)}`;
	return `${what} from ${place} ${name ? sanitize(name) : '""'}`;
}

export const fetchWords = (ids: readonly string[]) => `fetch ${ids.length} id${ids.length === 1 ? '' : 's'}`;

/** A query's matches, best first. */
export function matchesResult(reading: Reading<DataRecord[]>): DataResult {
	return { records: reading.data, absent: [], scored: true, oddFields: reading.issues.length };
}

/** A fetch's records, and the ids asked for that it did not find. */
export function fetchedResult(ids: readonly string[], reading: Reading<(DataRecord | null)[]>): DataResult {
	const { data, issues } = reading;
	return {
		records: data.filter((record) => record !== null),
		absent: ids.filter((_, i) => !data[i]),
		scored: false,
		oddFields: issues.length,
	};
}

/** A range's page, with the cursor of the next one while there is one. */
export function pageResult(reading: Reading<{ vectors?: DataRecord[]; nextCursor?: string }>): DataResult {
	const { data, issues } = reading;
	return {
		records: data.vectors ?? [],
		absent: [],
		scored: false,
		oddFields: issues.length,
		...(data.nextCursor ? { nextCursor: data.nextCursor } : {}),
	};
}
