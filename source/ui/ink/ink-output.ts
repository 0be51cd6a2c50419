/**
 * Ink's Output class, which Ink does not export. It is loaded from Ink's own file so that it is the
 * very class Ink's renderer uses. The TUI bundle replaces this module with a static import of
 * that file (scripts/bundle-tui.mjs), as Ink is inside the bundle there.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What mqtop needs of the class: its prototype's `get`, the method that composes a frame. */
export interface InkOutputClass {
	prototype: { get(): { output: string; height: number } };
}

const entry = createRequire(import.meta.url).resolve('ink');
const loaded = (await import(pathToFileURL(path.join(path.dirname(entry), 'output.js')).href)) as {
	default: InkOutputClass;
};

export default loaded.default;
