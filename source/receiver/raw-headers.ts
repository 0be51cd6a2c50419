/**
 * Headers read from Node's rawHeaders (`[name, value, name, value, ...]`), which the server
 * keeps as they came: all of them when an event is worked out, one when only it is needed.
 */

/** Header values by lowercase name, repeated headers joined with ", " (see headersFromRaw). */
export type Headers = Record<string, string>;

/** Headers from Node's rawHeaders (`[name, value, name, value, ...]`), in one pass. */
export function headersFromRaw(raw: readonly string[]): Headers {
	const out: Headers = {};
	for (let i = 0; i + 1 < raw.length; i += 2) {
		const name = raw[i]!.toLowerCase();
		const value = raw[i + 1]!;
		const seen = out[name];
		out[name] = seen === undefined ? value : `${seen}, ${value}`;
	}
	return out;
}

/**
 * One header of Node's rawHeaders as headersFromRaw gives it (`headersFromRaw(raw)[name]`), for
 * a lowercase ASCII name, without building the others.
 */
export function headerFromRaw(raw: readonly string[], name: string): string | undefined {
	let value: string | undefined;
	for (let i = 0; i + 1 < raw.length; i += 2) {
		const candidate = raw[i]!;
		if (candidate.length !== name.length || candidate.toLowerCase() !== name) continue;
		value = value === undefined ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
	}
	return value;
}
