/**
 * How deep JSON text nests, found without parsing it. JSON.parse takes any depth, but what
 * it makes cannot be written again (JSON.stringify and structuredClone recurse, and fail a few
 * thousand levels down): a value that deep must be refused before it is kept. Pure; bytes or
 * text alike (the brackets and quotes of UTF-8 are single bytes no other character contains).
 */

/** The deepest nesting the local service takes in a request's JSON: far beyond real data, far below where writing it again fails. */
export const maxRequestNesting = 100;

/** Whether `json` opens more than `limit` arrays or objects inside one another. */
export function nestsDeeperThan(json: string | Uint8Array, limit: number): boolean {
	const text = typeof json === 'string';
	const length = json.length;
	let depth = 0;
	let inString = false;
	for (let i = 0; i < length; i++) {
		const c = text ? (json as string).charCodeAt(i) : (json as Uint8Array)[i]!;
		if (inString) {
			if (c === 0x5c)
				i++; // a backslash: the next character is escaped
			else if (c === 0x22) inString = false;
			continue;
		}
		if (c === 0x22) inString = true;
		else if (c === 0x5b || c === 0x7b) {
			if (++depth > limit) return true;
		} else if (c === 0x5d || c === 0x7d) depth--;
	}
	return false;
}
