/**
 * Typed clients of the data planes of a vector index and a search database (paths and shapes
 * in index-schemas.ts). Each talks to one index: its REST endpoint and a token, the read-only
 * token being enough for reads. Every command is sent by POST, as the vendor's SDKs do; a
 * namespace (or search index name) goes in the path, percent-encoded. Queries, fetch, range,
 * info and the namespace list are reads and may be retried; writes never are.
 */
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { joinUrl } from './connection.js';
import { type HttpResponse, parseBody, type RetryPolicy, readBody, send } from './http.js';
import {
	DeleteResult,
	DocumentHitReading,
	DocumentPageReading,
	DocumentRangePage,
	DocumentReading,
	FetchedDocument,
	FetchedVector,
	type RangeQuery,
	type RecordSelection,
	ResumableStart,
	resultOf,
	SearchDatabaseInfo,
	type SearchDocument,
	SearchMatch,
	type SearchQuery,
	UpdateResult,
	VectorHitReading,
	VectorIndexInfo,
	VectorMatch,
	VectorPageReading,
	type VectorQuery,
	VectorRangePage,
	type VectorReadOptions,
	type VectorRecord,
	VectorRecordReading,
} from './index-schemas.js';
import type { Liberal, Reading } from './liberal.js';
import type { ApiRequest } from './transport.js';

export interface IndexConnection {
	/** The index's REST endpoint, e.g. the `endpoint` of a search index resource. */
	endpoint: string;
	/** The index token, or its read-only token for reads. */
	token: string;
	/** Per-request timeout; default 10 s. */
	timeoutMs?: number;
	retry?: RetryPolicy;
	dispatcher?: Dispatcher;
}

interface Call {
	operation: string;
	/** The command, e.g. `query`; the namespace is added after it. */
	command: string;
	namespace?: string | undefined;
	/** A query string, e.g. `all`. */
	query?: string;
	body?: unknown;
	read: boolean;
}

/** `command/namespace` with the namespace as one percent-encoded segment (none for the default ""). */
function pathOf(call: Call): string {
	const ns = call.namespace ? `/${encodeURIComponent(call.namespace)}` : '';
	return `/${call.command}${ns}${call.query ? `?${call.query}` : ''}`;
}

const Success = z.string();

/** The transport both clients share: Bearer auth, JSON in, `{"result": ...}` out. */
class IndexTransport {
	constructor(
		private readonly connection: IndexConnection,
		private readonly what: string,
	) {}

	private send(call: Call): Promise<HttpResponse> {
		const { connection } = this;
		const headers: Record<string, string> = { authorization: `Bearer ${connection.token}` };
		if (call.body !== undefined) headers['content-type'] = 'application/json';
		return send({
			operation: `${call.operation} (${this.what})`,
			method: 'POST',
			url: joinUrl(connection.endpoint, pathOf(call)),
			headers,
			...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
			idempotent: call.read,
			timeoutMs: connection.timeoutMs ?? 10_000,
			...(connection.retry ? { retry: connection.retry } : {}),
			...(connection.dispatcher ? { dispatcher: connection.dispatcher } : {}),
		});
	}

	async result<T extends z.ZodType>(call: Call, schema: T): Promise<z.infer<T>> {
		const response = await this.send(call);
		const envelope = parseBody(`${call.operation} (${this.what})`, response, resultOf(schema));
		return envelope.result as z.infer<T>;
	}

	/** The result read liberally: only identity fields required, the odd ones said in `issues`. */
	async reading<T extends z.ZodType>(call: Call, schema: T): Promise<Reading<Liberal<T>>> {
		const response = await this.send(call);
		const operation = `${call.operation} (${this.what})`;
		const { data, issues } = readBody(operation, response, z.looseObject({ result: schema }));
		return {
			data: data.result as Liberal<T>,
			issues: issues.map((issue) => ({ ...issue, path: issue.path.replace(/^result\.?/, '') })),
		};
	}
}

/**
 * A delete exactly as the clients send it, for a person to see before it goes out (the
 * credentials are the client's): `POST delete[/namespace]` with `{ids}`, `{prefix}` or `{filter}`.
 */
export function deleteRequest(
	selection: RecordSelection | { filter: string },
	namespace: string | undefined,
	what: 'vectors' | 'documents',
): ApiRequest {
	return {
		operation: `delete ${what}`,
		method: 'POST',
		path: pathOf({ operation: '', command: 'delete', namespace, read: false }),
		json: selectionBody(selection),
	};
}

/** Where a command runs: the default namespace "" unless named. */
export interface NamespaceOption {
	namespace?: string;
}

/** The selection as the service reads it: a list of ids becomes `{ids}`. */
function selectionBody(selection: RecordSelection | { filter: string }): Record<string, unknown> {
	return Array.isArray(selection) ? { ids: selection } : { ...selection };
}

