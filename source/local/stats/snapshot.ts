/**
 * Statistics as plain data, so that they outlive a restart: every recorder can give its
 * state and take it back. A composite names its parts; restoring takes what it knows and
 * ignores the rest, so statistics kept by an older or newer version never stop a start.
 */
export interface Snapshotting {
	snapshot(): unknown;
	restore(data: unknown): void;
}

/** Statistics made of named recorders: their snapshot is theirs, by name. */
export abstract class SnapshotParts implements Snapshotting {
	protected abstract parts(): Record<string, Snapshotting>;

	snapshot(): Record<string, unknown> {
		return Object.fromEntries(Object.entries(this.parts()).map(([name, part]) => [name, part.snapshot()]));
	}

	restore(data: unknown): void {
		if (typeof data !== 'object' || data === null) return;
		for (const [name, part] of Object.entries(this.parts())) {
			const value = (data as Record<string, unknown>)[name];
			if (value !== undefined) part.restore(value);
		}
	}
}

/** `[key, value]` pairs from kept data, or none when it has another shape. */
export function pairsOf(data: unknown): [number, unknown][] {
	if (!Array.isArray(data)) return [];
	return data.filter(
		(pair): pair is [number, unknown] => Array.isArray(pair) && pair.length === 2 && Number.isFinite(pair[0]),
	);
}
