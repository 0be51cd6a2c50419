/**
 * A search database's documents as the Search pane asks them (the kit's DataPlane): one form to
 * search an index with a filter, fetch ids, range, delete by ids or by filter; the values
 * checked by the parsers the commands use, and each request sent with the typed data-plane
 * client (docs/protocol/search.md#commands).
 */
import { searchClients, writeRefused } from '../../../api/index-access.js';
import { maxTopK } from '../../../api/index-query.js';
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

/** A search, or an ask both planes have, in an index of the database ("" the default one). */
export type SearchSpec = (
	| { action: 'search'; query: string; topK: number; filter?: string }
	| planeParts.CommonSpec
) & { index: string };

export function checkSearchForm(values: Readonly<Record<SearchField, string>>): {
	errors: FormErrors<SearchField>;
	spec?: SearchSpec;
} {
	const errors: FormErrors<SearchField> = {};
	const index = values.index.trim();
	const input = values.input.trim();
	const filter = values.filter.trim();
	let spec: SearchSpec | undefined;
	if (values.action === 'search') {
		const topK = planeParts.countField(errors, 'topK', values.topK, maxTopK, 10);
		if (input === '') errors.input = 'the words to search';
		else if (topK !== undefined)
			spec = { action: 'search', index, query: input, topK, ...(filter ? { filter } : {}) };
	} else {
		const common = planeParts.commonSpec(values, errors, 'documents');
		if (common) spec = { ...common, index };
	}
	return spec ? { errors, spec } : { errors };
}

const where = (index: string) => ` · index ${index ? sanitize(index) : '""'}`;

export function searchWords(spec: SearchSpec): string {
	if (spec.action !== 'search') return planeParts.commonWords(spec, where(spec.index));
	return `search ${planeParts.quotedValue(spec.query)} · top ${spec.topK}${spec.filter ? ` · filter ${planeParts.quotedValue(spec.filter)}` : ''}${where(spec.index)}`;
}

const deleteNames: planeParts.DeleteNames = {
	noun: 'document',
	matches: 'that matches',
	place: 'index',
	collection: 'documents',
};

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
	deleteRequest: (spec) => planeParts.deleteAsked(planeParts.deleteOf(spec), spec.index, deleteNames),
	async delete(client, access, spec) {
		const selection = planeParts.selectionOf(planeParts.deleteOf(spec));
		const { write } = searchClients(client, access);
		if (!write) throw writeRefused(access, 'delete documents');
		return write.delete(spec.index, selection);
	},
};
