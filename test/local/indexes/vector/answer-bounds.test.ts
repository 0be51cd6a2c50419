/**
 * What one client's reads may take, over HTTP: an answer is bounded in size (a batch of queries
 * over records with a megabyte of data each once built a 300 MB answer, or failed with 500), and
 * resumable queries are bounded per token, so that the read-only token cannot use up the owner's
 * and what open queries remember stays bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxAnswerBytes } from '../../../../source/local/indexes/common/answer-budget.js';
import {
	maxActiveQueries,
	maxHandedOut,
	maxIdleSeconds,
} from '../../../../source/local/indexes/vector/resumable.js';
import { type LocalService, startLocalService } from '../../../../source/local/service.js';
import { localIndex } from '../../../../source/local/service-indexes.js';

let service: LocalService;

async function call(command: string, body: unknown, token = localIndex(service, 'dense').readOnlyToken) {
	const response = await fetch(`${localIndex(service, 'dense').url}/${command}`, {
		method: 'POST',
		headers: { authorization: `Bearer ${token}` },
		body: JSON.stringify(body),
	});
	const text = await response.text();
	return {
		status: response.status,
		text,
		json: () => JSON.parse(text) as { result?: unknown; error?: string },
	};
}

beforeAll(async () => {
	service = await startLocalService({ vectorDimension: 4 });
	const data = 'd'.repeat(1024 * 1024 - 10);
	const records = Array.from({ length: 10 }, (_, i) => ({ id: `big${i}`, vector: [1, i, 0, 0], data }));
	expect((await call('upsert', records, localIndex(service, 'dense').token)).status).toBe(200);
	const small = Array.from({ length: 1000 }, (_, i) => ({ id: `s${i}`, vector: [1, i, 1, 0] }));
	expect((await call('upsert/small', small, localIndex(service, 'dense').token)).status).toBe(200);
});
afterAll(() => service.close());

describe('answers', () => {
	it('are refused with a 400 naming the limit when they would exceed it', async () => {
		const query = { vector: [1, 1, 0, 0], topK: 10, includeData: true };
		const over = await call('query', [query, query, query, query]);
		expect(over.status).toBe(400);
		expect(over.json().error).toContain(`the answer would take more than ${maxAnswerBytes} bytes as JSON`);
		const fetched = await call('fetch', {
			ids: Array.from({ length: 40 }, (_, i) => `big${i % 10}`),
			includeData: true,
		});
		expect(fetched.status).toBe(400);
		// Within the limit, the same records are answered.
		const within = await call('query', [query, query, query]);
		expect(within.status).toBe(200);
		expect((within.json().result as { data: string }[][]).flat()).toHaveLength(30);
		expect(within.text.length).toBeLessThanOrEqual(maxAnswerBytes);
	});
});

describe('resumable queries', () => {
	it('refuse a maxIdle over the bound, saying it', async () => {
		const answer = await call('resumable-query', { vector: [1, 1, 0, 0], topK: 1, maxIdle: 604_800 });
		expect(answer.status).toBe(400);
		expect(answer.json().error).toContain(`maxIdle must be a number of seconds from 1 to ${maxIdleSeconds}`);
	});

	it('are counted per token: the read-only token cannot use up the owner’s', async () => {
		const uuids: string[] = [];
		for (let from = 0; from < maxActiveQueries; from += 20)
			for (const answer of await Promise.all(
				Array.from({ length: 20 }, () =>
					call('resumable-query', { vector: [1, 1, 0, 0], topK: 1, maxIdle: 3600 }),
				),
			)) {
				expect(answer.status).toBe(200);
				uuids.push((answer.json().result as { uuid: string }).uuid);
			}
		const refused = await call('resumable-query', { vector: [1, 1, 0, 0], topK: 1 });
		expect(refused.status).toBe(400);
		expect(refused.json().error).toContain('resumable queries of this token are open');
		const owner = await call(
			'resumable-query',
			{ vector: [1, 1, 0, 0], topK: 1 },
			localIndex(service, 'dense').token,
		);
		expect(owner.status).toBe(200);
		for (const uuid of uuids.splice(0, 10))
			expect((await call('resumable-query-end', { uuid })).status).toBe(200);
		expect((await call('resumable-query', { vector: [1, 1, 0, 0], topK: 1 })).status).toBe(200);
	}, 120_000);

	it('hand out a bounded number of records per token, so what they remember is bounded', async () => {
		const token = localIndex(service, 'dense').token;
		const started: string[] = [];
		const perQuery = 1000;
		for (let i = 0; i < maxHandedOut / perQuery - 1; i++) {
			const answer = await call('resumable-query/small', { vector: [1, 1, 1, 0], topK: perQuery }, token);
			expect(answer.status).toBe(200);
			started.push((answer.json().result as { uuid: string }).uuid);
		}
		const refused = await call('resumable-query/small', { vector: [1, 1, 1, 0], topK: perQuery }, token);
		expect(refused.status).toBe(400);
		expect(refused.json().error).toContain(`together they may hand out at most ${maxHandedOut}`);
		// Ending one gives its allowance back.
		expect((await call('resumable-query-end', { uuid: started[0] }, token)).status).toBe(200);
		expect(
			(await call('resumable-query/small', { vector: [1, 1, 1, 0], topK: perQuery }, token)).status,
		).toBe(200);
	}, 120_000);
});
