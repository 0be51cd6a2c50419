/**
 * The tokeniser of the search index, used alike for documents and queries:
 *   1. Unicode NFKD, then combining marks removed ("Café" -> "Cafe", "ﬁ" -> "fi");
 *   2. lower case;
 *   3. split on every run of characters that are neither letters nor digits (any script);
 *   4. tokens longer than 64 characters are cut to 64.
 * No stemming and no stop words: BM25's IDF already makes common words weigh little.
 */
export const maxTokenLength = 64;

const combiningMarks = /\p{M}+/gu;
const separators = /[^\p{L}\p{N}]+/u;

export function tokenize(text: string): string[] {
	const folded = text.normalize('NFKD').replace(combiningMarks, '').toLowerCase();
	const tokens: string[] = [];
	for (const part of folded.split(separators))
		if (part.length > 0) tokens.push(part.length > maxTokenLength ? part.slice(0, maxTokenLength) : part);
	return tokens;
}

/**
 * The text of a document's content: a string as it is; for an object, every string and number
 * inside it (nested objects and arrays included), in order, joined by spaces.
 */
export function contentText(content: unknown): string {
	if (typeof content === 'string') return content;
	const parts: string[] = [];
	const walk = (value: unknown): void => {
		if (typeof value === 'string') parts.push(value);
		else if (typeof value === 'number' && Number.isFinite(value)) parts.push(String(value));
		else if (Array.isArray(value)) for (const item of value) walk(item);
		else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) walk(item);
	};
	walk(content);
	return parts.join(' ');
}
