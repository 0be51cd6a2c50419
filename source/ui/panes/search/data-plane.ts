/**
 * A search database's documents as the Search pane asks them (the kit's DataPlane): one form to
 * search an index with a filter, fetch ids, range, delete by ids or by filter; the values
 * checked by the parsers the commands use, and each request sent with the typed data-plane
 * client (docs/protocol/search.md#commands).
 */
import { searchClients, writeRefused } from '../../../api/index-access.js';
import { deleteRequest } from '../../../api/index-client.js';
import { maxPage, maxTopK, parseCount, parseIds } from '../../../api/index-query.js';
import { truncate } from '../../../format/text.js';
import { sanitize } from '../../../text/sanitize.js';
import type { FieldSpec } from '../../kit/form/form-state.js';
import type { FormErrors } from '../../kit/form/form-view.js';
import type { DataPlane } from '../../kit/index-data/plane.js';

export type SearchField = 'action' | 'input' | 'index' | 'filter' | 'topK';

export const searchActions = ['search', 'fetch ids', 'range', 'delete ids', 'delete by filter'] as const;

export const searchFields: readonly FieldSpec<SearchField>[] = [
	{ id: 'action', label: 'ask', kind: 'choice', choices: searchActions },
	{ id: 'input', label: 'query or ids', placeholder: 'words to search · ids split by spaces' },
	{ id: 'index', label: 'index', placeholder: 'the index in the database ("" unless named)' },
	{ id: 'filter', label: 'filter', placeholder: "e.g. year > 2020 AND @metadata.lang = 'de'" },
	{ id: 'topK', label: 'top K / page', placeholder: '10 for a search, 20 for a page' },
];

export type SearchSpec =
	| { action: 'search'; index: string; query: string; topK: number; filter?: string }
	| { action: 'fetch'; index: string; ids: string[] }
	| { action: 'range'; index: string; limit: number }
	| { action: 'delete'; index: string; ids: string[] }
	| { action: 'delete'; index: string; filter: string };

function checked<T>(errors: FormErrors<SearchField>, field: SearchField, parse: () => T): T | undefined {
	try {
		return parse();
	} catch (error) {
		errors[field] = (error as Error).message;
		return undefined;
	}
}

export function checkSearchForm(values: Readonly<Record<SearchField, string>>): {
	errors: FormErrors<SearchField>;
	spec?: SearchSpec;
} {
	const errors: FormErrors<SearchField> = {};
	const index = values.index.trim();
	const input = values.input.trim();
	const filter = values.filter.trim();
	const count = (max: number, fallback: number) =>
		values.topK.trim() === ''
			? fallback
			: checked(errors, 'topK', () => parseCount(values.topK, 'top K', max));
	let spec: SearchSpec | undefined;
	switch (values.action as (typeof searchActions)[number]) {
		case 'search': {
			const topK = count(maxTopK, 10);
			if (input === '') errors.input = 'the words to search';
			else if (topK !== undefined)
				spec = { action: 'search', index, query: input, topK, ...(filter ? { filter } : {}) };
			break;
		}
		case 'fetch ids':
		case 'delete ids': {
			const ids = checked(errors, 'input', () => parseIds(input));
			if (ids)
				spec =
					values.action === 'fetch ids' ? { action: 'fetch', index, ids } : { action: 'delete', index, ids };
			break;
		}
		case 'range': {
			const limit = count(maxPage, 20);
			if (limit !== undefined) spec = { action: 'range', index, limit };
			break;
		}
		case 'delete by filter':
			if (filter === '') errors.filter = 'the filter of the documents to delete';
			else spec = { action: 'delete', index, filter };
			break;
	}
	return spec ? { errors, spec } : { errors };
}

const quoted = (value: string) => `"${truncate(sanitize(value), 40)}"`;
const where = (index: string) => ` · index ${index ? sanitize(index) : '""'}`;

export function searchWords(spec: SearchSpec): string {
	switch (spec.action) {
		case 'search':
			return `search ${quoted(spec.query)} · top ${spec.topK}${spec.filter ? ` · filter ${quoted(spec.filter)}` : ''}${where(spec.index)}`;
		case 'fetch':
			return `fetch ${spec.ids.length} id${spec.ids.length === 1 ? '' : 's'}${where(spec.index)}`;
		case 'range':
			return `range, ${spec.limit} a page${where(spec.index)}`;
		case 'delete':
			return 'ids' in spec ? `delete ${spec.ids.length} ids` : `delete by filter ${quoted(spec.filter)}`;
	}
}

const selectionOf = (spec: Extract<SearchSpec, { action: 'delete' }>) =>
	'ids' in spec ? spec.ids : { filter: spec.filter };

export const searchPlane: DataPlane<SearchField, SearchSpec> = {
	kind: 'search',
	fields: searchFields,
	check: checkSearchForm,
	deletes: (spec) => spec.action === 'delete',
	words: searchWords,
	async read(client, access, spec, cursor) {
		const { read } = searchClients(client, access);
		switch (spec.action) {
			case 'search': {
				const { data, issues } = await read.searchReading(spec.index, {
					query: spec.query,
					topK: spec.topK,
					...(spec.filter ? { filter: spec.filter } : {}),
				});
				return { records: data, absent: [], scored: true, oddFields: issues.length };
			}
			case 'fetch': {
				const { data, issues } = await read.fetchReading(spec.index, spec.ids);
				return {
					records: data.filter((d) => d !== null),
					absent: spec.ids.filter((_, i) => !data[i]),
					scored: false,
					oddFields: issues.length,
				};
			}
			case 'range': {
				const { data, issues } = await read.rangeReading(spec.index, {
					cursor: cursor ?? '',
					limit: spec.limit,
				});
				return {
					records: data.vectors ?? [],
					absent: [],
					scored: false,
					oddFields: issues.length,
					...(data.nextCursor ? { nextCursor: data.nextCursor } : {}),
				};
			}
			case 'delete':
				throw new Error('a delete is sent only once confirmed');
		}
	},
	deleteOne: (id, read) => ({ action: 'delete', index: read.index, ids: [id] }),
	deleteRequest(spec) {
		if (spec.action !== 'delete') throw new Error('not a delete');
		const what =
			'ids' in spec
				? `delete ${spec.ids.length === 1 ? `document ${sanitize(spec.ids[0]!)}` : `${spec.ids.length} documents`}`
				: `delete every document that matches ${quoted(spec.filter)}`;
		return {
			title: `${what} from index ${spec.index ? sanitize(spec.index) : '""'}`,
			request: deleteRequest(selectionOf(spec), spec.index || undefined, 'documents'),
		};
	},
	async delete(client, access, spec) {
		if (spec.action !== 'delete') throw new Error('not a delete');
		const { write } = searchClients(client, access);
		if (!write) throw writeRefused(access, 'delete documents');
		return write.delete(spec.index, selectionOf(spec));
	},
};
