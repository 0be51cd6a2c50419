/**
 * A vector index of the local service as the management API shows it: what it served
 * (IndexUsage, its statistics) and the index resource (shape, endpoint, tokens, limits;
 * docs/protocol/vector.md#management-resources). The data plane calls the record methods.
 */
import type { VectorIndexResource } from '../../../api/schemas.js';
import { reportedLimits } from '../common/records.js';
import type { VectorIndexShape } from '../vector/database.js';
import { IndexUsage } from './index-usage.js';
import type { IndexTokens } from './search-index.js';

export interface VectorIndexIdentity {
	id: string;
	name: string;
	createdAt: number;
	ownerEmail: string;
	endpoint: string;
	/** Changed in place by a password reset: whoever holds them sees the new ones. */
	tokens: IndexTokens;
	shape: VectorIndexShape;
	/** The embedding models of its dense and sparse parts. */
	models: { dense: string | undefined; sparse: string | undefined };
	/** Where it says it runs: what it was created with (us-central1 for those made at start). */
	region?: string;
}

export class VectorIndex extends IndexUsage {
	readonly id: string;

	constructor(readonly identity: VectorIndexIdentity) {
		super();
		this.id = identity.id;
	}

	get name(): string {
		return this.identity.name;
	}

	rename(name: string): void {
		this.identity.name = name;
	}

	/** The index resource of the management API (GET /v2/vector/index/{id}). */
	resource(now: number): VectorIndexResource {
		const { identity } = this;
		const { shape } = identity;
		return {
			customer_id: identity.ownerEmail,
			id: identity.id,
			name: identity.name,
			similarity_function: shape.similarity,
			dimension_count: shape.type === 'SPARSE' ? 0 : shape.dimension,
			embedding_model: identity.models.dense ?? '',
			sparse_embedding_model: identity.models.sparse ?? '',
			endpoint: identity.endpoint,
			token: identity.tokens.token,
			read_only_token: identity.tokens.readOnlyToken,
			type: 'payg',
			region: (identity.region ?? 'us-central1') as VectorIndexResource['region'],
			index_type: shape.type,
			max_vector_count: 100_000_000,
			...reportedLimits,
			max_total_metadata_size: -1,
			creation_time: Math.floor(identity.createdAt / 1000),
			throughput_vector: this.throughput(now),
		};
	}
}
