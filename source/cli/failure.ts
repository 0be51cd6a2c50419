/**
 * Turns whatever a command threw into an exit code and a one-line message with a hint, never a
 * stack trace: the service said no (1), bad usage or config (2), cannot connect or listen (3).
 * With --json the failure is one JSON object on stderr, for scripts.
 */
import { ZodError } from 'zod';
import { ApiError } from '../api/errors.js';
import { isOptionParseError } from '../api/publish-options.js';
import { describeZodError } from '../api/schemas.js';
import { ConfigError } from '../config/file.js';
import type { StateError } from '../local/persistence/state-errors.js';
import { jsonLine } from '../text/json-line.js';
import { sanitize } from '../text/sanitize.js';
import { UsageError } from './args.js';
import { exitCodes } from './command.js';
import { NoLocalServerError } from './connect.js';

export interface Failure {
	code: number;
	message: string;
	hint?: string;
	/** The HTTP status, when the service answered. */
	status?: number;
}

/** A server of ours could not listen: the port is taken or not ours to use (exit code 3). */
export class ListenError extends Error {
	override name = 'ListenError';
	constructor(
		message: string,
		/** What to do about it, when there is more to say than the message. */
		readonly hint?: string,
	) {
		super(message);
	}
}

/**
 * Why a server of ours (`what`) could not listen on host:port, as the error to report: a host
 * that is no address of this machine is bad usage (2); a port in use or not allowed is a
 * ListenError (3). The code may come only in the message, from a worker thread.
 */
export function listenFailure(error: unknown, what: string, host: string, port: number): Error {
	const text = error instanceof Error ? error.message : String(error);
	const code =
		(error as NodeJS.ErrnoException).code ??
		/\b(EADDRINUSE|EACCES|ENOTFOUND|EAI_AGAIN|EADDRNOTAVAIL)\b/.exec(text)?.[1];
	const where = `${what} cannot listen on ${host}:${port}`;
	if (code === 'EADDRINUSE')
		return new ListenError(`${where}: the port is in use; choose another, or 0 for a free one`);
	if (code === 'EACCES') return new ListenError(`${where}: not allowed (ports below 1024 need privileges)`);
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EADDRNOTAVAIL')
		return new UsageError(`${where}: ${JSON.stringify(host)} is not an address of this machine`);
	return new ListenError(`${where}: ${text}`);
}

const stateHints: Record<string, string> = {
	StateReadOnlyError:
		'give it a directory it can write (--data-dir <path>), or run it with --ephemeral to keep nothing',
	StateNoSpaceError: 'free some space on that disk, or give it another directory (--data-dir <path>)',
	StateDamagedError:
		'mqtop serve --repair keeps what can be read (LevelDB moves the files it replaces or cannot read to ' +
		'state/lost); or move the directory away to start afresh',
	StateVersionError:
		'run the newer mqtop that wrote it, or give this one another directory (--data-dir <path>)',
};

/** What to do about a data directory that cannot be used; undefined when there is nothing to add. */
export function stateHint(error: StateError): string | undefined {
	return stateHints[error.name];
}

/**
 * The service answered, but did not do (all of) what was asked: no run of that id, only some of
 * the ids found. A command throws it, after printing what was done, and the runner reports it
 * once, as every failure (exit code 1).
 */
export class RefusedError extends Error {
	override name = 'RefusedError';
}

export interface FailureContext {
	/** Names the credential the command used and where it came from, for a 401. */
	credentials?: string;
}

export function describeFailure(error: unknown, context: FailureContext = {}): Failure {
	if (error instanceof UsageError || error instanceof ConfigError || isOptionParseError(error)) {
		return { code: exitCodes.usage, message: sanitize((error as Error).message) };
	}
	if (error instanceof ListenError)
		return {
			code: exitCodes.unreachable,
			message: sanitize(error.message),
			...(error.hint ? { hint: sanitize(error.hint) } : {}),
		};
	if (error instanceof RefusedError) return { code: exitCodes.refused, message: sanitize(error.message) };
	if (error instanceof ZodError) return { code: exitCodes.usage, message: sanitize(describeZodError(error)) };
	if (error instanceof NoLocalServerError)
		return { code: exitCodes.unreachable, message: sanitize(error.message), hint: error.hint };
	if (error instanceof ApiError) {
		const unreachable = error.kind === 'network' || error.kind === 'timeout';
		// Refused by the client itself: what was given cannot be sent.
		if (error.kind === 'invalid-request') return { code: exitCodes.usage, message: sanitize(error.message) };
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
			...(error.status !== undefined ? { status: error.status } : {}),
		};
	}
	const message = error instanceof Error ? error.message : String(error);
	return { code: exitCodes.refused, message: `unexpected error: ${sanitize(message)}` };
}

/** The failure as stderr shows it: `mqtop: ...` lines, or with `json` one JSON object. */
export function formatFailure(failure: Failure, json = false): string {
	if (json) {
		const { code, message, hint, status } = failure;
		return `${jsonLine({ error: message, exitCode: code, ...(status !== undefined ? { status } : {}), ...(hint ? { hint } : {}) })}\n`;
	}
	return `mqtop: ${failure.message}\n${failure.hint ? `  hint: ${failure.hint}\n` : ''}`;
}

/** Whether the arguments ask for JSON, for failures that come before the flags are parsed. */
export function wantsJson(argv: readonly string[]): boolean {
	const end = argv.indexOf('--');
	return (end < 0 ? argv : argv.slice(0, end)).includes('--json');
}
