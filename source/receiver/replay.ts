/**
 * A captured request made ready to be sent again: its signature, long expired by then, is
 * replaced by a fresh one over the body as it is now (edited or not), with the same issuer and
 * subject (the URL the service called), signed with the current key when mqtop has it.
 * Without a key the request goes as it was captured, and says so.
 */
import { fromBase64Url } from '../signing/base64url.js';
import { signRequest } from '../signing/jwt.js';

export interface ReplayRequest {
	method: string;
	path: string;
	rawHeaders: readonly string[];
	body: Buffer;
}

export interface ResignOptions {
	/** The signature header's name, e.g. `Svc-Signature`. */
	signatureHeader: string;
	/** The current signing key; undefined when mqtop does not have it. */
	key: string | undefined;
	/** The issuer to sign as when the captured token names none. */
	issuer: string;
	/** Unix seconds; defaults to now. */
	now?: number;
}

export interface Resigned extends ReplayRequest {
	/** False when the request goes with its captured signature (no key, or it had none). */
	resigned: boolean;
}

/** The claims of a token, read without checking it: only to sign the same ones again. */
function claimsOf(token: string): Record<string, unknown> | undefined {
	const payload = token.split('.')[1];
	const bytes = payload === undefined ? undefined : fromBase64Url(payload);
	if (!bytes) return undefined;
	try {
		const value: unknown = JSON.parse(bytes.toString('utf8'));
		return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
	} catch {
		return undefined;
	}
}

export function resignRequest(request: ReplayRequest, options: ResignOptions): Resigned {
	const name = options.signatureHeader.toLowerCase();
	let at = -1;
	for (let i = 0; i + 1 < request.rawHeaders.length; i += 2)
		if (request.rawHeaders[i]!.toLowerCase() === name) at = i;
	if (options.key === undefined || at < 0) return { ...request, resigned: false };
	const claims = claimsOf(request.rawHeaders[at + 1]!);
	const subject = typeof claims?.sub === 'string' ? claims.sub : undefined;
	if (subject === undefined) return { ...request, resigned: false };
	const token = signRequest({
		key: options.key,
		issuer: typeof claims?.iss === 'string' ? claims.iss : options.issuer,
		url: subject,
		body: request.body,
		...(options.now !== undefined ? { now: options.now } : {}),
	});
	const rawHeaders = [...request.rawHeaders];
	rawHeaders[at + 1] = token;
	return { ...request, rawHeaders, resigned: true };
}
