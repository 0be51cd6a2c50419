import { request } from 'undici';
import type { CallbackBody, FailureCallbackBody } from '../../source/api/schemas.js';
import type { EventGist } from '../../source/receiver/event.js';
import { toBase64Url } from '../../source/signing/base64url.js';
import { signRequest } from '../../source/signing/jwt.js';
import { waitUntil } from '../support/wait.js';

export const currentKey = 'sig_currentKeyForReceiverTests0001';
export const nextKey = 'sig_nextKeyForReceiverTests00000002';

export interface Sent {
	status: number;
	text: string;
}

export async function send(
	url: string,
	options: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array } = {},
): Promise<Sent> {
	const response = await request(url, {
		method: (options.method ?? 'POST') as 'POST',
		headers: options.headers,
		body: options.body,
		headersTimeout: 10_000,
		bodyTimeout: 10_000,
	});
	return { status: response.statusCode, text: await response.body.text() };
}

/** Sends `body` to `base + path` signed for that URL, as the service would. */
export function sendSigned(
	base: string,
	path: string,
	body: string | Uint8Array,
	options: {
		key?: string;
		issuer?: string;
		subject?: string;
		now?: number;
		headers?: Record<string, string>;
	} = {},
): Promise<Sent> {
	const token = signRequest({
		key: options.key ?? currentKey,
		issuer: options.issuer ?? 'Svc',
		url: options.subject ?? `${base}${path}`,
		body,
		...(options.now === undefined ? {} : { now: options.now }),
	});
	return send(`${base}${path}`, {
		body,
		headers: { 'Svc-Signature': token, ...options.headers },
	});
}

/** A token built by hand, for what signRequest never produces. */
export function craftToken(header: object, claims: object, signature = ''): string {
	return `${toBase64Url(JSON.stringify(header))}.${toBase64Url(JSON.stringify(claims))}.${signature}`;
}

export function callbackBody(
	overrides: Partial<FailureCallbackBody> = {},
): CallbackBody | FailureCallbackBody {
	return {
		status: 500,
		header: { 'Content-Type': ['text/plain'] },
		body: Buffer.from('destination said no').toString('base64'),
		retried: 1,
		maxRetries: 3,
		sourceMessageId: 'msg_source123',
		url: 'http://127.0.0.1:9/destination',
		method: 'POST',
		sourceHeader: { 'Content-Type': 'application/json' },
		sourceBody: Buffer.from('{"order":42}').toString('base64'),
		notBefore: '1767225600000',
		createdAt: '1767225600000',
		callerIP: '127.0.0.1',
		...overrides,
	};
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export function waitFor<T>(what: string, check: () => T | undefined, timeoutMs = 10_000): Promise<T> {
	return waitUntil(check, timeoutMs, `waiting for ${what}`);
}

/** What an event or a gist says of its message, as the Messages feed reads it. */
export const gistFields = (gist: EventGist) => ({
	verified: gist.verified,
	messageId: gist.delivery.messageId,
	callback: gist.callback && {
		sourceMessageId: gist.callback.sourceMessageId,
		dlqId: gist.callback.dlqId,
		status: gist.callback.status,
		retried: gist.callback.retried,
		maxRetries: gist.callback.maxRetries,
		url: gist.callback.url,
		method: gist.callback.method,
	},
});
