/** What a client needs to reach a local service: its addresses, credentials, indexes and dialect. */
import { type Dialect, resolveDialect } from '../api/dialect.js';
import type { KeptIndex } from './indexes/data-plane/created-indexes.js';
import { searchEndpoint, vectorEndpoint } from './indexes/data-plane/planes.js';
import type { KeptAccount } from './persistence/collections.js';
import type { LocalIndexInfo, LocalIndexKind } from './service-indexes.js';

/**
 * Everything a client needs to reach the service (plain data, so it crosses threads). The
 * signing keys are those at start; after a rotation GET /v2/keys has the live pair.
 */
export interface LocalServiceInfo {
	queueUrl: string;
	managementUrl: string;
	token: string;
	email: string;
	apiKey: string;
	currentSigningKey: string;
	nextSigningKey: string;
	accountId: string;
	/**
	 * One of each kind made at start, in the order of `localIndexKinds`, then those made through
	 * the management API before this start (the management API lists those made since).
	 */
	indexes: LocalIndexInfo[];
	/** The five names it speaks: those given at start, else those the data directory kept. */
	dialect: Dialect;
}

const startNames: Record<LocalIndexKind, string> = {
	dense: 'local-vector',
	sparse: 'local-sparse',
	hybrid: 'local-hybrid',
	search: 'local-search',
};

/** What a client needs to reach a service of this identity at `baseUrl`. */
export function serviceInfo(
	account: KeptAccount,
	baseUrl: string,
	created: readonly KeptIndex[] = [],
): LocalServiceInfo {
	const vector = (kind: LocalIndexKind, id: string, tokens: KeptAccount['vectorTokens']): LocalIndexInfo => ({
		kind,
		id,
		name: account.indexNames?.[id] ?? startNames[kind],
		url: vectorEndpoint(baseUrl, id),
		token: tokens.token,
		readOnlyToken: tokens.readOnlyToken,
	});
	return {
		queueUrl: baseUrl,
		managementUrl: baseUrl,
		token: account.credentials.token,
		email: account.credentials.email,
		apiKey: account.credentials.apiKey,
		currentSigningKey: account.keys.current,
		nextSigningKey: account.keys.next,
		accountId: account.credentials.accountId,
		indexes: [
			vector('dense', account.vectorIndexId, account.vectorTokens),
			vector('sparse', account.sparseIndexId, account.sparseTokens),
			vector('hybrid', account.hybridIndexId, account.hybridTokens),
			{
				kind: 'search',
				id: account.searchIndexId,
				name: account.indexNames?.[account.searchIndexId] ?? startNames.search,
				url: searchEndpoint(baseUrl, account.searchIndexId),
				token: account.searchTokens.token,
				readOnlyToken: account.searchTokens.readOnlyToken,
			},
			...created.map(
				(index): LocalIndexInfo => ({
					kind: index.kind === 'search' ? 'search' : kindOfShape(index.shape?.type),
					id: index.id,
					name: index.name,
					url: (index.kind === 'search' ? searchEndpoint : vectorEndpoint)(baseUrl, index.id),
					token: index.tokens.token,
					readOnlyToken: index.tokens.readOnlyToken,
				}),
			),
		],
		dialect: account.dialect ?? resolveDialect(undefined),
	};
}

function kindOfShape(type: string | undefined): LocalIndexKind {
	return type === 'SPARSE' ? 'sparse' : type === 'HYBRID' ? 'hybrid' : 'dense';
}
