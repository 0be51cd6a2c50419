/**
 * A vector index's data as the Vector pane asks it (the kit's DataPlane): one form for a query
 * by text or by a vector pasted as JSON, a fetch of ids, a range, a delete by ids or by filter;
 * the values checked by the parsers the commands use, and each request sent with the typed
 * data-plane client (docs/protocol/vector.md#commands).
 */
import { type IndexAccess, vectorClients, writeRefused } from '../../../api/index-access.js';
import { deleteRequest } from '../../../api/index-client.js';
import { maxPage, maxTopK, parseIds, parseQueryVector } from '../../../api/index-query.js';
import type { VectorQuery } from '../../../api/index-schemas.js';
import { sanitize } from '../../../text/sanitize.js';
import type { FieldSpec } from '../../kit/form/form-state.js';
import type { FormErrors } from '../../kit/form/form-view.js';
import type { DataResult } from '../../kit/index-data/index-data-state.js';
import type { DataPlane } from '../../kit/index-data/plane.js';
import * as planeParts from '../../kit/index-data/plane-parts.js';

export type VectorField = 'action' | 'input' | 'namespace' | 'filter' | 'topK' | 'vectors';

export const vectorActions = [
	'query by text',
	'query by vector',
	'fetch ids',
	'range',
	'delete ids',
	'delete by filter',
] as const;

export const vectorFields: readonly FieldSpec<VectorField>[] = [
	{ id: 'action', label: 'ask', kind: 'choice', choices: vectorActions },
	{
		id: 'input',
		label: 'text, vector or ids',
		placeholder: 'text · [0.1, 0.2, …] or {"indices": […], "values": […]} · ids split by spaces',
	},
	{ id: 'namespace', label: 'namespace', placeholder: 'the default namespace ""' },
	{ id: 'filter', label: 'filter', placeholder: "metadata filter, e.g. genre = 'sci-fi' AND year > 2000" },
	{ id: 'topK', label: 'top K / page', placeholder: '10 for a query, 20 for a page' },
	{ id: 'vectors', label: 'include vectors', kind: 'choice', choices: ['no', 'yes'] },
];

export type VectorSpec =
	| { action: 'query'; namespace: string; query: VectorQuery }
	| { action: 'fetch'; namespace: string; ids: string[]; vectors: boolean }
	| { action: 'range'; namespace: string; limit: number; vectors: boolean }
	| { action: 'delete'; namespace: string; ids: string[] }
	| { action: 'delete'; namespace: string; filter: string };

type Values = Readonly<Record<VectorField, string>>;

export function checkVectorForm(values: Values): { errors: FormErrors<VectorField>; spec?: VectorSpec } {
	const errors: FormErrors<VectorField> = {};
	const namespace = values.namespace.trim();
	const input = values.input.trim();
	const filter = values.filter.trim();
	const vectors = values.vectors === 'yes';
	const count = (max: number, fallback: number) =>
		planeParts.countField(errors, 'topK', values.topK, max, fallback);
	const include = { includeMetadata: true, includeData: true, includeVectors: vectors };
	let spec: VectorSpec | undefined;
	switch (values.action as (typeof vectorActions)[number]) {
		case 'query by text':
		case 'query by vector': {
			const topK = count(maxTopK, 10);
			let by: Pick<VectorQuery, 'data' | 'vector' | 'sparseVector'> | undefined;
			if (input === '') errors.input = 'a text, or a vector as JSON, to query by';
			else if (values.action === 'query by text') by = { data: input };
			else by = planeParts.checkedField(errors, 'input', () => parseQueryVector(input));
			if (by && topK !== undefined)
				spec = {
					action: 'query',
					namespace,
					query: { ...by, topK, ...(filter ? { filter } : {}), ...include },
				};
			break;
		}
		case 'fetch ids':
		case 'delete ids': {
			const ids = planeParts.checkedField(errors, 'input', () => parseIds(input));
			if (ids)
				spec =
					values.action === 'fetch ids'
						? { action: 'fetch', namespace, ids, vectors }
						: { action: 'delete', namespace, ids };
			break;
		}
		case 'range': {
			const limit = count(maxPage, 20);
			if (limit !== undefined) spec = { action: 'range', namespace, limit, vectors };
			break;
		}
		case 'delete by filter':
			if (filter === '') errors.filter = 'the filter of the records to delete';
			else spec = { action: 'delete', namespace, filter };
			break;
	}
	return spec ? { errors, spec } : { errors };
}

const where = (namespace: string) => (namespace ? ` · namespace ${sanitize(namespace)}` : '');

export function vectorWords(spec: VectorSpec): string {
	switch (spec.action) {
		case 'query': {
			const { query } = spec;
			const by =
				query.data !== undefined
					? planeParts.quotedValue(query.data)
					: query.vector
						? `a vector of ${query.vector.length}`
						: 'a sparse vector';
			return `query ${by} · top ${query.topK}${query.filter ? ` · filter ${planeParts.quotedValue(query.filter)}` : ''}${where(spec.namespace)}`;
		}
		case 'fetch':
			return `${planeParts.fetchWords(spec.ids)}${where(spec.namespace)}`;
		case 'range':
			return `range, ${spec.limit} a page${where(spec.namespace)}`;
		case 'delete':
			return planeParts.deleteWords(spec);
	}
}

const ns = (spec: VectorSpec) => (spec.namespace ? { namespace: spec.namespace } : {});

async function readVectors(
	client: Parameters<DataPlane<VectorField, VectorSpec>['read']>[0],
	access: IndexAccess,
	spec: VectorSpec,
	cursor: string | undefined,
): Promise<DataResult> {
	const { read } = vectorClients(client, access);
	const include = (vectors: boolean) => ({
		includeMetadata: true,
		includeData: true,
		includeVectors: vectors,
	});
	switch (spec.action) {
		case 'query':
			return planeParts.matchesResult(await read.queryReading(spec.query, ns(spec)));
		case 'fetch':
			return planeParts.fetchedResult(
				spec.ids,
				await read.fetchReading(spec.ids, { ...ns(spec), ...include(spec.vectors) }),
			);
		case 'range': {
			const range = { cursor: cursor ?? '', limit: spec.limit, ...include(spec.vectors) };
			return planeParts.pageResult(await read.rangeReading(range, ns(spec)));
		}
		case 'delete':
			throw new Error('a delete is sent only once confirmed');
	}
}

export const vectorPlane: DataPlane<VectorField, VectorSpec> = {
	kind: 'vector',
	fields: vectorFields,
	check: checkVectorForm,
	deletes: (spec) => spec.action === 'delete',
	words: vectorWords,
	read: readVectors,
	deleteOne: (id, read) => ({ action: 'delete', namespace: read.namespace, ids: [id] }),
	deleteRequest(spec) {
		if (spec.action !== 'delete') throw new Error('not a delete');
		return {
			title: planeParts.deleteTitle(spec, 'record', 'whose metadata matches', 'namespace', spec.namespace),
			request: deleteRequest(planeParts.selectionOf(spec), spec.namespace || undefined, 'vectors'),
		};
	},
	async delete(client, access, spec) {
		if (spec.action !== 'delete') throw new Error('not a delete');
		const { write } = vectorClients(client, access);
		if (!write) throw writeRefused(access, 'delete vectors');
		return write.delete(planeParts.selectionOf(spec), ns(spec));
	},
};
