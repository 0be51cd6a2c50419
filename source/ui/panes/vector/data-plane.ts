/**
 * A vector index's data as the Vector pane asks it (the kit's DataPlane): one form for a query
 * by text or by a vector pasted as JSON, a fetch of ids, a range, a delete by ids or by filter;
 * the values checked by the parsers the commands use, and each request sent with the typed
 * data-plane client (docs/protocol/vector.md#commands).
 */
import { type IndexAccess, vectorClients, writeRefused } from '../../../api/index-access.js';
import { maxTopK, parseQueryVector } from '../../../api/index-query.js';
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

/** A query, or an ask both planes have, in a namespace ("" the default one); `vectors`: a read brings them. */
export type VectorSpec = ({ action: 'query'; query: VectorQuery } | planeParts.CommonSpec) & {
	namespace: string;
	vectors: boolean;
};

type Values = Readonly<Record<VectorField, string>>;

export function checkVectorForm(values: Values): { errors: FormErrors<VectorField>; spec?: VectorSpec } {
	const errors: FormErrors<VectorField> = {};
	const namespace = values.namespace.trim();
	const input = values.input.trim();
	const filter = values.filter.trim();
	const vectors = values.vectors === 'yes';
	let spec: VectorSpec | undefined;
	if (values.action === 'query by text' || values.action === 'query by vector') {
		const topK = planeParts.countField(errors, 'topK', values.topK, maxTopK, 10);
		let by: Pick<VectorQuery, 'data' | 'vector' | 'sparseVector'> | undefined;
		if (input === '') errors.input = 'a text, or a vector as JSON, to query by';
		else if (values.action === 'query by text') by = { data: input };
		else by = planeParts.checkedField(errors, 'input', () => parseQueryVector(input));
		const include = { includeMetadata: true, includeData: true, includeVectors: vectors };
		if (by && topK !== undefined)
			spec = {
				action: 'query',
				namespace,
				vectors,
				query: { ...by, topK, ...(filter ? { filter } : {}), ...include },
			};
	} else {
		const common = planeParts.commonSpec(values, errors, 'records');
		if (common) spec = { ...common, namespace, vectors };
	}
	return spec ? { errors, spec } : { errors };
}

const where = (namespace: string) => (namespace ? ` · namespace ${sanitize(namespace)}` : '');

export function vectorWords(spec: VectorSpec): string {
	if (spec.action !== 'query') return planeParts.commonWords(spec, where(spec.namespace));
	const { query } = spec;
	const by =
		query.data !== undefined
			? planeParts.quotedValue(query.data)
			: query.vector
				? `a vector of ${query.vector.length}`
				: 'a sparse vector';
	return `query ${by} · top ${query.topK}${query.filter ? ` · filter ${planeParts.quotedValue(query.filter)}` : ''}${where(spec.namespace)}`;
}

const deleteNames: planeParts.DeleteNames = {
	noun: 'record',
	matches: 'whose metadata matches',
	place: 'namespace',
	collection: 'vectors',
};

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
	deleteOne: (id, read) => ({ action: 'delete', namespace: read.namespace, ids: [id], vectors: false }),
	deleteRequest: (spec) => planeParts.deleteAsked(planeParts.deleteOf(spec), spec.namespace, deleteNames),
	async delete(client, access, spec) {
		const selection = planeParts.selectionOf(planeParts.deleteOf(spec));
		const { write } = vectorClients(client, access);
		if (!write) throw writeRefused(access, 'delete vectors');
		return write.delete(selection, ns(spec));
	},
};
