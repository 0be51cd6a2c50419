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
