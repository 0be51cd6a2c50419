/**
 * What an index engine rejects, in words a caller can act on. The HTTP layer maps `invalid` to
 * 400 and `not-found` to 404; the engines themselves know nothing of HTTP.
 */
export type EngineErrorKind = 'invalid' | 'not-found';

export class EngineError extends Error {
	override name = 'EngineError';
	constructor(
		readonly kind: EngineErrorKind,
		message: string,
	) {
		super(message);
	}
}

/** Names at most a few ids, so an error about 10,000 ids stays one readable line. */
export function listIds(ids: readonly string[], max = 5): string {
	const shown = ids.slice(0, max).map((id) => JSON.stringify(id));
	return ids.length > max ? `${shown.join(', ')} and ${ids.length - max} more` : shown.join(', ');
}