export class VectorIndexClient {
	private readonly transport: IndexTransport;

	constructor(connection: IndexConnection) {
		this.transport = new IndexTransport(connection, 'vector index');
	}

	/** Records with vectors; one with data and no vectors has its data embedded. */
	async upsert(records: VectorRecord | VectorRecord[], options: NamespaceOption = {}): Promise<void> {
		await this.transport.result(
			{ operation: 'upsert vectors', command: 'upsert', ...options, body: records, read: false },
			Success,
		);
	}

	/** Returns 1, or 0 when there is no record with that id. */
	async update(
		change: Omit<VectorRecord, 'id'> & { id: string | number; metadataUpdateMode?: 'OVERWRITE' | 'PATCH' },
		options: NamespaceOption = {},
	): Promise<number> {
		const result = await this.transport.result(
			{ operation: 'update a vector', command: 'update', ...options, body: change, read: false },
			UpdateResult,
		);
		return result.updated;
	}

	query(query: VectorQuery, options: NamespaceOption = {}): Promise<VectorMatch[]> {
		return this.transport.result(
			{ operation: 'query vectors', command: 'query', ...options, body: query, read: true },
			z.array(VectorMatch),
		);
	}

	/** Several queries in one request: one list of matches per query. */
	async queryMany(queries: VectorQuery[], options: NamespaceOption = {}): Promise<VectorMatch[][]> {
		const result = await this.transport.result(
			{ operation: 'query vectors', command: 'query', ...options, body: queries, read: true },
			z.union([z.array(z.array(VectorMatch)), z.array(VectorMatch)]),
		);
		// A batch of one is answered as a single query.
		return queries.length === 1 ? [result as VectorMatch[]] : (result as VectorMatch[][]);
	}

	resumableQuery(
		query: VectorQuery & { maxIdle?: number },
		options: NamespaceOption = {},
	): Promise<ResumableStart> {
		return this.transport.result(
			{
				operation: 'start a resumable query',
				command: 'resumable-query',
				...options,
				body: query,
				read: true,
			},
			ResumableStart,
		);
	}

	resumableNext(uuid: string, additionalK: number): Promise<VectorMatch[]> {
		return this.transport.result(
			{
				operation: 'resume a query',
				command: 'resumable-query-next',
				body: { uuid, additionalK },
				read: false,
			},
			z.array(VectorMatch),
		);
	}

	async resumableEnd(uuid: string): Promise<void> {
		await this.transport.result(
			{ operation: 'end a resumable query', command: 'resumable-query-end', body: { uuid }, read: false },
			Success,
		);
	}

	fetch(
		selection: RecordSelection,
		options: VectorReadOptions & NamespaceOption = {},
	): Promise<(FetchedVector | null)[]> {
		const { namespace, ...read } = options;
		return this.transport.result(
			{
				operation: 'fetch vectors',
				command: 'fetch',
				namespace,
				body: { ...selectionBody(selection), ...read },
				read: true,
			},
			z.array(FetchedVector.nullable()),
		);
	}

	/** Deletes the records named (unknown ids are no error); returns how many it deleted. */
	async delete(
		selection: RecordSelection | { filter: string },
		options: NamespaceOption = {},
	): Promise<number> {
		const result = await this.transport.result(
			{
				operation: 'delete vectors',
				command: 'delete',
				...options,
				body: selectionBody(selection),
				read: false,
			},
			DeleteResult,
		);
		return result.deleted;
	}

	range(query: RangeQuery & VectorReadOptions, options: NamespaceOption = {}): Promise<VectorRangePage> {
		return this.transport.result(
			{ operation: 'range over vectors', command: 'range', ...options, body: query, read: true },
			VectorRangePage,
		);
	}

	/**
	 * A query read liberally, for browsing: text goes to `query-data` (the index's embedder), as
	 * the vendor's SDK sends it; vectors to `query`.
	 */
	queryReading(query: VectorQuery, options: NamespaceOption = {}) {
		const text = query.data !== undefined && !query.vector && !query.sparseVector;
		return this.transport.reading(
			{
				operation: 'query vectors',
				command: text ? 'query-data' : 'query',
				...options,
				body: query,
				read: true,
			},
			z.array(VectorHitReading),
		);
	}

	/** Records by id read liberally: null where there is none. */
	fetchReading(selection: RecordSelection, options: VectorReadOptions & NamespaceOption = {}) {
		const { namespace, ...read } = options;
		return this.transport.reading(
			{
				operation: 'fetch vectors',
				command: 'fetch',
				namespace,
				body: { ...selectionBody(selection), ...read },
				read: true,
			},
			z.array(VectorRecordReading.nullable()),
		);
	}

