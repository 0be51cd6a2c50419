/**
 * An app built on the workflow SDK, as a developer would run it against the local service:
 * `serve()` routes of `@upstash/workflow` on a node:http server on 127.0.0.1, each request
 * handed to the SDK's handler as a web Request. Every call of a route is recorded.
 */
import type { IncomingMessage } from 'node:http';
import { Client as QStashClient, Receiver } from '@upstash/qstash';
import { serve, type WorkflowServeOptions } from '@upstash/workflow';
import type { LocalService } from '../../source/local/service.js';
import { listen } from './http-server.js';

export interface RouteCall {
	path: string;
	headers: Record<string, string>;
	body: string;
	/** 0 while the route is still at it. */
	status: number;
	at: number;
}

export type RouteFunction = Parameters<typeof serve>[0];

export interface WorkflowApp {
	url: string;
	calls: RouteCall[];
	/** The calls of one route. */
	callsOf(path: string): RouteCall[];
	close(): Promise<void>;
}

function requestOf(base: string, req: IncomingMessage, body: Buffer): Request {
	const headers = new Headers();
	for (const [name, value] of Object.entries(req.headers)) {
		if (value === undefined) continue;
		for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
	}
	const method = req.method ?? 'GET';
	return new Request(`${base}${req.url ?? '/'}`, {
		method,
		headers,
		...(method === 'GET' || method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
	});
}

/**
 * Serve options for the local service: its URL and token, and its signing keys for the SDK's
 * Receiver, so that every call of a route is verified (the default). `env` is empty, so
 * nothing of the test process's environment reaches the SDK.
 */
export function serveOptions(
	service: Pick<LocalService, 'queueUrl' | 'token' | 'currentSigningKey' | 'nextSigningKey'>,
	extra: Partial<WorkflowServeOptions> = {},
	keys: { current: string; next: string } = {
		current: service.currentSigningKey,
		next: service.nextSigningKey,
	},
): WorkflowServeOptions {
	return {
		qstashClient: new QStashClient({
			baseUrl: service.queueUrl,
			token: service.token,
			retry: false,
			enableTelemetry: false,
		}),
		receiver: new Receiver({ currentSigningKey: keys.current, nextSigningKey: keys.next }),
		env: {},
		...extra,
	} as WorkflowServeOptions;
}

/** Starts the app with `routes` (path to an SDK handler). */
export async function startWorkflowApp(
	routes: Record<string, (request: Request) => Promise<Response>>,
): Promise<WorkflowApp> {
	const calls: RouteCall[] = [];
	let base = '';
	const server = await listen((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', async () => {
			const path = (req.url ?? '/').split('?')[0]!;
			const handler = routes[path];
			const body = Buffer.concat(chunks);
			const headers = Object.fromEntries(
				Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
			);
			// Recorded as it arrives; its status once the route answered (0 until then).
			const call: RouteCall = { path, headers, body: body.toString(), status: 0, at: Date.now() };
			calls.push(call);
			if (!handler) {
				call.status = 404;
				res.writeHead(404).end('no such route');
				return;
			}
			try {
				const response = await handler(requestOf(base, req, body));
				call.status = response.status;
				const answer = Buffer.from(await response.arrayBuffer());
				// The whole answer is at hand, so it goes with its length, as a web server sends it.
				res.writeHead(response.status, {
					...Object.fromEntries(response.headers.entries()),
					'content-length': answer.length,
				});
				res.end(answer);
			} catch {
				res.destroy();
			}
		});
	});
	base = server.url;
	return {
		url: server.url,
		calls,
		callsOf: (path) => calls.filter((call) => call.path === path),
		close: () => server.close(),
	};
}

export { serve };
