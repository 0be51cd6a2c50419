/**
 * Import first in an entry that starts the TUI, before anything imports React: React reads
 * NODE_ENV once, at import, and its development build makes every frame several times slower.
 * An explicit NODE_ENV (e.g. development) is kept.
 */
process.env.NODE_ENV ??= 'production';
