/** Types of bundle-files.mjs, for the tests. */
export function writtenFor(entry: string): (file: string) => boolean;
