/**
 * What may stand in an HTTP header, checked wherever a name or value enters: the publish
 * decoder (headers and their query forms alike), typed `Name: value` lines, URL Group default
 * headers, and the headers the local service sends. A control character accepted here would
 * make every later delivery fail, or split a header in two.
 */
const tokenPattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A header name: an RFC 9110 token. */
export function isHeaderName(name: string): boolean {
	return tokenPattern.test(name);
}

/** A header value: visible characters, spaces and tabs; no CR, LF, NUL or other controls. */
export function isHeaderValue(value: string): boolean {
	return !/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value);
}

export const headerValueRule = 'a header value must not contain control characters (line breaks included)';
