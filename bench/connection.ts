/**
 * How a benchmark hands the local service it started to a child process (a TUI under test):
 * in MQTOP_BENCH_CONNECTION, read back by the child into a client that never retries.
 */
import { MqClient } from '../source/api/client.js';
import { defaultDialect } from '../source/api/dialect.js';
import type { LocalService } from '../source/local/service.js';

export interface BenchConnection {
	url: string;
	token: string;
	email: string;
	apiKey: string;
	accountId: string;
	currentSigningKey: string;
	nextSigningKey: string;
}

/** What a benchmark needs to reach the service (one URL serves both of its APIs). */
export function connectionOf(service: LocalService): BenchConnection {
	return {
		url: service.managementUrl,
		token: service.token,
		email: service.email,
		apiKey: service.apiKey,
		accountId: service.accountId,
		currentSigningKey: service.currentSigningKey,
		nextSigningKey: service.nextSigningKey,
	};
}

/** The environment variable that carries the service to the child. */
export function connectionEnv(service: LocalService): Record<string, string> {
	return { MQTOP_BENCH_CONNECTION: JSON.stringify(connectionOf(service)) };
}

/** In the child: the service the parent started. */
export function readConnection(): BenchConnection {
	return JSON.parse(process.env.MQTOP_BENCH_CONNECTION ?? '{}') as BenchConnection;
}

/** A client of the service with no retries, as a measurement must not hide a failure. */
export function benchClient(
	connection: Pick<BenchConnection, 'url' | 'token' | 'email' | 'apiKey'>,
): MqClient {
	return new MqClient(
		{
			queueUrl: connection.url,
			managementUrl: connection.url,
			token: connection.token,
			email: connection.email,
			apiKey: connection.apiKey,
			dialect: defaultDialect,
		},
		{ retry: { retries: 0, baseDelayMs: 100, maxDelayMs: 100 } },
	);
}
