export function toBase64Url(data: Uint8Array | string): string {
	return Buffer.from(data).toString('base64url');
}

/** Whether the text uses only the base64url alphabet (no padding). */
export function isBase64Url(text: string): boolean {
	return /^[A-Za-z0-9_-]*$/.test(text);
}

/** Decodes base64url, returning undefined for text that is not valid base64url. */
export function fromBase64Url(text: string): Buffer | undefined {
	if (!isBase64Url(text)) return undefined;
	return Buffer.from(text, 'base64url');
}

export function stripPadding(text: string): string {
	// Most text has no padding: no regular expression, no new string for it.
	return text.endsWith('=') ? text.replace(/=+$/, '') : text;
}
