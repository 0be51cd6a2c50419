/**
 * Masks a secret for display: a short recognisable start and the length, e.g.
 * `sig_ab…(32 chars)`. Short secrets show less, so a mask never gives most of one away.
 */
export function maskSecret(secret: string): string {
	const shown = Math.min(6, Math.floor(secret.length / 4));
	return `${secret.slice(0, shown)}…(${secret.length} chars)`;
}

/** The URL with the value of query parameter `param` masked (by `mask`, maskSecret by default). */
export function maskQueryParam(
	url: string,
	param: string,
	mask: (secret: string) => string = maskSecret,
): string {
	const parsed = new URL(url);
	const value = parsed.searchParams.get(param);
	if (value === null) return url;
	// Replace in the original text, so the rest of the address stays exactly as given.
	const encoded = new URLSearchParams([[param, value]]).toString();
	return url.replace(encoded, `${encoded.split('=')[0]}=${mask(value)}`);
}
