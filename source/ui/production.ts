/**
 * Import first in an entry that starts the TUI, before anything imports React: React reads
 * NODE_ENV once, at import, and its development build does much more work for every frame.
 * An explicit NODE_ENV (e.g. development) is kept.
 */
process.env.NODE_ENV ??= 'production';

// Ink draws only the final frame when CI is set (is-in-ci reads it once, at import). That suits
// build logs; a person at a terminal who happens to have CI in the environment wants live frames.
if (process.stdout.isTTY) {
	process.env.CI = 'false';
	process.env.CONTINUOUS_INTEGRATION = 'false';
}
