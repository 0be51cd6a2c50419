/**
 * The typed client of the whole protocol: every operation of the neutral interface and the
 * operations beyond it, by area (docs/protocol/README.md#areas: queues, schedules, dead letters,
 * logs, flow control, messages, workflows, URL Groups, management, signing keys), each in its own
 * file. This file keeps what they share, the transport (credentials, hosts, one `send`), and
 * publish, whose encoding enqueues and schedules reuse. The TUI, the scriptable commands and the
 * tests use it alike.
 *
 * Every read reads the answer liberally (liberal.ts), as a client of a real deployment must:
 * only identity fields are required, and the Reading says which fields were odd. That the local
 * service sends the complete shape the protocol pages list, with nothing odd
 * (docs/protocol/local-server.md#complete-answers), is what the conformance tests check
 * (test/support/conformance.ts).
 */
import type { Dispatcher } from 'undici';
import { type ConnectionSettings, joinUrl } from './connection.js';
import { DlqApi } from './dlq-api.js';
import { ApiError } from './errors.js';
import { FlowControlApi } from './flow-control-api.js';
import { GroupsApi } from './groups-api.js';
import { type HttpResponse, type RetryPolicy, send } from './http.js';
import { KeysApi } from './keys-api.js';
import { LogsApi } from './logs-api.js';
import { ManagementApi } from './management-api.js';
import { MessagesApi } from './messages-api.js';
import { apiPath, pathProblem } from './paths.js';
import { type PublishAnswer, readPublishAnswer } from './publish-answer.js';
import { encodePublishOptions, encodePublishQuery, type PublishOptions } from './publish-options.js';
import { QueuesApi } from './queues-api.js';
import { SchedulesApi } from './schedules-api.js';
import type { ApiRequest, Messaging } from './transport.js';
import { WorkflowDlqApi } from './workflow-dlq-api.js';
import { WorkflowsApi } from './workflows-api.js';

export interface ClientOptions {
	retry?: RetryPolicy;
	dispatcher?: Dispatcher;
	/**
	 * Where the messaging token is now, for a server whose token may be rotated while this client
	 * runs (the local server, through its server.json): a request refused with 401 is sent once
	 * more with the token this gives, when it is another than the one refused. A 401 stored
	 * nothing, so sending again cannot do anything twice.
	 */
	refreshToken?: () => Promise<string | undefined>;
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
	/** The dead letter queue: filtered listing, read one, retry one or many, delete one or many. */
	readonly dlq: DlqApi;
	/** Delivery logs, from `/v2/logs` or, where that is missing, `/v2/events`. */
	readonly logs: LogsApi;
	/** Flow-control keys and the account's global parallelism. */
	readonly flowControl: FlowControlApi;
	/** Messages: read one, cancel one, batch publish and bulk cancel. */
	readonly messages: MessagesApi;
	/** Workflow runs: their logs, cancel, notify, waiters, and triggers. */
	readonly workflows: WorkflowsApi;
	/** The workflow DLQ: failed runs listed, read, resumed, restarted, deleted; their failure callbacks. */
	readonly workflowDlq: WorkflowDlqApi;
	/** URL Groups: list, read, add and remove endpoints, default headers, delete. */
	readonly groups: GroupsApi;
	/** The management API: accounts, usage statistics, vector and search index resources. */
	readonly management: ManagementApi;
	/** The signing keys: read and rotate. */
	readonly keys: KeysApi;

	#settings: ConnectionSettings;

	constructor(
		settings: ConnectionSettings,
		private readonly clientOptions: ClientOptions = {},
	) {
		this.#settings = settings;
		this.queues = new QueuesApi(this);
		this.schedules = new SchedulesApi(this);
		this.dlq = new DlqApi(this);
		this.logs = new LogsApi(this);
		this.flowControl = new FlowControlApi(this);
		this.messages = new MessagesApi(this);
		this.workflows = new WorkflowsApi(this);
		this.workflowDlq = new WorkflowDlqApi(this);
		this.groups = new GroupsApi(this);
		this.management = new ManagementApi(this);
		this.keys = new KeysApi(this);
	}

	/** Where and as whom it connects: the token as last refreshed (ClientOptions.refreshToken). */
	get settings(): ConnectionSettings {
		return this.#settings;
	}

	/**
	 * How this client sends, for a data plane's client that talks to an index on its behalf
	 * (index-access.ts): the same timeout, retries and dispatcher.
	 */
	get requestOptions(): { timeoutMs: number; retry?: RetryPolicy; dispatcher?: Dispatcher } {
		return {
			timeoutMs: this.timeoutMs,
			...(this.clientOptions.retry ? { retry: this.clientOptions.retry } : {}),
			...(this.clientOptions.dispatcher ? { dispatcher: this.clientOptions.dispatcher } : {}),
		};
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

	private async call(op: Op): Promise<HttpResponse> {
		const used = this.settings.token;
		try {
			return await this.callOnce(op);
		} catch (error) {
			if (op.auth !== 'bearer' || !(await this.tokenRefreshed(error, used))) throw error;
			return this.callOnce(op);
		}
	}

	/** After a 401 to `used`: whether there is another token now, kept in the settings. */
	private async tokenRefreshed(error: unknown, used: string): Promise<boolean> {
		const refresh = this.clientOptions.refreshToken;
		if (!refresh || !(error instanceof ApiError) || error.status !== 401) return false;
		const token = await refresh().catch(() => undefined);
		if (token === undefined || token === used) return false;
		if (token !== this.#settings.token) this.#settings = { ...this.#settings, token };
		return true;
	}

	private callOnce(op: Op): Promise<HttpResponse> {
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

	private jsonBody(value: unknown): Pick<Op, 'body' | 'headers'> {
		return { body: JSON.stringify(value), headers: { 'content-type': 'application/json' } };
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

	/** Sends a request built apart (a request builder of an area) with the credentials of its API. */
	send(request: ApiRequest, signal?: AbortSignal): Promise<HttpResponse> {
		const content =
			request.json !== undefined
				? this.jsonBody(request.json)
				: { body: request.body, headers: {} as Record<string, string> };
		return this.call({
			operation: request.operation,
			method: request.method,
			path: request.path,
			...(request.api === 'management'
				? { auth: 'basic' as const, base: 'management' as const }
				: { auth: 'bearer' as const, base: 'queue' as const }),
			headers: { ...request.headers, ...content.headers },
			...(content.body !== undefined ? { body: content.body } : {}),
			...(signal ? { signal } : {}),
		});
	}
}
