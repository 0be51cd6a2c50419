/**
 * The typed client of the whole interface: every operation of interface.md and the
 * operations decisions.md adds. The TUI, the scriptable commands and the tests use it alike.
 */
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { type ConnectionSettings, joinUrl } from './connection.js';
import { ApiError } from './errors.js';
import { type HttpResponse, parseBody, type RetryPolicy, send } from './http.js';
import { apiPath, pathProblem } from './paths.js';
import {
	encodePublishOptions,
	encodePublishQuery,
	isHttpUrl,
	type PublishOptions,
} from './publish-options.js';
import {
	addGroupEndpointsRequest,
	batchTriggerRequest,
	deleteGroupRequest,
	type JsonRequest,
	removeGroupEndpointsRequest,
	setGroupHeadersRequest,
} from './requests.js';
import {
	CancelResult,
	DlqPage,
	DlqRecord,
	type EndpointReference,
	type EventState,
	EventsPage,
	type GroupHeaders,
	GroupPublishResults,
	Message,
	MqStats,
	MqUsers,
	PublishResult,
	SearchIndex,
	SigningKeys,
	type StatsPeriod,
	UrlGroup,
	UrlGroups,
	VectorIndexStats,
	type WorkflowTriggerItem,
	WorkflowTriggerResult,
	WorkflowTriggerResults,
} from './schemas.js';

export interface ClientOptions {
	retry?: RetryPolicy;
	dispatcher?: Dispatcher;
}

export interface PublishRequest {
	/** A full http(s) URL or a URL Group name. */
	destination: string;
	body?: string | Uint8Array;
	options?: PublishOptions;
	/** Other headers sent as they are (they reach the destination only with headerForward). */
	headers?: Record<string, string>;
	/** Send configuration as lowercase query parameters instead of headers. */
	asQuery?: boolean;
	/** Authenticate with the token query parameter instead of the Bearer header. */
	tokenInQuery?: boolean;
}

export type PublishResponse =
	| { kind: 'url'; result: PublishResult }
	| { kind: 'group'; results: PublishResult[] };

type Op = {
	operation: string;
	method: Dispatcher.HttpMethod;
	path: string;
	auth: 'basic' | 'bearer' | 'none';
	base: 'management' | 'queue';
	body?: string | Uint8Array;
	headers?: Record<string, string>;
	idempotent?: boolean;
	signal?: AbortSignal;
};

export class MqClient {
	constructor(
		readonly settings: ConnectionSettings,
		private readonly clientOptions: ClientOptions = {},
	) {}

	private get timeoutMs(): number {
		return this.settings.timeoutMs ?? 10_000;
	}

	private authHeader(auth: Op['auth']): Record<string, string> {
		if (auth === 'basic') {
			const credentials = Buffer.from(`${this.settings.email}:${this.settings.apiKey}`).toString('base64');
			return { authorization: `Basic ${credentials}` };
		}
		if (auth === 'bearer') return { authorization: `Bearer ${this.settings.token}` };
		return {};
	}

	private call(op: Op): Promise<HttpResponse> {
		// Paths are built from encoded segments; what encoding cannot protect is not sent at all.
		const problem = pathProblem(op.path);
		if (problem) {
			return Promise.reject(
				new ApiError({ operation: op.operation, kind: 'invalid-request', detail: `not sent: ${problem}` }),
			);
		}
		const base = op.base === 'management' ? this.settings.managementUrl : this.settings.queueUrl;
		return send({
			operation: op.operation,
			method: op.method,
			url: joinUrl(base, op.path),
			headers: { ...this.authHeader(op.auth), ...op.headers },
			...(op.body !== undefined ? { body: op.body } : {}),
			idempotent: op.idempotent ?? op.method === 'GET',
			timeoutMs: this.timeoutMs,
			...(this.clientOptions.retry ? { retry: this.clientOptions.retry } : {}),
			...(this.clientOptions.dispatcher ? { dispatcher: this.clientOptions.dispatcher } : {}),
			...(op.signal ? { signal: op.signal } : {}),
		});
	}

	private async json<T extends z.ZodType>(op: Op, schema: T): Promise<z.infer<T>> {
		return parseBody(op.operation, await this.call(op), schema);
	}

