/**
 * What an index engine rejects, in words a caller can act on: a ServiceError of one of two kinds,
 * which the HTTP edge answers as it answers every other (http/error-status.ts).
 */
import { ServiceError } from '../../errors.js';

export type EngineErrorKind = 'invalid' | 'not-found';

export class EngineError extends ServiceError {
	override name = 'EngineError';
	constructor(
		override readonly kind: EngineErrorKind,
		message: string,
	) {
		super(kind, message);
	}
}
