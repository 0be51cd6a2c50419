/**
 * What is typed to make an index from the Vector or Search pane's list, read into the exact
 * request the management API is sent (docs/protocol/vector.md#making-indexes): for a vector index
 * its name, then in any order its type (dense, sparse, hybrid), its dimension and its similarity
 * (cosine, euclidean, dot_product); for a search database its name and optionally its region.
 * Pure: the pane shows the request for confirmation before anything is sent.
 */

import type { IndexKind } from '../../../api/index-access.js';
import {
	createSearchIndexRequest,
	createVectorIndexRequest,
	type SimilarityName,
	similarityNames,
	type VectorIndexType,
} from '../../../api/index-admin.js';
import type { ApiRequest } from '../../../api/transport.js';

export const newIndexHints: Record<IndexKind, string> = {
	vector: 'name [dense|sparse|hybrid] [dimension] [cosine|euclidean|dot_product], enter to review',
	search: 'name [eu-west-1|us-central1], enter to review',
};

const types: Record<string, VectorIndexType> = { dense: 'DENSE', sparse: 'SPARSE', hybrid: 'HYBRID' };
const searchRegions = ['eu-west-1', 'us-central1'];

export type NewIndexReading = { request: ApiRequest; title: string } | { error: string };

export function readNewIndex(kind: IndexKind, typed: string): NewIndexReading {
	const [name, ...rest] = typed.trim().split(/\s+/).filter(Boolean);
	if (!name) return { error: 'type a name first' };
	if (kind === 'search') {
		if (rest.length > 1) return { error: `one region at most, after the name: ${newIndexHints.search}` };
		const region = rest[0] ?? 'us-central1';
		if (!searchRegions.includes(region))
			return { error: `the region is one of ${searchRegions.join(', ')}, not ${JSON.stringify(region)}` };
		return {
			request: createSearchIndexRequest({ name, region }),
			title: `create search database ${name} in ${region}`,
		};
	}
	let type: VectorIndexType = 'DENSE';
	let dimension: number | undefined;
	let similarity: SimilarityName = 'COSINE';
	for (const word of rest) {
		const lower = word.toLowerCase();
		const similar = similarityNames.find((s) => s.toLowerCase() === lower);
		if (types[lower]) type = types[lower];
		else if (similar) similarity = similar;
		else if (/^\d+$/.test(word) && Number(word) >= 1) dimension = Number(word);
		else
			return {
				error: `${JSON.stringify(word)} is no type, dimension or similarity: ${newIndexHints.vector}`,
			};
	}
	if (type !== 'SPARSE' && dimension === undefined)
		return {
			error: `a ${type.toLowerCase()} index needs its dimension, e.g. ${name} ${type.toLowerCase()} 384`,
		};
	const shape =
		type === 'SPARSE' ? 'sparse' : `${type.toLowerCase()} ${dimension} ${similarity.toLowerCase()}`;
	return {
		request: createVectorIndexRequest({
			name,
			region: 'us-east-1',
			similarity,
			type,
			dimension: type === 'SPARSE' ? undefined : dimension,
			...(type === 'DENSE' ? {} : { sparseEmbeddingModel: 'BM25' }),
		}),
		title: `create vector index ${name} (${shape})`,
	};
}
