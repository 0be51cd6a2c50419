/** A secret as a person may see it by default: a short prefix, enough to tell keys apart. */
export function maskSecret(secret: string, shown = 6): string {
	// Never show more than half of a short secret.
	const visible = Math.min(shown, Math.floor(secret.length / 2));
	return `${secret.slice(0, visible)}…`;
}
