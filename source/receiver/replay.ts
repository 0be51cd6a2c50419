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

/** What the person changed before a replay: a new body, and headers set (a value) or removed (null). */
export interface ReplayEdits {
	body?: Buffer;
	headers?: Readonly<Record<string, string | null>>;
}

/** `rawHeaders` with `edits` applied: a header set replaces every value of that name, in place. */
export function editHeaders(
	rawHeaders: readonly string[],
	edits: Readonly<Record<string, string | null>>,
): string[] {
	const byName = new Map(Object.entries(edits).map(([name, value]) => [name.toLowerCase(), { name, value }]));
	const out: string[] = [];
	const done = new Set<string>();
	for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
		const lower = rawHeaders[i]!.toLowerCase();
		const edit = byName.get(lower);
		if (!edit) out.push(rawHeaders[i]!, rawHeaders[i + 1]!);
		else if (edit.value !== null && !done.has(lower)) out.push(rawHeaders[i]!, edit.value);
		if (edit) done.add(lower);
	}
	for (const [lower, { name, value }] of byName)
		if (!done.has(lower) && value !== null) out.push(name, value);
	return out;
}

/** A captured request as it goes out again: edited, then signed afresh when a key is at hand. */
export function replayRequest(captured: ReplayRequest, edits: ReplayEdits, options: ResignOptions): Resigned {
	const edited: ReplayRequest = {
		method: captured.method,
		path: captured.path,
		rawHeaders: edits.headers ? editHeaders(captured.rawHeaders, edits.headers) : captured.rawHeaders,
		body: edits.body ?? captured.body,
	};
	return resignRequest(edited, options);
}
