/**
 * Loopback destinations with the behaviours a person wants to see in the demo: answers at once,
 * answers slowly, fails now and then, always fails, and asks to be retried later.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour = 'ok' | 'slow' | 'flaky' | 'broken' | 'busy';

export interface DemoDestinations {
	/** The URL of a destination with the given behaviour; `path` names what it stands for. */
	url(behaviour: Behaviour, path: string): string;
	/** Requests received so far, by behaviour. */
	readonly received: Record<Behaviour, number>;
	close(): Promise<void>;
}

interface Options {
	/** Probability that a flaky destination fails; tests set 0 or 1. */
	flakyFailureRate?: number;
	/** Upper bound of the slow destination's delay. */
	slowMaxMs?: number;
	random?: () => number;
}

export async function startDemoDestinations(options: Options = {}): Promise<DemoDestinations> {
	const random = options.random ?? Math.random;
	const flakyRate = options.flakyFailureRate ?? 0.5;
	const slowMaxMs = options.slowMaxMs ?? 1500;
	const received: Record<Behaviour, number> = { ok: 0, slow: 0, flaky: 0, broken: 0, busy: 0 };
	const timers = new Set<NodeJS.Timeout>();

	const server: Server = createServer((req, res) => {
		const behaviour = (req.url ?? '/').split('/')[1] as Behaviour;
		// Drain the body so keep-alive connections stay usable.
		req.resume();
		req.on('end', () => {
			if (!(behaviour in received)) return res.writeHead(404).end('no such demo destination');
			received[behaviour]++;
			const json = (status: number, body: object, headers: Record<string, string> = {}) =>
				res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
			switch (behaviour) {
				case 'ok':
					return json(200, { ok: true });
				case 'slow': {
					const timer = setTimeout(
						() => {
							timers.delete(timer);
							json(200, { ok: true, slow: true });
						},
						200 + random() * (slowMaxMs - 200),
					);
					timers.add(timer);
					return;
				}
				case 'flaky':
					return random() < flakyRate
						? json(500, { error: 'flaky destination failed this time' })
						: json(200, { ok: true });
				case 'broken':
					return json(503, { error: 'destination is down' });
				case 'busy':
					return json(429, { error: 'busy, come back later' }, { 'retry-after': '1' });
			}
		});
	});
	server.keepAliveTimeout = 5000;
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: (behaviour, path) => `http://127.0.0.1:${port}/${behaviour}/${path}`,
		received,
		close: () =>
			new Promise<void>((resolve) => {
				for (const timer of timers) clearTimeout(timer);
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
