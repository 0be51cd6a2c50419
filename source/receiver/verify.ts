/**
 * How the receiver checks a request's signature: against its main key pair (named too when it is
 * a region's), then each named pair in turn (the deployed service signs per region during a
 * migration, as `mqtop serve --regions` does: docs/protocol/regions.md), with the subject
 * check against the public URL when one is given. Pure.
 */
import { type VerifyResult, verifySignature } from '../signing/jwt.js';
import type { Verification } from './event.js';
import { expectedSubject, type ResolvedReceiverOptions } from './options.js';

type VerifyInputs = Pick<
	ResolvedReceiverOptions,
	| 'currentSigningKey'
	| 'nextSigningKey'
	| 'keyPairs'
	| 'keyPairName'
	| 'publicUrl'
	| 'dialect'
	| 'clockToleranceSeconds'
>;

export function verifyReceived(
	options: VerifyInputs,
	token: string | undefined,
	path: string,
	body: Uint8Array,
): Verification {
	const first = verifyWith(options, options.currentSigningKey, options.nextSigningKey, token, path, body);
	// Only a signature no key of the main pair made is worth trying the other pairs on.
	if (first.ok || first.failure !== 'signature' || options.keyPairs.length === 0)
		return options.keyPairName === undefined ? first : { ...first, keyPair: options.keyPairName };
	for (const pair of options.keyPairs) {
		const result = verifyWith(options, pair.currentSigningKey, pair.nextSigningKey, token, path, body);
		if (result.ok || result.failure !== 'signature') return { ...result, keyPair: pair.name };
	}
	return {
		...first,
		reason: `invalid signature: matches no key of the ${options.keyPairs.length + 1} key pairs`,
	};
}

function verifyWith(
	options: VerifyInputs,
	currentKey: string,
	nextKey: string | undefined,
	token: string | undefined,
	path: string,
	body: Uint8Array,
): VerifyResult {
	const common = {
		token,
		body,
		currentKey,
		nextKey,
		issuer: options.dialect.issuer,
		clockToleranceSeconds: options.clockToleranceSeconds,
	};
	if (options.publicUrl === undefined) return verifySignature(common);
	const url = expectedSubject(options.publicUrl, path);
	const result = verifySignature({ ...common, url });
	// A request to the bare origin arrives as path `/`; its URL may have been given without it.
	if (
		!result.ok &&
		result.failure === 'subject' &&
		url.endsWith('/') &&
		result.claims?.sub === url.slice(0, -1)
	)
		return verifySignature({ ...common, url: url.slice(0, -1) });
	return result;
}
