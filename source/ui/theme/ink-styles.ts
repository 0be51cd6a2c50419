/**
 * Ink draws styles with chalk, which decides its colour level once, at import, from the process's
 * own stdout and environment: any CI variable (the monitor sets CI=false for Ink's live frames)
 * drops it to no styles at all. The monitor decides for the terminal it draws on instead.
 */
import chalk from 'chalk';
import type { StyleMode } from './theme.js';

/** Sets the level Ink's styles are drawn at for this mode; returns how to put the old one back. */
export function applyStyleMode(mode: StyleMode): () => void {
	const before = chalk.level;
	// Named colours, bold, dim and inverse all exist at level 1; a richer level detected is kept.
	chalk.level = mode === 'none' ? 0 : before > 0 ? before : 1;
	return () => {
		chalk.level = before;
	};
}
