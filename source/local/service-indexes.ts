/**
 * The indexes a local service describes to its clients (`mqtop serve --json`, server.json):
 * a list, one entry per index. No imports, so that the commands that only read a server's
 * description do not load the service.
 */

/** The local service's indexes: three vector indexes (dense, sparse, hybrid) and one search database. */
export const localIndexKinds = ['dense', 'sparse', 'hybrid', 'search'] as const;
export type LocalIndexKind = (typeof localIndexKinds)[number];

/** One index of the local service: its id and name, the REST endpoint of its data plane, and its tokens. */
export interface LocalIndexInfo {
	kind: LocalIndexKind;
	id: string;
	name: string;
	url: string;
	token: string;
	/** A token that may only read. */
	readOnlyToken: string;
}

/**
 * The index of that kind made at start in a description of the service (every local service has
 * one of each, listed before those made through the management API).
 */
export function localIndex<T extends { kind: string }>(
	info: { readonly indexes: readonly T[] },
	kind: LocalIndexKind,
): T {
	const index = info.indexes.find((candidate) => candidate.kind === kind);
	if (!index) throw new Error(`the local service's description lists no ${kind} index`);
	return index;
}