	/** One page of a range read liberally. */
	rangeReading(query: RangeQuery & VectorReadOptions, options: NamespaceOption = {}) {
		return this.transport.reading(
			{ operation: 'range over vectors', command: 'range', ...options, body: query, read: true },
			VectorPageReading,
		);
	}

	info(): Promise<VectorIndexInfo> {
		return this.transport.result(
			{ operation: 'read vector index info', command: 'info', read: true },
			VectorIndexInfo,
		);
	}

	listNamespaces(): Promise<string[]> {
		return this.transport.result(
			{ operation: 'list namespaces', command: 'list-namespaces', read: true },
			z.array(z.string()),
		);
	}

	async deleteNamespace(namespace: string): Promise<void> {
		await this.transport.result(
			{ operation: 'delete a namespace', command: 'delete-namespace', namespace, read: false },
			Success,
		);
	}

	/** Empties a namespace (the default one unless named), or with `all` every namespace. */
	async reset(options: NamespaceOption & { all?: boolean } = {}): Promise<void> {
		await this.transport.result(
			{
				operation: 'reset vector index',
				command: 'reset',
				namespace: options.namespace,
				...(options.all ? { query: 'all' } : {}),
				read: false,
			},
			Success,
		);
	}
}

/** A search database: indexes by name, each holding documents. */
export class SearchIndexClient {
	private readonly transport: IndexTransport;

	constructor(connection: IndexConnection) {
		this.transport = new IndexTransport(connection, 'search index');
	}

	async upsert(index: string, documents: SearchDocument | SearchDocument[]): Promise<void> {
		await this.transport.result(
			{
				operation: 'upsert documents',
				command: 'upsert-data',
				namespace: index,
				body: documents,
				read: false,
			},
			Success,
		);
	}

	search(index: string, query: SearchQuery): Promise<SearchMatch[]> {
		return this.transport.result(
			{ operation: 'search documents', command: 'search', namespace: index, body: query, read: true },
			z.array(SearchMatch),
		);
	}

	fetch(index: string, selection: RecordSelection): Promise<(FetchedDocument | null)[]> {
		return this.transport.result(
			{
				operation: 'fetch documents',
				command: 'fetch',
				namespace: index,
				body: selectionBody(selection),
				read: true,
			},
			z.array(FetchedDocument.nullable()),
		);
	}

	/** Deletes the documents named (unknown ids are no error); returns how many it deleted. */
	async delete(index: string, selection: RecordSelection | { filter: string }): Promise<number> {
		const result = await this.transport.result(
			{
				operation: 'delete documents',
				command: 'delete',
				namespace: index,
				body: selectionBody(selection),
				read: false,
			},
			DeleteResult,
		);
		return result.deleted;
	}

	range(index: string, query: RangeQuery): Promise<DocumentRangePage> {
		return this.transport.result(
			{ operation: 'range over documents', command: 'range', namespace: index, body: query, read: true },
			DocumentRangePage,
		);
	}

	/** A search read liberally, for browsing. */
	searchReading(index: string, query: SearchQuery) {
		return this.transport.reading(
			{ operation: 'search documents', command: 'search', namespace: index, body: query, read: true },
			z.array(DocumentHitReading),
		);
	}

	/** Documents by id read liberally: null where there is none. */
	fetchReading(index: string, selection: RecordSelection) {
		return this.transport.reading(
			{
				operation: 'fetch documents',
				command: 'fetch',
				namespace: index,
				body: selectionBody(selection),
				read: true,
			},
			z.array(DocumentReading.nullable()),
		);
	}

	/** One page of a range read liberally. */
	rangeReading(index: string, query: RangeQuery) {
		return this.transport.reading(
			{ operation: 'range over documents', command: 'range', namespace: index, body: query, read: true },
			DocumentPageReading,
		);
	}

	info(): Promise<SearchDatabaseInfo> {
		return this.transport.result(
			{ operation: 'read search database info', command: 'info', read: true },
			SearchDatabaseInfo,
		);
	}

	listIndexes(): Promise<string[]> {
		return this.transport.result(
			{ operation: 'list search indexes', command: 'list-namespaces', read: true },
			z.array(z.string()),
		);
	}

	async deleteIndex(index: string): Promise<void> {
		await this.transport.result(
			{ operation: 'delete a search index', command: 'delete-namespace', namespace: index, read: false },
			Success,
		);
	}

	/** Empties one index, or with no name every index. */
	async reset(index?: string): Promise<void> {
		await this.transport.result(
			{
				operation: 'reset search index',
				command: 'reset',
				namespace: index,
				...(index === undefined ? { query: 'all' } : {}),
				read: false,
			},
			Success,
		);
	}
}
