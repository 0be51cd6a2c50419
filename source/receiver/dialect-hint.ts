/**
 * A rejection that is a dialect mismatch said as such: a request signed in the other dialect
 * carries its signature under the other header prefix (`Svc-Signature` against
 * `Upstash-Signature`), or names the other issuer (docs/protocol/signatures.md). The receiver
 * then says which dialect signed it and how to listen in that one, rather than only "missing
 * signature header". Pure.
 */
import { type Dialect, dialectPresetNames, dialectPresets, presetOf } from '../api/dialect.js';
import type { Verification } from './event.js';
import { headerFromRaw } from './raw-headers.js';

/** The other preset that signed this request, by its signature header or its issuer. */
function signedIn(verification: Verification, rawHeaders: readonly string[], dialect: Dialect) {
	if (verification.ok) return undefined;
	return dialectPresetNames.find((name) => {
		const preset = dialectPresets[name];
		if (verification.failure === 'missing')
			return (
				preset.headerPrefix.toLowerCase() !== dialect.headerPrefix.toLowerCase() &&
				Boolean(headerFromRaw(rawHeaders, `${preset.headerPrefix}signature`.toLowerCase())?.trim())
			);
		return (
			verification.failure === 'issuer' &&
			preset.issuer !== dialect.issuer &&
			verification.claims?.iss === preset.issuer
		);
	});
}

/** The verification, its reason naming the other dialect when that is why it failed. */
export function withDialectHint(
	verification: Verification,
	rawHeaders: readonly string[],
	dialect: Dialect,
): Verification {
	const other = signedIn(verification, rawHeaders, dialect);
	if (other === undefined || verification.ok) return verification;
	const expected = presetOf(dialect) ?? `custom (${dialect.headerPrefix}Signature, issuer ${dialect.issuer})`;
	return {
		...verification,
		reason:
			`signed in the ${other} dialect; this receiver expects ${expected}: ` +
			`run \`mqtop listen --dialect ${other}\`, or start the server with the receiver's dialect`,
	};
}
