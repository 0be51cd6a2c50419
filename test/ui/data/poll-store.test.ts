import { describe, expect, it } from 'vitest';
import { defineEndpoint } from '../../../source/ui/data/endpoints.js';
import { entryOf, PollStore } from '../../../source/ui/data/poll-store.js';

const stats = defineEndpoint<{ days: string[]; counts: number[] }, { period: string }>({
	key: 'test.stats',
	api: 'management',
	label: 'stats',
	params: ({ period }) => period,
	fetch: async () => ({ data: { days: [], counts: [] }, issues: [] }),
});

describe('PollStore', () => {
	it('keeps the data it holds when an answer equals it, and still says when it was refreshed', () => {
		const polls = new PollStore();
		polls.succeeded(stats, '1h', { days: ['mon', 'tue'], counts: [1, 2] }, 1000);
		const first = entryOf(polls.getSnapshot(), stats);

		polls.succeeded(stats, '1h', { days: ['mon', 'tue'], counts: [1, 2] }, 3000);
		const same = entryOf(polls.getSnapshot(), stats);
		expect(same?.data).toBe(first?.data);
		expect(same?.issues).toBe(first?.issues);
		expect(same?.updatedAt).toBe(3000);

		polls.succeeded(stats, '1h', { days: ['mon', 'tue'], counts: [1, 3] }, 5000);
		expect(entryOf(polls.getSnapshot(), stats)?.data).toEqual({ days: ['mon', 'tue'], counts: [1, 3] });
		expect(entryOf(polls.getSnapshot(), stats)?.data).not.toBe(first?.data);
	});

	it('takes an equal answer for other parameters as new data', () => {
		const polls = new PollStore();
		polls.succeeded(stats, '1h', { days: [], counts: [] }, 1000);
		const first = entryOf(polls.getSnapshot(), stats)?.data;
		polls.succeeded(stats, '1d', { days: [], counts: [] }, 2000);
		const entry = entryOf(polls.getSnapshot(), stats);
		expect(entry?.dataParams).toBe('1d');
		expect(entry?.data).not.toBe(first);
	});
});
