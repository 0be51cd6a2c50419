/**
 * A search database's documents as the Search pane asks them (the kit's DataPlane): one form to
 * search an index with a filter, fetch ids, range, delete by ids or by filter; the values
 * checked by the parsers the commands use, and each request sent with the typed data-plane
 * client (docs/protocol/search.md#commands).
 */
import { searchClients, writeRefused } from '../../../api/index-access.js';
import { deleteRequest } from '../../../api/index-client.js';
import { maxPage, maxTopK, parseIds } from '../../../api/index-query.js';
import { sanitize } from '../../../text/sanitize.js';
import type { FieldSpec } from '../../kit/form/form-state.js';
import type { FormErrors } from '../../kit/form/form-view.js';
import type { DataPlane } from '../../kit/index-data/plane.js';
import * as planeParts from '../../kit/index-data/plane-parts.js';

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

export function checkSearchForm(values: Readonly<Record<SearchField, string>>): {
	errors: FormErrors<SearchField>;
	spec?: SearchSpec;
} {
	const errors: FormErrors<SearchField> = {};
	const index = values.index.trim();
	const input = values.input.trim();
	const filter = values.filter.trim();
	const count = (max: number, fallback: number) =>
		planeParts.countField(errors, 'topK', values.topK, max, fallback);
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
			const ids = planeParts.checkedField(errors, 'input', () => parseIds(input));
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

const where = (index: string) => ` · index ${index ? sanitize(index) : '""'}`;

export function searchWords(spec: SearchSpec): string {
	switch (spec.action) {
		case 'search':
			return `search ${planeParts.quotedValue(spec.query)} · top ${spec.topK}${spec.filter ? ` · filter ${planeParts.quotedValue(spec.filter)}` : ''}${where(spec.index)}`;
		case 'fetch':
			return `${planeParts.fetchWords(spec.ids)}${where(spec.index)}`;
		case 'range':
			return `range, ${spec.limit} a page${where(spec.index)}`;
		case 'delete':
			return planeParts.deleteWords(spec);
	}
}

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
				const { query, topK, filter } = spec;
				return planeParts.matchesResult(
					await read.searchReading(spec.index, { query, topK, ...(filter ? { filter } : {}) }),
				);
			}
			case 'fetch':
				return planeParts.fetchedResult(spec.ids, await read.fetchReading(spec.index, spec.ids));
			case 'range':
				return planeParts.pageResult(
					await read.rangeReading(spec.index, { cursor: cursor ?? '', limit: spec.limit }),
				);
			case 'delete':
				throw new Error('a delete is sent only once confirmed');
		}
	},
	deleteOne: (id, read) => ({ action: 'delete', index: read.index, ids: [id] }),
	deleteRequest(spec) {
		if (spec.action !== 'delete') throw new Error('not a delete');
		return {
			title: planeParts.deleteTitle(spec, 'document', 'that matches', 'index', spec.index),
			request: deleteRequest(planeParts.selectionOf(spec), spec.index || undefined, 'documents'),
		};
	},
	async delete(client, access, spec) {
		if (spec.action !== 'delete') throw new Error('not a delete');
		const { write } = searchClients(client, access);
		if (!write) throw writeRefused(access, 'delete documents');
		return write.delete(spec.index, planeParts.selectionOf(spec));
	},
};
