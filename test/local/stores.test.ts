import { describe, expect, it } from 'vitest';
import type { Message } from '../../source/api/schemas.js';
import { DedupStore, dedupWindowMs } from '../../source/local/stores/dedup-store.js';
import { DlqStore } from '../../source/local/stores/dlq-store.js';
import { EventLog } from '../../source/local/stores/event-log.js';

const message = (id: string): Message => ({
	messageId: id,
	url: 'http://127.0.0.1:1/x',
	method: 'POST',
	maxRetries: 0,
	notBefore: 0,
	createdAt: 0,
});

describe('DlqStore', () => {
	it('keeps at most max_dlq_size records, dropping the oldest, and pages with a cursor', () => {
		const dlq = new DlqStore({ max_dlq_size: 3, max_dlq_retention_time_milis: 60_000 });
		const ids = ['a', 'b', 'c', 'd', 'e'].map((id, i) => dlq.add(message(id), 1000 + i));
		expect(ids[0]).toBe('1000-0');
		expect(dlq.size(2000)).toBe(3);
		expect(dlq.get(ids[0]!, 2000)).toBeUndefined();
		const first = dlq.list(2, undefined, 2000);
		expect(first.messages.map((m) => m.messageId)).toEqual(['c', 'd']);
		const rest = dlq.list(2, first.cursor, 2000);
		expect(rest.messages.map((m) => m.messageId)).toEqual(['e']);
		expect(rest.cursor).toBeUndefined();
	});

	it('forgets records older than the retention time', () => {
		const dlq = new DlqStore({ max_dlq_size: 10, max_dlq_retention_time_milis: 1000 });
		const old = dlq.add(message('old'), 0);
		const recent = dlq.add(message('recent'), 900);
		expect(dlq.get(old, 1500)).toBeUndefined();
		expect(dlq.get(recent, 1500)?.messageId).toBe('recent');
	});
});

describe('EventLog', () => {
	it('lists newest first within its capacity, filters, and pages with a cursor', () => {
		const log = new EventLog(5);
		for (let i = 0; i < 8; i++) {
			log.add({ time: i, messageId: `m${i % 2}`, state: i % 3 === 0 ? 'DELIVERED' : 'CREATED', url: 'u' });
		}
		const all = log.list({ count: 10, cursor: undefined, messageId: undefined, state: undefined });
		expect(all.events.map((e) => e.time)).toEqual([7, 6, 5, 4, 3]);
		const page = log.list({ count: 2, cursor: undefined, messageId: undefined, state: undefined });
		expect(page.events.map((e) => e.time)).toEqual([7, 6]);
		const next = log.list({ count: 2, cursor: Number(page.cursor), messageId: undefined, state: undefined });
		expect(next.events.map((e) => e.time)).toEqual([5, 4]);
		const filtered = log.list({ count: 10, cursor: undefined, messageId: 'm0', state: 'DELIVERED' });
		expect(filtered.events.map((e) => e.time)).toEqual([6]);
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