	private jsonBody(value: unknown): Pick<Op, 'body' | 'headers'> {
		return { body: JSON.stringify(value), headers: { 'content-type': 'application/json' } };
	}

	// Management API (Basic auth)

	listUsers(signal?: AbortSignal) {
		const path = apiPath`/v2/${this.settings.dialect.productSegment}/users`;
		return this.json(
			{ operation: 'list users', method: 'GET', path, auth: 'basic', base: 'management', signal },
			MqUsers,
		);
	}

	getMqStats(accountId: string, period: StatsPeriod = '1h', signal?: AbortSignal) {
		const path = `${apiPath`/v2/${this.settings.dialect.productSegment}/stats/${accountId}`}?period=${period}`;
		return this.json(
			{ operation: 'read usage stats', method: 'GET', path, auth: 'basic', base: 'management', signal },
			MqStats,
		);
	}

	getVectorStats(indexId: string, period: StatsPeriod = '1h', signal?: AbortSignal) {
		const path = `${apiPath`/v2/vector/index/${indexId}/stats`}?period=${period}`;
		return this.json(
			{
				operation: 'read vector index stats',
				method: 'GET',
				path,
				auth: 'basic',
				base: 'management',
				signal,
			},
			VectorIndexStats,
		);
	}

	getSearchIndex(indexId: string, signal?: AbortSignal) {
		const path = apiPath`/v2/search/${indexId}`;
		return this.json(
			{ operation: 'read search index', method: 'GET', path, auth: 'basic', base: 'management', signal },
			SearchIndex,
		);
	}

	// Messages

	getMessage(messageId: string, signal?: AbortSignal) {
		const path = apiPath`/v2/messages/${messageId}`;
		return this.json(
			{ operation: 'read message', method: 'GET', path, auth: 'bearer', base: 'queue', signal },
			Message,
		);
	}

	cancelMessage(messageId: string) {
		const path = apiPath`/v2/messages/${messageId}`;
		return this.json(
			{ operation: 'cancel message', method: 'DELETE', path, auth: 'bearer', base: 'queue' },
			CancelResult,
		);
	}

	listEvents(
		query: { count?: number; cursor?: string; messageId?: string; state?: EventState } = {},
		signal?: AbortSignal,
	) {
		const params = new URLSearchParams();
		for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
		const qs = params.size > 0 ? `?${params}` : '';
		return this.json(
			{
				operation: 'list events',
				method: 'GET',
				path: `/v2/events${qs}`,
				auth: 'bearer',
				base: 'queue',
				signal,
			},
			EventsPage,
		);
	}

	listDlq(cursor?: string) {
		const qs = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
		return this.json(
			{ operation: 'list dead letters', method: 'GET', path: `/v2/dlq${qs}`, auth: 'bearer', base: 'queue' },
			DlqPage,
		);
	}

	getDlq(dlqId: string) {
		const path = apiPath`/v2/dlq/${dlqId}`;
		return this.json(
			{ operation: 'read dead letter', method: 'GET', path, auth: 'bearer', base: 'queue' },
			DlqRecord,
		);
	}

	async deleteDlq(dlqId: string): Promise<void> {
		const path = apiPath`/v2/dlq/${dlqId}`;
		await this.call({
			operation: 'remove dead letter',
			method: 'DELETE',
			path,
			auth: 'bearer',
			base: 'queue',
		});
	}

	// Publish

	/** The path and query of a publish, with configuration in the query when asked. */
	private publishTarget(req: PublishRequest): { path: string; headers: Record<string, string> } {
		const { dialect } = this.settings;
		const query: [string, string][] = req.asQuery ? encodePublishQuery(req.options ?? {}, dialect) : [];
		if (req.tokenInQuery) query.push([dialect.tokenParam, this.settings.token]);
		const headers: Record<string, string> = { ...req.headers };
		for (const [name, value] of req.asQuery ? [] : encodePublishOptions(req.options ?? {}, dialect))
			headers[name] = value;
		if (req.asQuery && req.options?.contentType) headers['content-type'] = req.options.contentType;
		// The destination is one encoded segment, its own query inside it, so it reaches the service
		// exactly as given: URL parsing would collapse its `..`, and its `?` would start our query.
		const qs = query.length > 0 ? `?${new URLSearchParams(query)}` : '';
		return { path: `${apiPath`/v2/publish/${req.destination}`}${qs}`, headers };
	}

