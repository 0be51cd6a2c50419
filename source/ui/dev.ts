/**
 * Development entry: `node dist/ui/dev.js [--refresh 2s]` starts the embedded local service,
 * a destination on 127.0.0.1 that fails now and then, a trickle of publishes, and the TUI.
 * `mqtop --demo` is the user-facing form of this; this file exists to look at the UI.
 */
// First: React picks its build from NODE_ENV when it is imported.
import './production.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MqClient } from '../api/client.js';
import { defaultDialect } from '../api/dialect.js';
import { parseDuration } from '../api/duration.js';
import { startLocalService } from '../local/service.js';
import { startTui } from './run.js';

const refreshArg = process.argv.indexOf('--refresh');
const refreshMs = refreshArg > 0 ? parseDuration(process.argv[refreshArg + 1] ?? '2s') : 2000;

const service = await startLocalService({ retryDelayScale: 0.01 });
let hits = 0;
const destination = createServer((req, res) => {
	req.resume();
	hits++;
	res.statusCode = hits % 7 === 0 ? 500 : 200;
	res.end('ok');
});
await new Promise<void>((resolve) => destination.listen(0, '127.0.0.1', resolve));
const target = `http://127.0.0.1:${(destination.address() as AddressInfo).port}/hook`;

const client = new MqClient(
	{
		queueUrl: service.queueUrl,
		managementUrl: service.managementUrl,
		token: service.token,
		email: service.email,
		apiKey: service.apiKey,
		dialect: defaultDialect,
	},
	{ retry: { retries: 0, baseDelayMs: 100, maxDelayMs: 100 } },
);
await client.addGroupEndpoints('demo-group', [{ url: target, name: 'a' }, { url: `${target}?b` }]);
const traffic = setInterval(() => {
	const toGroup = Math.random() < 0.3;
	void client
		.publish({ destination: toGroup ? 'demo-group' : target, body: `{"n":${hits}}`, options: { retries: 1 } })
		.catch(() => {});
}, 250);

const tui = startTui({
	client,
	connection: {
		embedded: true,
		accountId: service.accountId,
		vectorIndexId: service.vectorIndexId,
		searchIndexId: service.searchIndexId,
	},
	refreshMs,
});
try {
	await tui.exited;
} finally {
	clearInterval(traffic);
	destination.close();
	destination.closeAllConnections();
	await service.close();
}
