/**
 * How mqtop reaches an index's data: the management API lists the index's own REST endpoint
 * and its two tokens; reads go with the read-only token, writes with the index token. Where
 * only reads are allowed (read-only mode, or an index that lists no index token) no client for
 * writes is made at all, so nothing can be written: the write is refused before it is sent.
 */
import type { MqClient } from './client.js';
import { ApiError } from './errors.js';
import { type IndexConnection, SearchIndexClient, VectorIndexClient } from './index-client.js';
import { dataPlaneUrl } from './index-overview.js';

export type IndexKind = 'vector' | 'search';

export interface IndexAccess {
	kind: IndexKind;
	id: string;
	/** The data plane's URL. */
	endpoint: string;
	/** The read-only token where one is listed, else the index token. */
	readToken: string;
	/** The index token; undefined where writes are not allowed (see `writeRefusal`). */
	writeToken: string | undefined;
	/** Why writes are not allowed, when they are not. */
	writeRefusal: string | undefined;
}

/** What each kind of index is called. */
export const indexNouns: Record<IndexKind, string> = { vector: 'vector index', search: 'search database' };

/** The resource's endpoint and tokens as access; `readOnly` keeps the index token out of it. */
export function accessOf(
	kind: IndexKind,
	id: string,
	resource: {
		endpoint?: string | undefined;
		token?: string | undefined;
		read_only_token?: string | undefined;
	},
	readOnly: boolean,
): IndexAccess {
	const operation = `reach ${indexNouns[kind]} ${id}`;
	const endpoint = dataPlaneUrl(resource.endpoint);
	if (!endpoint)
		throw new ApiError({ operation, kind: 'invalid-response', detail: 'the index lists no data-plane URL' });
	const token = resource.token || undefined;
	const readToken = resource.read_only_token || token;
	if (!readToken)
		throw new ApiError({ operation, kind: 'invalid-response', detail: 'the index lists no token' });
	const writeRefusal = readOnly
		? 'read-only: only the read-only token is used, and nothing is written'
		: token === undefined
			? `the ${indexNouns[kind]} lists only its read-only token: nothing can be written with it`
			: undefined;
	return {
		kind,
		id,
		endpoint,
		readToken,
		writeToken: writeRefusal ? undefined : token,
		writeRefusal,
	};
}

/** The access to a vector index or a search database, from its management resource. */
export async function readIndexAccess(
	client: MqClient,
	kind: IndexKind,
	id: string,
	options: { readOnly?: boolean; signal?: AbortSignal } = {},
): Promise<IndexAccess> {
	const { data } =
		kind === 'vector'
			? await client.management.vectorIndex(id, options.signal)
			: await client.management.searchIndex(id, options.signal);
	return accessOf(kind, id, data, options.readOnly ?? false);
}

/** Thrown for a write where the access allows none: nothing was sent. */
export function writeRefused(access: IndexAccess, operation: string): ApiError {
	return new ApiError({
		operation,
		kind: 'invalid-request',
		detail: `not sent: ${access.writeRefusal ?? 'writes are not allowed'}`,
	});
}

/** An index's clients of class `Client`: reads with the read-only token; writes, where allowed, with the index token. */
function clientsOf<C>(Client: new (connection: IndexConnection) => C, client: MqClient, access: IndexAccess) {
	const connection = (token: string): IndexConnection => ({
		endpoint: access.endpoint,
		token,
		...client.requestOptions,
	});
	return {
		read: new Client(connection(access.readToken)),
		write: access.writeToken ? new Client(connection(access.writeToken)) : undefined,
	};
}

/** The clients of a vector index. */
export const vectorClients = (client: MqClient, access: IndexAccess) =>
	clientsOf(VectorIndexClient, client, access);

/** The clients of a search database. */
export const searchClients = (client: MqClient, access: IndexAccess) =>
	clientsOf(SearchIndexClient, client, access);
