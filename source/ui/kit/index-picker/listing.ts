/**
 * The account's indexes as a pane lists them: the service's listing, or the status with which
 * it said it has none (a deployment without the developer API's listing, or the local
 * service's search database, which is its only one), which is an answer, not a failure.
 */
import type { MqClient } from '../../../api/client.js';
import { ApiError } from '../../../api/errors.js';
import type { Reading } from '../../../api/liberal.js';
import { defineEndpoint, type Endpoint } from '../../data/endpoints.js';

export type IndexListing<T> = { listed: true; indexes: readonly T[] } | { listed: false; status: number };

const unlistedStatuses = [404, 405, 501];

/** The endpoint of a listing of indexes: polled while its pane is shown, slowly (indexes seldom change). */
export function indexListingEndpoint<T>(options: {
	key: string;
	label: string;
	list(client: MqClient, signal: AbortSignal): Promise<Reading<T[]>>;
}): Endpoint<IndexListing<T>> {
	return defineEndpoint<IndexListing<T>>({
		key: options.key,
		api: 'management',
		label: options.label,
		params: () => '',
		everyMs: 10_000,
		async fetch(client, _params, signal) {
			try {
				const { data, issues } = await options.list(client, signal);
				return { data: { listed: true, indexes: data }, issues };
			} catch (error) {
				if (
					error instanceof ApiError &&
					error.kind === 'http' &&
					unlistedStatuses.includes(error.status ?? 0)
				)
					return { data: { listed: false, status: error.status ?? 404 }, issues: [] };
				throw error;
			}
		},
	});
}

/** Where the shown index is among the listed ones: `2 of 3`; undefined when not listed there. */
export function placeOf<T>(
	listing: IndexListing<T> | undefined,
	idOf: (index: T) => string,
	id: string,
): { at: number; count: number } | undefined {
	if (!listing?.listed) return undefined;
	const at = listing.indexes.findIndex((index) => idOf(index) === id);
	return at < 0 ? undefined : { at: at + 1, count: listing.indexes.length };
}
