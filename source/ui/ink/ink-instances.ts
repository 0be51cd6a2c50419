/**
 * Ink's map from a stdout to the Ink instance that draws on it, which Ink does not export. It is
 * loaded from Ink's own file so that it is the very map Ink's render() fills. The TUI bundle
 * replaces this module with a static import of that file (scripts/bundle.mjs), as Ink is inside
 * the bundle there.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const entry = createRequire(import.meta.url).resolve('ink');
const loaded = (await import(pathToFileURL(path.join(path.dirname(entry), 'instances.js')).href)) as {
	default: WeakMap<object, unknown>;
};

export default loaded.default;
