/**
 * The typed client of the whole interface: every operation of interface.md and the
 * operations decisions.md adds. The TUI, the scriptable commands and the tests use it alike.
 *
 * Every read reads the answer liberally (liberal.ts), as a client of a real deployment must:
 * only identity fields are required, and the Reading says which fields were odd. That the local
 * service sends the complete shape of interface.md, with nothing odd, is what the conformance
 * tests check (test/support/conformance.ts).
 */
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { type ConnectionSettings, joinUrl } from './connection.js';
import { fromDialectNames } from './dialect.js';
import { DlqApi } from './dlq-api.js';
import { ApiError } from './errors.js';
import { FlowControlApi } from './flow-control-api.js';
import { type HttpResponse, type RetryPolicy, readBody, send } from './http.js';
import type { Liberal, Reading } from './liberal.js';
import { LogsApi, type LogsQuery } from './logs-api.js';
import { MessagesApi } from './messages-api.js';
import { apiPath, pathProblem } from './paths.js';
import { type PublishAnswer, readPublishAnswer } from './publish-answer.js';
import { encodePublishOptions, encodePublishQuery, type PublishOptions } from './publish-options.js';
import { QueuesApi } from './queues-api.js';
import {
	addGroupEndpointsRequest,
	batchTriggerRequest,
	deleteGroupRequest,
	type JsonRequest,
	removeGroupEndpointsRequest,
	setGroupHeadersRequest,
} from './requests.js';
import { SchedulesApi } from './schedules-api.js';
import {
	CancelResult,
	DlqPage,
	DlqRecord,
	type EndpointReference,
	type EventState,
	EventsPage,
	type GroupHeaders,
	Message,
	MqStats,
	MqUsers,
	SearchIndex,
	SigningKeys,
	type StatsPeriod,
	UrlGroup,
	UrlGroups,
	VectorIndexResource,
	VectorIndexStats,
	type WorkflowTriggerItem,
	WorkflowTriggerResult,
	WorkflowTriggerResults,
} from './schemas.js';
import type { ApiRequest, Messaging } from './transport.js';
import { WorkflowsApi } from './workflows-api.js';

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

export type PublishResponse = PublishAnswer;

export type EventsQuery = { count?: number; cursor?: string; messageId?: string; state?: EventState };

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

export class MqClient implements Messaging {
	/** Queues: list, read, upsert, pause, resume, delete, and enqueue with every publish option. */
	readonly queues: QueuesApi;
	/** Schedules: create or update, list, read, pause, resume, delete. */
	readonly schedules: SchedulesApi;
	/** The dead letter queue: filtered listing, retry one or many, delete many. */
	readonly dlq: DlqApi;
	/** Delivery logs, from `/v2/logs` or, where that is missing, `/v2/events`. */
	readonly logs: LogsApi;
	/** Flow-control keys and the account's global parallelism. */
	readonly flowControl: FlowControlApi;
	/** Batch publish and bulk cancel. */
	readonly messages: MessagesApi;
	/** Workflow runs: their logs, cancel, notify and waiters (triggers are below). */
	readonly workflows: WorkflowsApi;

	constructor(
		readonly settings: ConnectionSettings,
		private readonly clientOptions: ClientOptions = {},
	) {
		this.queues = new QueuesApi(this);
		this.schedules = new SchedulesApi(this);
		this.dlq = new DlqApi(this);
		this.logs = new LogsApi(this);
		this.flowControl = new FlowControlApi(this);
		this.messages = new MessagesApi(this);
		this.workflows = new WorkflowsApi(this);
	}

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

	private async read<T extends z.ZodType>(
		op: Op,
		schema: T,
		prepare?: (json: unknown) => unknown,
	): Promise<Reading<Liberal<T>>> {
		return readBody(op.operation, await this.call(op), schema, prepare);
	}

	private jsonBody(value: unknown): Pick<Op, 'body' | 'headers'> {
		return { body: JSON.stringify(value), headers: { 'content-type': 'application/json' } };
	}

	// Management API (Basic auth)

	private usersOp(signal?: AbortSignal): Op {
		const path = apiPath`/v2/${this.settings.dialect.productSegment}/users`;
		return { operation: 'list users', method: 'GET', path, auth: 'basic', base: 'management', signal };
	}

	readUsers(signal?: AbortSignal) {
		return this.read(this.usersOp(signal), MqUsers);
	}

	private mqStatsOp(accountId: string, period: StatsPeriod, signal?: AbortSignal): Op {
		const path = `${apiPath`/v2/${this.settings.dialect.productSegment}/stats/${accountId}`}?period=${period}`;
		return { operation: 'read usage stats', method: 'GET', path, auth: 'basic', base: 'management', signal };
	}

	readMqStats(accountId: string, period: StatsPeriod = '1h', signal?: AbortSignal) {
		return this.read(this.mqStatsOp(accountId, period, signal), MqStats);
	}

	private vectorStatsOp(indexId: string, period: StatsPeriod, signal?: AbortSignal): Op {
		const path = `${apiPath`/v2/vector/index/${indexId}/stats`}?period=${period}`;
		return {
			operation: 'read vector index stats',
			method: 'GET',
			path,
			auth: 'basic',
			base: 'management',
			signal,
		};
	}

	readVectorStats(indexId: string, period: StatsPeriod = '1h', signal?: AbortSignal) {
		return this.read(this.vectorStatsOp(indexId, period, signal), VectorIndexStats);
	}

	/** A vector index's shape, endpoint, tokens and limits (GET /v2/vector/index/{id}). */
	readVectorIndex(indexId: string, signal?: AbortSignal) {
		const path = apiPath`/v2/vector/index/${indexId}`;
		return this.read(
			{ operation: 'read vector index', method: 'GET', path, auth: 'basic', base: 'management', signal },
			VectorIndexResource,
		);
	}

