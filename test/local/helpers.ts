/**
 * Test fixtures for the local service: the service itself with a client, and destinations
 * (small node:http servers on 127.0.0.1) that record what they receive and answer as told.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@upstash/qstash';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { MqClient } from '../../source/api/client.js';
import { type Dialect, dialectPresets, resolveDialect } from '../../source/api/dialect.js';
import {
	type LocalService,
	type LocalServiceOptions,
	startLocalService,
} from '../../source/local/service.js';
import { listen } from '../support/http-server.js';
import { waitUntil } from '../support/wait.js';

export interface Received {
	method: string;
	/** Path and query as received. */
	url: string;
	headers: IncomingHttpHeaders;
	body: Buffer;
	at: number;
}

export type Responder = (req: Received, index: number, res: ServerResponse) => void | Promise<void>;

export interface Sink {
	url: string;
	received: Received[];
	/** Resolves once `count` requests arrived; fails after the deadline. */
	waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
	close(): Promise<void>;
}

/** A destination; by default it answers 200 "ok". */
export async function startSink(respond: Responder = (_r, _i, res) => void res.end('ok')): Promise<Sink> {
	const received: Received[] = [];
	const server = await listen(async (req, res) => {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const entry: Received = {
			method: req.method ?? '',
			url: req.url ?? '',
			headers: req.headers,
			body: Buffer.concat(chunks),
			at: Date.now(),
		};
		received.push(entry);
		try {
			await respond(entry, received.length - 1, res);
		} catch {
			res.destroy();
		}
	});
	return {
		url: server.url,
		received,
		waitFor: (count, timeoutMs = 5000) =>
			waitUntil(
				() => (received.length >= count ? received : undefined),
				timeoutMs,
				() => `expected ${count} requests, got ${received.length}`,
			),
		close: () => server.close(),
	};
}

export interface Fixture {
	service: LocalService;
	client: MqClient;
	dialect: Dialect;
	close(): Promise<void>;
}

/** A service with fast retries (Retry-Delay still wins) and a client for it. */
export async function startFixture(options: LocalServiceOptions = {}): Promise<Fixture> {
	const service = await startLocalService({ backoff: () => 20, ...options });
	const dialect = resolveDialect(options.dialect);
	const client = new MqClient(
		{
			queueUrl: service.queueUrl,
			managementUrl: service.managementUrl,
			token: service.token,
			email: service.email,
			apiKey: service.apiKey,
			dialect,
			timeoutMs: 5000,
		},
		{ retry: { retries: 0, baseDelayMs: 10, maxDelayMs: 10 } },
	);
	return {
		service,
		client,
		dialect,
		close: async () => {
			await service.close();
		},
	};
}

/** A raw request to the service, for what the typed client cannot send. */
export async function raw(
	url: string,
	init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: Headers; text: string; json: () => unknown }> {
	const response = await fetch(url, {
		method: init.method ?? 'GET',
		headers: init.headers,
		body: init.body,
	});
	const text = await response.text();
	return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

export function bearer(service: LocalService): Record<string, string> {
	return { authorization: `Bearer ${service.token}` };
}

export function basic(service: LocalService): Record<string, string> {
	return { authorization: `Basic ${Buffer.from(`${service.email}:${service.apiKey}`).toString('base64')}` };
}

/** A local service in the deployed dialect, our client for it, and the official SDK's client. */
export async function startSdkFixture(
	options: LocalServiceOptions = {},
): Promise<Fixture & { qstash: Client }> {
	const fx = await startFixture({ dialect: dialectPresets.deployed, ...options });
	const qstash = new Client({
		baseUrl: fx.service.queueUrl,
		token: fx.service.token,
		retry: false,
		enableTelemetry: false,
		devMode: false,
	});
	return { ...fx, qstash };
}

/** Runs `work` with the SDK's log of failed requests silenced: the failure is what the test expects. */
export async function quietly<T>(work: () => Promise<T>): Promise<T> {
	const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
	try {
		return await work();
	} finally {
		spy.mockRestore();
	}
}

/** The settled outcome of a promise that is expected to fail. */
export async function failure(work: Promise<unknown>): Promise<{ status?: number; message: string }> {
	try {
		await work;
	} catch (error) {
		return error as { status?: number; message: string };
	}
	throw new Error('expected the request to fail');
}

/**
 * Services kept in data directories of a temporary folder, next to a sink: registers the hooks
 * that make the folder and the sink and that close every service a test started after it.
 */
export function keptServices(prefix: string, defaults: LocalServiceOptions = {}) {
	let root = '';
	let sink: Sink | undefined;
	const started: LocalService[] = [];
	beforeAll(async () => {
		root = await mkdtemp(path.join(tmpdir(), prefix));
		sink = await startSink();
	});
	afterEach(async () => {
		await Promise.all(started.splice(0).map((service) => service.close()));
	});
	afterAll(async () => {
		await sink?.close();
		if (root) await rm(root, { recursive: true, force: true });
	});
	return {
		get sink(): Sink {
			if (!sink) throw new Error('the sink starts before the first test');
			return sink;
		},
		/** A data directory of its own in the folder. */
		dir: (name: string) => path.join(root, name),
		/** A service kept in `dataDir`, or in memory only without one. */
		async start(dataDir: string | undefined, options: LocalServiceOptions = {}): Promise<LocalService> {
			const service = await startLocalService({ ...defaults, ...(dataDir ? { dataDir } : {}), ...options });
			started.push(service);
			return service;
		},
	};
}
