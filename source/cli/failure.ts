/**
 * Turns whatever a command threw into an exit code and a one-line message with a hint, never a
 * stack trace: the service said no (1), bad usage or config (2), cannot connect (3).
 */
import { ZodError } from 'zod';
import { ApiError } from '../api/errors.js';
import { isOptionParseError } from '../api/publish-options.js';
import { describeZodError } from '../api/schemas.js';
import { ConfigError } from '../config/file.js';
import { sanitize } from '../text/sanitize.js';
import { UsageError } from './args.js';
import { exitCodes } from './command.js';
import { NoLocalServerError } from './connect.js';

export interface Failure {
	code: number;
	message: string;
	hint?: string;
}

export interface FailureContext {
	/** Names the credential the command used and where it came from, for a 401. */
	credentials?: string;
}

export function describeFailure(error: unknown, context: FailureContext = {}): Failure {
	if (error instanceof UsageError || error instanceof ConfigError || isOptionParseError(error)) {
		return { code: exitCodes.usage, message: sanitize((error as Error).message) };
	}
	if (error instanceof ZodError) return { code: exitCodes.usage, message: sanitize(describeZodError(error)) };
	if (error instanceof NoLocalServerError)
		return { code: exitCodes.unreachable, message: sanitize(error.message), hint: error.hint };
	if (error instanceof ApiError) {
		const unreachable = error.kind === 'network' || error.kind === 'timeout';
		const hint =
			error.status === 401 && context.credentials
				? `the service refused ${context.credentials}`
				: error.kind === 'timeout'
					? 'the service is slow or unreachable'
					: error.hint;
		return {
			code: unreachable ? exitCodes.unreachable : exitCodes.refused,
			// The message carries the server's own words: network text, so sanitized.
			message: sanitize(error.message),
			...(hint ? { hint: sanitize(hint) } : {}),
		};
	}
	const message = error instanceof Error ? error.message : String(error);
	return { code: exitCodes.refused, message: `unexpected error: ${sanitize(message)}` };
}

export function formatFailure(failure: Failure): string {
	return `mqtop: ${failure.message}\n${failure.hint ? `  hint: ${failure.hint}\n` : ''}`;
}
