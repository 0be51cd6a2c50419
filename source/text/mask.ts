/**
 * Secrets stay hidden unless the person asked to see them, in the TUI and in the commands alike.
 * The mask is of fixed width, so not even the length of a secret is shown.
 */
import { sanitize } from './sanitize.js';

export const maskText = '••••••••';

/** The secret as it may be shown: masked, or (when `revealed`) sanitised; `(none)` when empty. */
export function maskSecret(secret: string, revealed = false): string {
	if (secret === '') return '(none)';
	return revealed ? sanitize(secret) : maskText;
}

/** The URL with the value of query parameter `param` masked. */
export function maskQueryParam(url: string, param: string): string {
	const parsed = new URL(url);
	const value = parsed.searchParams.get(param);
	if (value === null) return url;
	// Replace in the original text, so the rest of the address stays exactly as given.
	const encoded = new URLSearchParams([[param, value]]).toString();
	return url.replace(encoded, `${encoded.split('=')[0]}=${maskText}`);
}

/**
 * The URL with its `user:password@` masked (a URL may carry credentials), or as given when it
 * has none or `revealed`. The rest of the address stays exactly as written.
 */
export function maskUrlCredentials(url: string, revealed = false): string {
	if (revealed) return url;
	const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)@/i.exec(url);
	return match ? `${match[1]}${maskText}@${url.slice(match[0].length)}` : url;
}
