/**
 * `mqtop serve --dev-credentials`: the credentials the vendor's own dev server (`qstash dev`)
 * publishes, which `@upstash/qstash` in its `QSTASH_DEV=true` mode uses on its own (qstash-js
 * `src/dev-server/`). Before it would download and start that server, the SDK asks
 * `GET /v2/keys` on 127.0.0.1 (port 8080, or `QSTASH_DEV_PORT`) with this token and expects
 * these keys: a local server that answers so is used as it is, and nothing is downloaded.
 * They are public values, the same on every machine: for local development only.
 */
import { dialectPresets } from '../api/dialect.js';
import type { LocalStartOptions } from './connect.js';

export const devServerCredentials = Object.freeze({
	/** base64 of {"UserID":"defaultUser","Password":"defaultPassword"}. */
	token: 'eyJVc2VySUQiOiJkZWZhdWx0VXNlciIsIlBhc3N3b3JkIjoiZGVmYXVsdFBhc3N3b3JkIn0=',
	currentSigningKey: 'sig_7kYjw48mhY7kAjqNGcy6cr29RJ6r',
	nextSigningKey: 'sig_5ZB6DVzB1wjE8S6rZ7eenA8Pdnhs',
});

/** The start options with the dev server's token and keys, in the deployed dialect (what the SDK speaks). */
export function withDevCredentials(start: LocalStartOptions): LocalStartOptions {
	return { ...start, dialect: { ...dialectPresets.deployed }, ...devServerCredentials };
}
