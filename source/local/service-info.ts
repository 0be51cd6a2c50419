/** What a client needs to reach a local service: its addresses, credentials, ids and dialect. */
import { type Dialect, resolveDialect } from '../api/dialect.js';
import { searchEndpoint, vectorEndpoint } from './indexes/data-plane/planes.js';
import type { KeptAccount } from './persistence/collections.js';

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
	vectorIndexId: string;
	searchIndexId: string;
	/** REST endpoint of the dense vector index's data plane, and its tokens. */
	vectorIndexUrl: string;
	vectorIndexToken: string;
	vectorIndexReadOnlyToken: string;
	/** The sparse vector index: id, REST endpoint and tokens. */
	sparseIndexId: string;
	sparseIndexUrl: string;
	sparseIndexToken: string;
	sparseIndexReadOnlyToken: string;
	/** The hybrid vector index: id, REST endpoint and tokens. */
	hybridIndexId: string;
	hybridIndexUrl: string;
	hybridIndexToken: string;
	hybridIndexReadOnlyToken: string;
	/** REST endpoint of the search database's data plane, and its token. */
	searchIndexUrl: string;
	searchIndexToken: string;
	/** The five names it speaks: those given at start, else those the data directory kept. */
	dialect: Dialect;
}

/** What a client needs to reach a service of this identity at `baseUrl`. */
export function serviceInfo(account: KeptAccount, baseUrl: string): LocalServiceInfo {
	return {
		queueUrl: baseUrl,
		managementUrl: baseUrl,
		token: account.credentials.token,
		email: account.credentials.email,
		apiKey: account.credentials.apiKey,
		currentSigningKey: account.keys.current,
		nextSigningKey: account.keys.next,
		accountId: account.credentials.accountId,
		vectorIndexId: account.vectorIndexId,
		searchIndexId: account.searchIndexId,
		vectorIndexUrl: vectorEndpoint(baseUrl, account.vectorIndexId),
		vectorIndexToken: account.vectorTokens.token,
		vectorIndexReadOnlyToken: account.vectorTokens.readOnlyToken,
		sparseIndexId: account.sparseIndexId,
		sparseIndexUrl: vectorEndpoint(baseUrl, account.sparseIndexId),
		sparseIndexToken: account.sparseTokens.token,
		sparseIndexReadOnlyToken: account.sparseTokens.readOnlyToken,
		hybridIndexId: account.hybridIndexId,
		hybridIndexUrl: vectorEndpoint(baseUrl, account.hybridIndexId),
		hybridIndexToken: account.hybridTokens.token,
		hybridIndexReadOnlyToken: account.hybridTokens.readOnlyToken,
		searchIndexUrl: searchEndpoint(baseUrl, account.searchIndexId),
		searchIndexToken: account.searchTokens.token,
		dialect: account.dialect ?? resolveDialect(undefined),
	};
}
