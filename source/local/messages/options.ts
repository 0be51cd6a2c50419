/**
 * Publish configuration from its three sources, lowest precedence first: a URL Group's default
 * headers, the lowercase query forms, the request's own headers, a later source overriding an
 * earlier one name by name (docs/protocol/publish.md#configuration). Decoding is the shared
 * decodePublishOptions; its errors are `invalid`.
 */
import type { Dialect } from '../../api/dialect.js';
import { decodePublishOptions, isOptionParseError, type PublishOptions } from '../../api/publish-options.js';
import { invalid } from '../errors.js';

export function mergeFields(
	...sources: (ReadonlyMap<string, string> | undefined)[]
): ReadonlyMap<string, string> {
	const given = sources.filter((s): s is ReadonlyMap<string, string> => s !== undefined && s.size > 0);
	// The common case, headers only, needs no copy.
	if (given.length === 1) return given[0]!;
	const merged = new Map<string, string>();
	for (const source of given) for (const [name, value] of source) merged.set(name, value);
	return merged;
}

export function decodeOptions(fields: ReadonlyMap<string, string>, dialect: Dialect): PublishOptions {
	// Most publishes configure nothing: then only Content-Type is read, not every option name.
	const prefix = dialect.headerPrefix.toLowerCase();
	let configured = false;
	for (const name of fields.keys()) {
		if (name.startsWith(prefix)) {
			configured = true;
			break;
		}
	}
	if (!configured) {
		const contentType = fields.get('content-type');
		return contentType === undefined ? {} : { contentType };
	}
	try {
		return decodePublishOptions(fields, dialect);
	} catch (error) {
		if (isOptionParseError(error)) throw invalid((error as Error).message);
		throw error;
	}
}

/**
 * Splits a group's default headers into configuration fields (prefixed, lowercase) and the
 * headers the destination receives as they are.
 */
export function splitGroupHeaders(
	headers: Record<string, string[]> | undefined,
	dialect: Dialect,
): { config: Map<string, string>; plain: Record<string, string[]> } {
	const prefix = dialect.headerPrefix.toLowerCase();
	const config = new Map<string, string>();
	const plain: Record<string, string[]> = {};
	for (const [name, values] of Object.entries(headers ?? {})) {
		const lower = name.toLowerCase();
		if (lower.startsWith(prefix)) config.set(lower, values.join(', '));
		else plain[name] = values;
	}
	return { config, plain };
}