	/** The method, path (with query) and headers a publish sends, credentials left out. */
	describePublish(req: PublishRequest): { method: 'POST'; path: string; headers: Record<string, string> } {
		return { method: 'POST', ...this.publishTarget({ ...req, tokenInQuery: false }) };
	}

	async publish(req: PublishRequest): Promise<PublishResponse> {
		const operation = `publish to ${req.destination}`;
		const { path, headers } = this.publishTarget(req);
		const response = await this.call({
			operation,
			method: 'POST',
			path,
			auth: req.tokenInQuery ? 'none' : 'bearer',
			base: 'queue',
			headers,
			body: req.body ?? '',
		});
		if (isHttpUrl(req.destination))
			return { kind: 'url', result: parseBody(operation, response, PublishResult) };
		return { kind: 'group', results: parseBody(operation, response, GroupPublishResults) };
	}

	/** The webhook ingestion address of rule 6: hand it to a webhook sender. */
	webhookUrl(destination: string, options: PublishOptions = {}): string {
		const { path } = this.publishTarget({ destination, options, asQuery: true, tokenInQuery: true });
		return joinUrl(this.settings.queueUrl, path);
	}

	// URL Groups

	listGroups(signal?: AbortSignal) {
		return this.json(
			{
				operation: 'list URL Groups',
				method: 'GET',
				path: '/v2/topics',
				auth: 'bearer',
				base: 'queue',
				signal,
			},
			UrlGroups,
		);
	}

	getGroup(name: string, signal?: AbortSignal) {
		const path = apiPath`/v2/topics/${name}`;
		return this.json(
			{ operation: `read URL Group ${name}`, method: 'GET', path, auth: 'bearer', base: 'queue', signal },
			UrlGroup,
		);
	}

	async addGroupEndpoints(name: string, endpoints: { url: string; name?: string }[]): Promise<void> {
		await this.sendJson(addGroupEndpointsRequest(name, endpoints));
	}

	async removeGroupEndpoints(name: string, endpoints: EndpointReference[]): Promise<void> {
		await this.sendJson(removeGroupEndpointsRequest(name, endpoints));
	}

	async setGroupHeaders(name: string, headers: GroupHeaders): Promise<void> {
		await this.sendJson(setGroupHeadersRequest(name, headers));
	}

	async deleteGroup(name: string): Promise<void> {
		await this.sendJson(deleteGroupRequest(name));
	}

	/** Sends a request built by `requests.ts` to the messaging API, as it was shown. */
	sendJson(request: JsonRequest): Promise<HttpResponse> {
		return this.call({
			operation: request.operation,
			method: request.method,
			path: request.path,
			auth: 'bearer',
			base: 'queue',
			...(request.json !== undefined ? this.jsonBody(request.json) : {}),
		});
	}

	// Workflows

	async batchTrigger(items: WorkflowTriggerItem[]) {
		const request = batchTriggerRequest(items);
		return parseBody(request.operation, await this.sendJson(request), WorkflowTriggerResults);
	}

	trigger(destination: string, body?: string, headers?: Record<string, string>) {
		return this.json(
			{
				operation: `trigger workflow ${destination}`,
				method: 'POST',
				path: apiPath`/v2/trigger/${destination}`,
				auth: 'bearer',
				base: 'queue',
				headers: headers ?? {},
				body: body ?? '',
			},
			WorkflowTriggerResult,
		);
	}

	// Signing keys

	getSigningKeys(signal?: AbortSignal) {
		return this.json(
			{
				operation: 'read signing keys',
				method: 'GET',
				path: '/v2/keys',
				auth: 'bearer',
				base: 'queue',
				signal,
			},
			SigningKeys,
		);
	}

	rotateSigningKeys() {
		return this.json(
			{
				operation: 'rotate signing keys',
				method: 'POST',
				path: '/v2/keys/rotate',
				auth: 'bearer',
				base: 'queue',
			},
			SigningKeys,
		);
	}
}
