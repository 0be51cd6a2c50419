/** How a body is shown: as text when it is valid UTF-8, otherwise as a hex preview. */
export type BodyPreview =
	| { kind: 'text'; text: string; bytes: number }
	| { kind: 'binary'; hex: string; bytes: number; truncated: boolean }
	| { kind: 'invalid-base64'; raw: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

export function previewBytes(bytes: Uint8Array, maxHexBytes = 64): BodyPreview {
	try {
		return { kind: 'text', text: decoder.decode(bytes), bytes: bytes.length };
	} catch {
		const shown = Buffer.from(bytes.subarray(0, maxHexBytes));
		const hex = shown.toString('hex').replace(/(..)(?!$)/g, '$1 ');
		return { kind: 'binary', hex, bytes: bytes.length, truncated: bytes.length > maxHexBytes };
	}
}

const whiteSpace = /\s/;
const base64Text = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decodes a base64 body (standard or url alphabet) and previews it. */
export function previewBase64(text: string, maxHexBytes = 64): BodyPreview {
	// A receiver previews two of these per callback: no copy of a text that has no white space.
	const compact = whiteSpace.test(text) ? text.replace(/\s+/g, '') : text;
	if (!base64Text.test(compact)) return { kind: 'invalid-base64', raw: text };
	// Node's base64 decoder reads the url alphabet too.
	return previewBytes(Buffer.from(compact, 'base64'), maxHexBytes);
}

/** A one-line description, e.g. `12 bytes: {"ok":true}` or `3 bytes binary: ff 00 01`. */
export function describePreview(preview: BodyPreview): string {
	if (preview.kind === 'text') return preview.text;
	if (preview.kind === 'binary')
		return `${preview.bytes} bytes binary: ${preview.hex}${preview.truncated ? ' …' : ''}`;
	return `not base64: ${preview.raw}`;
}
