/**
 * Which files of a directory are chunks that bundle.mjs wrote for an entry: `<entry>.bundle*`,
 * and those the bundler named `<entry><n>.bundle-*` when two chunks took the same name. A build
 * removes them all first, so a chunk whose name is gone from the new build is not left behind.
 */

/** @param {string} entry the entry's file name without `.js` (`monitor`) */
export function writtenFor(entry) {
	const escaped = entry.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const chunk = new RegExp(`^${escaped}\\d*\\.bundle[-.]`);
	/** @param {string} file */
	return (file) => chunk.test(file);
}
