/**
 * Selection in a newest-first list that grows at the top (Messages, Callbacks). The selection
 * is a row's key, so new rows arriving above do not move it; no key follows the newest row.
 */

/** Index of the selected row: the newest (0) when following or when the row is gone. */
export function selectedIndex(keys: readonly string[], selected: string | undefined): number {
	if (selected === undefined) return 0;
	const at = keys.indexOf(selected);
	return at < 0 ? 0 : at;
}

/** The key to select after moving `delta` rows; undefined (follow) when that is the newest row. */
export function moveSelection(
	keys: readonly string[],
	selected: string | undefined,
	delta: number,
): string | undefined {
	if (keys.length === 0) return undefined;
	const next = Math.min(keys.length - 1, Math.max(0, selectedIndex(keys, selected) + delta));
	return next === 0 ? undefined : keys[next];
}
