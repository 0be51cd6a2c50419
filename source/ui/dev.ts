/**
 * Development entry: `node dist/ui/dev.js [--refresh 2s]` starts the embedded local service,
 * the demo destinations and traffic, and the TUI on them. `mqtop --demo` is the user-facing
 * form; this file exists to look at the UI while it is built. Callbacks go to an `ok` demo
 * destination, as no receiver runs here.
 */
// First: React picks its build from NODE_ENV when it is imported.
import './production.js';
import { MqClient } from '../api/client.js';
import { defaultDialect } from '../api/dialect.js';
import { parseDuration } from '../api/duration.js';
import { startDemoDestinations } from '../demo/destinations.js';
import { setUpDemoGroup, startDemoTraffic } from '../demo/traffic.js';
import { startLocalService } from '../local/service.js';
import { startTui } from './run.js';

const refreshArg = process.argv.indexOf('--refresh');
const refreshMs = refreshArg > 0 ? parseDuration(process.argv[refreshArg + 1] ?? '2s') : 2000;

const service = await startLocalService({ retryDelayScale: 0.01 });
const client = new MqClient(
	{
		queueUrl: service.queueUrl,
		managementUrl: service.managementUrl,
		token: service.token,
		email: service.email,
		apiKey: service.apiKey,
		dialect: defaultDialect,
	},
	// The TUI's scheduler retries with its own backoff; the client should not retry on top.
	{ retry: { retries: 0, baseDelayMs: 100, maxDelayMs: 100 } },
);
const destinations = await startDemoDestinations();
await setUpDemoGroup(client, destinations);
const traffic = await startDemoTraffic({
	client,
	destinations,
	receiverUrl: destinations.url('ok', 'receiver'),
	publishesPerSecond: 4,
});

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
	await traffic.stop();
	await destinations.close();
	await service.close();
}
