/**
 * The identity of the service across restarts: credentials, signing keys, account and index
 * ids and tokens, and the dialect. What the start options name explicitly wins (and is kept from then on),
 * then what was kept, then something new.
 */
import { randomUUID } from 'node:crypto';
import { type Dialect, presetOf, resolveDialect } from '../../api/dialect.js';
import { generateSigningKey } from '../../signing/keys.js';
import { resolveCredentials } from '../account/account.js';
import { defaultVectorDimension } from '../indexes/data-plane/planes.js';
import { newIndexTokens } from '../indexes/management/search-index.js';
import type { LocalServiceData } from '../options.js';
import type { KeptAccount } from './collections.js';

function given<K extends keyof LocalServiceData>(
	options: LocalServiceData,
	keys: readonly K[],
): Partial<Pick<LocalServiceData, K>> {
	const out: Partial<Pick<LocalServiceData, K>> = {};
	for (const key of keys) if (options[key] !== undefined) out[key] = options[key];
	return out;
}

/**
 * The dialect: each name given now wins, then the kept one, then the default (neutral) one, so
 * that a restart naming none speaks as before.
 */
export function resolveKeptDialect(given: Partial<Dialect> | undefined, kept: Dialect | undefined): Dialect {
	const named = Object.fromEntries(Object.entries(given ?? {}).filter(([, value]) => value !== undefined));
	return resolveDialect({ ...kept, ...named });
}

/** Which vector indexes have records kept: their dimension and similarity then stay as kept. */
export interface KeptShapes {
	dense: boolean;
	hybrid: boolean;
}

/**
 * @param has which indexes have kept records: their kept dimension and similarity stay,
 *   since the records were checked against them.
 */
export function resolveAccount(
	options: LocalServiceData,
	kept: Partial<KeptAccount> | undefined,
	has: KeptShapes,
	now: number,
): KeptAccount {
	const keepShape = kept?.vectorDimension !== undefined && has.dense;
	const keepHybrid = kept?.hybridDimension !== undefined && has.hybrid;
	const dialect = resolveKeptDialect(options.dialect, kept?.dialect);
	return {
		// A token kept or given stays as it is; a new one takes the dialect's shape.
		credentials: resolveCredentials(
			{ ...kept?.credentials, ...given(options, ['token', 'email', 'apiKey', 'accountId']) },
			presetOf(dialect) === 'deployed' ? 'deployed' : 'local',
		),
		keys: {
			current: options.currentSigningKey ?? kept?.keys?.current ?? generateSigningKey(),
			next: options.nextSigningKey ?? kept?.keys?.next ?? generateSigningKey(),
		},
		createdAt: kept?.createdAt ?? now,
		vectorIndexId: options.vectorIndexId ?? kept?.vectorIndexId ?? randomUUID(),
		searchIndexId: options.searchIndexId ?? kept?.searchIndexId ?? randomUUID(),
		vectorTokens: kept?.vectorTokens ?? newIndexTokens(),
		searchTokens: kept?.searchTokens ?? newIndexTokens(),
		vectorDimension: keepShape
			? kept.vectorDimension!
			: (options.vectorDimension ?? kept?.vectorDimension ?? defaultVectorDimension),
		vectorSimilarity: keepShape
			? kept.vectorSimilarity!
			: (options.vectorSimilarity ?? kept?.vectorSimilarity ?? 'COSINE'),
		sparseIndexId: options.sparseIndexId ?? kept?.sparseIndexId ?? randomUUID(),
		hybridIndexId: options.hybridIndexId ?? kept?.hybridIndexId ?? randomUUID(),
		sparseTokens: kept?.sparseTokens ?? newIndexTokens(),
		hybridTokens: kept?.hybridTokens ?? newIndexTokens(),
		hybridDimension: keepHybrid
			? kept.hybridDimension!
			: (options.hybridDimension ?? kept?.hybridDimension ?? defaultVectorDimension),
		hybridSimilarity: keepHybrid
			? kept.hybridSimilarity!
			: (options.hybridSimilarity ?? kept?.hybridSimilarity ?? 'COSINE'),
		indexNames: { ...kept?.indexNames },
		dialect,
	};
}
