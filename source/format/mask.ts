/** Secrets stay hidden unless the person asked to see them. */
import { sanitize } from '../text/sanitize.js';

/** A fixed-width mask, so the length of the secret is not shown either. */
export const maskText = '••••••••';

export function maskSecret(secret: string, revealed: boolean): string {
	if (secret === '') return '(none)';
	return revealed ? sanitize(secret) : maskText;
}
