/**
 * The endpoint of one page of a filtered listing (dead letters, delivery logs): the filter,
 * the page size and the cursor go to the listing, and another filter or page is another request.
 */
import { describe, expect, it } from 'vitest';
import type { MqClient } from '../../../source/api/client.js';
import { pageEndpoint, pageParams } from '../../../source/ui/kit/filtered-list/controller.js';

type Query = { filter: { state?: string }; count: number; cursor?: string };

describe('page endpoint', () => {
	it('asks the listing for one page of the filter, from the cursor on', async () => {
		const asked: Query[] = [];
		const endpoint = pageEndpoint<{ rows: string[] }, { state?: string }>({
			key: 'rowsPage',
			label: 'rows',
			count: 25,
			list: async (_client, query) => {
				asked.push(query);
				return { data: { rows: ['a'] }, unknown: [] } as never;
			},
		});
		expect(endpoint).toMatchObject({ key: 'rowsPage', label: 'rows', api: 'messaging' });
		const client = {} as MqClient;
		const signal = new AbortController().signal;
		await endpoint.fetch(client, { filter: { state: 'FAILED' }, cursor: undefined }, signal);
		await endpoint.fetch(client, { filter: {}, cursor: 'c2' }, signal);
		expect(asked).toEqual([
			{ filter: { state: 'FAILED' }, count: 25 },
			{ filter: {}, count: 25, cursor: 'c2' },
		]);
		const first = { filter: { state: 'FAILED' }, cursor: undefined };
		const next = { filter: { state: 'FAILED' }, cursor: 'c2' };
		expect(endpoint.params(first)).toBe(pageParams(first));
		expect(endpoint.params(next)).not.toBe(endpoint.params(first));
	});
});
