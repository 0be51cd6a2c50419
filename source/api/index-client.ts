/**
 * Typed clients of the data planes of a vector index and a search index (paths and shapes in
 * index-schemas.ts). Each talks to one index: its REST endpoint and a token, the read-only
 * token being enough for reads. Query, fetch, range and info are reads and may be retried;
 * writes never are.
 */
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { joinUrl } from './connection.js';
import { type HttpResponse, parseBody, type RetryPolicy, send } from './http.js';
import {
	DeleteResult,
	DocumentRangePage,
	FetchedDocument,
	FetchedVector,
	type RangeQuery,
	resultOf,
	type SearchDocument,
	SearchIndexInfo,
	SearchMatch,
	type SearchQuery,
	VectorIndexInfo,
	VectorMatch,
	type VectorQuery,
	VectorRangePage,
	type VectorReadOptions,
	type VectorRecord,
} from './index-schemas.js';

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
	method: Dispatcher.HttpMethod;
	path: string;
	body?: unknown;
	read: boolean;
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
			method: call.method,
			url: joinUrl(connection.endpoint, call.path),
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
}

export class VectorIndexClient {
	private readonly transport: IndexTransport;

	constructor(connection: IndexConnection) {
		this.transport = new IndexTransport(connection, 'vector index');
	}

	async upsert(records: VectorRecord | VectorRecord[]): Promise<void> {
		await this.transport.result(
			{ operation: 'upsert vectors', method: 'POST', path: '/upsert', body: records, read: false },
			Success,
		);
	}

	query(query: VectorQuery): Promise<VectorMatch[]> {
		return this.transport.result(
			{ operation: 'query vectors', method: 'POST', path: '/query', body: query, read: true },
			z.array(VectorMatch),
		);
	}

	fetch(ids: string[], options: VectorReadOptions = {}): Promise<(FetchedVector | null)[]> {
		return this.transport.result(
			{ operation: 'fetch vectors', method: 'POST', path: '/fetch', body: { ids, ...options }, read: true },
			z.array(FetchedVector.nullable()),
		);
	}

	/** Deletes all the ids or, when one is unknown, none (HTTP 404). Returns the count. */
	async delete(ids: string[]): Promise<number> {
		const result = await this.transport.result(
			{ operation: 'delete vectors', method: 'POST', path: '/delete', body: { ids }, read: false },
			DeleteResult,
		);
		return result.deleted;
	}

	range(query: RangeQuery & VectorReadOptions): Promise<VectorRangePage> {
		return this.transport.result(
			{ operation: 'range over vectors', method: 'POST', path: '/range', body: query, read: true },
			VectorRangePage,
		);
	}

	info(): Promise<VectorIndexInfo> {
		return this.transport.result(
			{ operation: 'read vector index info', method: 'GET', path: '/info', read: true },
			VectorIndexInfo,
		);
	}

	async reset(): Promise<void> {
		await this.transport.result(
			{ operation: 'reset vector index', method: 'DELETE', path: '/reset', read: false },
			Success,
		);
	}
}

export class SearchIndexClient {
	private readonly transport: IndexTransport;

	constructor(connection: IndexConnection) {
		this.transport = new IndexTransport(connection, 'search index');
	}

	async upsert(documents: SearchDocument | SearchDocument[]): Promise<void> {
		await this.transport.result(
			{ operation: 'upsert documents', method: 'POST', path: '/upsert', body: documents, read: false },
			Success,
		);
	}

	search(query: SearchQuery): Promise<SearchMatch[]> {
		return this.transport.result(
			{ operation: 'search documents', method: 'POST', path: '/search', body: query, read: true },
			z.array(SearchMatch),
		);
	}

	fetch(ids: string[]): Promise<(FetchedDocument | null)[]> {
		return this.transport.result(
			{ operation: 'fetch documents', method: 'POST', path: '/fetch', body: { ids }, read: true },
			z.array(FetchedDocument.nullable()),
		);
	}

	/** Deletes all the ids or, when one is unknown, none (HTTP 404). Returns the count. */
	async delete(ids: string[]): Promise<number> {
		const result = await this.transport.result(
			{ operation: 'delete documents', method: 'POST', path: '/delete', body: { ids }, read: false },
			DeleteResult,
		);
		return result.deleted;
	}

	range(query: RangeQuery): Promise<DocumentRangePage> {
		return this.transport.result(
			{ operation: 'range over documents', method: 'POST', path: '/range', body: query, read: true },
			DocumentRangePage,
		);
	}

	info(): Promise<SearchIndexInfo> {
		return this.transport.result(
			{ operation: 'read search index info', method: 'GET', path: '/info', read: true },
			SearchIndexInfo,
		);
	}

	async reset(): Promise<void> {
		await this.transport.result(
			{ operation: 'reset search index', method: 'DELETE', path: '/reset', read: false },
			Success,
		);
	}
}
