/**
 * A poll failure as one line a person can act on. A 401 names the credential that was
 * refused; everything that came from the network is sanitised here, once.
 */
import { ApiError } from '../../api/errors.js';
import { sanitize } from '../../text/sanitize.js';
import type { Api } from './endpoints.js';

export interface FailureText {
	message: string;
	hint: string | undefined;
	status: number | undefined;
	retryAfterMs: number | undefined;
}

const credentials: Record<Api, string> = {
	management: 'the management e-mail or API key',
	messaging: 'the messaging token',
};

export function describePollError(error: unknown, api: Api): FailureText {
	if (error instanceof ApiError) {
		if (error.status === 401) {
			const said = error.serverMessage ? `: ${error.serverMessage}` : '';
			return {
				message: sanitize(`${api} API refused ${credentials[api]} (HTTP 401${said})`),
				hint: `check ${credentials[api]}`,
				status: 401,
				retryAfterMs: error.retryAfterMs,
			};
		}
		return {
			message: sanitize(error.message),
			hint: error.hint,
			status: error.status,
			retryAfterMs: error.retryAfterMs,
		};
	}
	const message = error instanceof Error ? error.message : String(error);
	return { message: sanitize(message), hint: undefined, status: undefined, retryAfterMs: undefined };
}

/** A refused or failed request as one sanitised line, with what to do when there is a hint. */
export function describeSendError(error: unknown): string {
	const text = describePollError(error, 'messaging');
	return text.hint ? `${text.message} (${text.hint})` : text.message;
}
