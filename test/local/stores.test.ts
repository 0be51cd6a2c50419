import { describe, expect, it } from 'vitest';
import { defaultDialect } from '../../source/api/dialect.js';
import { defaultPlanLimits } from '../../source/local/account/limits.js';
import { createMessage } from '../../source/local/messages/factory.js';
import type { StoredMessage } from '../../source/local/messages/message.js';
import { DedupStore, dedupWindowMs } from '../../source/local/stores/dedup-store.js';
import { DlqStore, dlqResource } from '../../source/local/stores/dlq-store.js';
import { LogStore } from '../../source/local/stores/log-store.js';

const message = (url: string): StoredMessage =>
	createMessage(
		{ kind: 'publish', url, options: {}, body: Buffer.from('x'), callerIp: '127.0.0.1', now: 0 },
		defaultPlanLimits,
		defaultDialect,
	);
const everything = () => true;

describe('DlqStore', () => {
	it('keeps at most max_dlq_size records, dropping the oldest, and pages with a cursor', () => {
		const dlq = new DlqStore({ max_dlq_size: 3, max_dlq_retention_time_milis: 60_000 });
		const ids = ['a', 'b', 'c', 'd', 'e'].map((id, i) =>
			dlq.add(message(`http://h/${id}`), undefined, 1000 + i),
		);
		expect(ids[0]).toBe('1000-0');
		expect(dlq.size(2000)).toBe(3);
		expect(dlq.get(ids[0]!, 2000)).toBeUndefined();
		const first = dlq.list({ count: 2, cursor: undefined, matches: everything }, 2000);
		expect(first.letters.map((l) => l.message.url)).toEqual(['http://h/c', 'http://h/d']);
		const rest = dlq.list({ count: 2, cursor: first.cursor, matches: everything }, 2000);
		expect(rest.letters.map((l) => l.message.url)).toEqual(['http://h/e']);
		expect(rest.cursor).toBeUndefined();
		const odd = dlq.list({ count: 5, cursor: undefined, matches: (l) => l.message.url.endsWith('d') }, 2000);
		expect(odd.letters.map((l) => l.dlqId)).toEqual([ids[3]]);
	});

	it('forgets records older than the retention time', () => {
		const dlq = new DlqStore({ max_dlq_size: 10, max_dlq_retention_time_milis: 1000 });
		const old = dlq.add(message('http://h/old'), undefined, 0);
		const recent = dlq.add(
			message('http://h/recent'),
			{ status: 500, headers: {}, body: Buffer.from('no') },
			900,
		);
		expect(dlq.get(old, 1500)).toBeUndefined();
		expect(dlqResource(dlq.get(recent, 1500)!)).toMatchObject({
			dlqId: recent,
			url: 'http://h/recent',
			responseStatus: 500,
			responseBody: 'no',
		});
	});
});

describe('LogStore', () => {
	it('lists newest first within its capacity, filters, and pages with a cursor', () => {
		const log = new LogStore(5);
		const messages = [message('http://h/0'), message('http://h/1')];
		for (let i = 0; i < 8; i++) {
			log.add({ time: i, message: messages[i % 2]!, state: i % 3 === 0 ? 'DELIVERED' : 'CREATED' });
		}
		const all = log.list({ count: 10, cursor: undefined, matches: everything });
		expect(all.records.map((e) => e.time)).toEqual([7, 6, 5, 4, 3]);
		const page = log.list({ count: 2, cursor: undefined, matches: everything });
		expect(page.records.map((e) => e.time)).toEqual([7, 6]);
		const next = log.list({ count: 2, cursor: Number(page.cursor), matches: everything });
		expect(next.records.map((e) => e.time)).toEqual([5, 4]);
		const filtered = log.list({
			count: 10,
			cursor: undefined,
			matches: (r) => r.message === messages[0] && r.state === 'DELIVERED',
		});
		expect(filtered.records.map((e) => e.time)).toEqual([6]);
	});
});

describe('DedupStore', () => {
	it('remembers a key for the ten-minute window only', () => {
		const dedup = new DedupStore<string>();
		dedup.set('k', 'first', 0);
		expect(dedup.get('k', dedupWindowMs - 1)).toBe('first');
		expect(dedup.get('k', dedupWindowMs)).toBeUndefined();
	});
});
