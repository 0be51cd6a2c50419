/**
 * The identity of the service across restarts: credentials, signing keys, account and index
 * ids and tokens. What the start options name explicitly wins (and is kept from then on),
 * then what was kept, then something new.
 */
import { randomUUID } from 'node:crypto';
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
 * @param hasVectors whether kept vectors exist: then the kept dimension and similarity stay,
 *   since the vectors were checked against them.
 */
export function resolveAccount(
	options: LocalServiceData,
	kept: KeptAccount | undefined,
	hasVectors: boolean,
	now: number,
): KeptAccount {
	const keepShape = kept !== undefined && hasVectors;
	return {
		credentials: resolveCredentials({
			...kept?.credentials,
			...given(options, ['token', 'email', 'apiKey', 'accountId']),
		}),
		keys: {
			current: options.currentSigningKey ?? kept?.keys.current ?? generateSigningKey(),
			next: options.nextSigningKey ?? kept?.keys.next ?? generateSigningKey(),
		},
		createdAt: kept?.createdAt ?? now,
		vectorIndexId: options.vectorIndexId ?? kept?.vectorIndexId ?? randomUUID(),
		searchIndexId: options.searchIndexId ?? kept?.searchIndexId ?? randomUUID(),
		vectorTokens: kept?.vectorTokens ?? newIndexTokens(),
		searchTokens: kept?.searchTokens ?? newIndexTokens(),
		vectorDimension: keepShape
			? kept.vectorDimension
			: (options.vectorDimension ?? kept?.vectorDimension ?? defaultVectorDimension),
		vectorSimilarity: keepShape
			? kept.vectorSimilarity
			: (options.vectorSimilarity ?? kept?.vectorSimilarity ?? 'COSINE'),
	};
}