	private searchIndexOp(indexId: string, signal?: AbortSignal): Op {
		const path = apiPath`/v2/search/${indexId}`;
		return { operation: 'read search index', method: 'GET', path, auth: 'basic', base: 'management', signal };
	}

	/** The dialect's partner word is read into the neutral name (`vercel_email` as `partner_email`). */
	readSearchIndex(indexId: string, signal?: AbortSignal) {
		return this.read(this.searchIndexOp(indexId, signal), SearchIndex, (json) =>
			fromDialectNames(json, this.settings.dialect),
		);
	}

	// Messages

	private messageOp(messageId: string, signal?: AbortSignal): Op {
		const path = apiPath`/v2/messages/${messageId}`;
		return { operation: 'read message', method: 'GET', path, auth: 'bearer', base: 'queue', signal };
	}

	readMessage(messageId: string, signal?: AbortSignal) {
		return this.read(this.messageOp(messageId, signal), Message);
	}

	/** The reference answers `{cancelled: 1}`, the SDK reads no body: an empty answer is `{}`. */
	async cancelMessage(messageId: string) {
		const path = apiPath`/v2/messages/${messageId}`;
		const operation = 'cancel message';
		const response = await this.call({ operation, method: 'DELETE', path, auth: 'bearer', base: 'queue' });
		if (response.text.trim() === '') return {} as Liberal<typeof CancelResult>;
		return readBody(operation, response, CancelResult).data;
	}

	private eventsOp(query: EventsQuery, signal?: AbortSignal): Op {
		const params = new URLSearchParams();
		for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
		const qs = params.size > 0 ? `?${params}` : '';
		return {
			operation: 'list events',
			method: 'GET',
			path: `/v2/events${qs}`,
			auth: 'bearer',
			base: 'queue',
			signal,
		};
	}

	readEvents(query: EventsQuery = {}, signal?: AbortSignal) {
		return this.read(this.eventsOp(query, signal), EventsPage);
	}

	private dlqPageOp(cursor?: string): Op {
		const qs = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
		return {
			operation: 'list dead letters',
			method: 'GET',
			path: `/v2/dlq${qs}`,
			auth: 'bearer',
			base: 'queue',
		};
	}

	/** Delivery logs newest first, filtered by the service (see LogsApi for the fallback). */
	listLogs(query: LogsQuery = {}, signal?: AbortSignal) {
		return this.logs.list(query, signal);
	}

	readDlq(cursor?: string) {
		return this.read(this.dlqPageOp(cursor), DlqPage);
	}

	private dlqRecordOp(dlqId: string): Op {
		const path = apiPath`/v2/dlq/${dlqId}`;
		return { operation: 'read dead letter', method: 'GET', path, auth: 'bearer', base: 'queue' };
	}

	readDlqRecord(dlqId: string) {
		return this.read(this.dlqRecordOp(dlqId), DlqRecord);
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
		return readPublishAnswer(operation, response, req.destination);
	}

	/** The webhook ingestion address of rule 6: hand it to a webhook sender. */
	webhookUrl(destination: string, options: PublishOptions = {}): string {
		const { path } = this.publishTarget({ destination, options, asQuery: true, tokenInQuery: true });
		return joinUrl(this.settings.queueUrl, path);
	}

	// URL Groups

	private groupsOp(signal?: AbortSignal): Op {
		return {
			operation: 'list URL Groups',
			method: 'GET',
			path: '/v2/topics',
			auth: 'bearer',
			base: 'queue',
			signal,
		};
	}

	readGroups(signal?: AbortSignal) {
		return this.read(this.groupsOp(signal), UrlGroups);
	}

	private groupOp(name: string, signal?: AbortSignal): Op {
		const path = apiPath`/v2/topics/${name}`;
		return {
			operation: `read URL Group ${name}`,
			method: 'GET',
			path,
			auth: 'bearer',
			base: 'queue',
			signal,
		};
	}

	readGroup(name: string, signal?: AbortSignal) {
		return this.read(this.groupOp(name, signal), UrlGroup);
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
		return this.send(request);
	}

	/** Sends a request built apart (a request builder of an area) to the messaging API. */
	send(request: ApiRequest, signal?: AbortSignal): Promise<HttpResponse> {
		const content =
			request.json !== undefined
				? this.jsonBody(request.json)
				: { body: request.body, headers: {} as Record<string, string> };
		return this.call({
			operation: request.operation,
			method: request.method,
			path: request.path,
			auth: 'bearer',
			base: 'queue',
			headers: { ...request.headers, ...content.headers },
			...(content.body !== undefined ? { body: content.body } : {}),
			...(signal ? { signal } : {}),
		});
	}

	// Workflows

	/** Starts a workflow run per item (`POST /v2/batch/trigger`), in order. */
	async triggerRuns(items: WorkflowTriggerItem[]) {
		const request = batchTriggerRequest(items);
		return readBody(request.operation, await this.sendJson(request), WorkflowTriggerResults);
	}

	trigger(destination: string, body?: string, headers?: Record<string, string>) {
		return this.read(
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

	private signingKeysOp(signal?: AbortSignal): Op {
		return {
			operation: 'read signing keys',
			method: 'GET',
			path: '/v2/keys',
			auth: 'bearer',
			base: 'queue',
			signal,
		};
	}

	readSigningKeys(signal?: AbortSignal) {
		return this.read(this.signingKeysOp(signal), SigningKeys);
	}

	rotateSigningKeys() {
		return this.read(
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
