/**
 * Ink's Output class, which Ink does not export, and the version of the Ink it comes from. It is
 * loaded from Ink's own file so that it is the very class Ink's renderer uses. The monitor's
 * bundle replaces this module with a static import of that file and the version read at build
 * time (scripts/bundle.mjs, plugin `ink-output`), as Ink is inside the bundle there.
 */
import { readFileSync } from 'node:fs';
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

/** The version of the Ink installed, from its package.json beside its entry's folder. */
export const inkVersion = (
	JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
		version: string;
	}
).version;
