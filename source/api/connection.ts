import type { Dialect } from './dialect.js';

/** Everything the client needs to reach one deployment. */
export interface ConnectionSettings {
	/** Messaging API host, e.g. `http://127.0.0.1:8080`. */
	queueUrl: string;
	/** Bearer token of the messaging API. */
	token: string;
	/** Management API host. */
	managementUrl: string;
	/** Basic auth user name of the management API. */
	email: string;
	/** Basic auth password of the management API. */
	apiKey: string;
	dialect: Dialect;
	/** Per-request timeout; default 10 s. */
	timeoutMs?: number;
}

/** Joins a base URL and a path without doubling or dropping the slash. */
export function joinUrl(base: string, path: string): string {
	return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
