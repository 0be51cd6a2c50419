/**
 * The Developer API's edits of indexes and the QStash user on the local service, over real HTTP:
 * make, list, read, rename, give new tokens to and delete vector indexes and search databases;
 * the statistics of a search database; the user and its token rotation. An index made this way
 * is served like one made at start and survives a restart with its records.
 */
import { Index } from '@upstash/vector';
import { describe, expect, it } from 'vitest';
import { dialectPresets } from '../../../source/api/dialect.js';
import type { LocalService } from '../../../source/local/service.js';
import { basic, keptServices, raw } from '../helpers.js';

const kept = keptServices('mqtop-devapi-');

async function call(service: LocalService, method: string, path: string, body?: unknown) {
	const answer = await raw(`${service.managementUrl}${path}`, {
		method,
		headers: { ...basic(service), 'content-type': 'application/json' },
		...(body === undefined ? {} : { body: JSON.stringify(body) }),
	});
	return { status: answer.status, json: answer.text ? answer.json() : undefined, text: answer.text };
}

interface Resource {
	id: string;
	name: string;
	endpoint: string;
	token: string;
	read_only_token: string;
	index_type?: string;
	dimension_count?: number;
	similarity_function?: string;
	embedding_model?: string;
	sparse_embedding_model?: string;
	region?: string;
}

async function upsertWith(endpoint: string, token: string, body: unknown, path = 'upsert') {
	return raw(`${endpoint}/${path}`, {
		method: 'POST',
		headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
}

describe('vector indexes through the management API', () => {
	it('makes a 2-dimensional hybrid index that the official SDK uses', async () => {
		const service = await kept.start(undefined);
		const made = await call(service, 'POST', '/v2/vector/index', {
			name: 'sdk-hybrid',
			region: 'us-east-1',
			similarity_function: 'COSINE',
			dimension_count: 2,
			index_type: 'HYBRID',
			sparse_embedding_model: 'BM25',
		});
		expect(made.status).toBe(200);
		const index = made.json as Resource;
		expect(index).toMatchObject({
			name: 'sdk-hybrid',
			index_type: 'HYBRID',
			dimension_count: 2,
			similarity_function: 'COSINE',
			sparse_embedding_model: 'BM25',
			region: 'us-east-1',
		});
		const sdk = new Index({ url: index.endpoint, token: index.token, enableTelemetry: false });
		await sdk.upsert([
			{ id: 'a', vector: [1, 0], sparseVector: { indices: [1], values: [1] } },
			{ id: 'b', vector: [0, 1], sparseVector: { indices: [2], values: [1] } },
		]);
		const info = await sdk.info();
		expect(info.dimension).toBe(2);
		expect(info.denseIndex?.dimension).toBe(2);
		expect(info.sparseIndex).toBeDefined();
		const result = await sdk.query({
			vector: [1, 0.1],
			sparseVector: { indices: [1], values: [1] },
			topK: 1,
		});
		expect(result[0]?.id).toBe('a');
		// Listed and read like the three made at start.
		const list = (await call(service, 'GET', '/v2/vector/index')).json as Resource[];
		expect(list.map((r) => r.id)).toContain(index.id);
		expect(list).toHaveLength(4);
		expect(((await call(service, 'GET', `/v2/vector/index/${index.id}`)).json as Resource).name).toBe(
			'sdk-hybrid',
		);
	});

	it('refuses what does not fit, and names the field', async () => {
		const service = await kept.start(undefined);
		const bad = [
			[{ region: 'us-east-1', similarity_function: 'COSINE', dimension_count: 2 }, 'name'],
			[{ name: 'x', region: 'mars', similarity_function: 'COSINE', dimension_count: 2 }, 'region'],
			[
				{ name: 'x', region: 'us-east-1', similarity_function: 'COSINE', dimension_count: 0 },
				'dimension_count',
			],
			[{ name: 'x', region: 'us-east-1', similarity_function: 'COSINE' }, 'dimension_count'],
			[
				{
					name: 'x',
					region: 'us-east-1',
					similarity_function: 'COSINE',
					dimension_count: 2,
					embedding_model: 'BGE_SMALL_EN_V1_5',
				},
				'384',
			],
			[
				{
					name: 'x',
					region: 'us-east-1',
					similarity_function: 'COSINE',
					dimension_count: 2,
					sparse_embedding_model: 'BM25',
				},
				'sparse_embedding_model',
			],
			[
				{ name: 'local-vector', region: 'us-east-1', similarity_function: 'COSINE', dimension_count: 2 },
				'exists',
			],
		] as const;
		for (const [body, word] of bad) {
			const answer = await call(service, 'POST', '/v2/vector/index', body);
			expect(answer.status, JSON.stringify(body)).toBe(400);
			expect((answer.json as { error: string }).error).toContain(word);
		}
		expect((await call(service, 'GET', '/v2/vector/index')).json).toHaveLength(3);
	});

	it('renames, gives new tokens, deletes; the indexes made at start stay', async () => {
		const service = await kept.start(undefined);
		const index = (
			await call(service, 'POST', '/v2/vector/index', {
				name: 'temp',
				region: 'eu-west-1',
				similarity_function: 'DOT_PRODUCT',
				dimension_count: 3,
			})
		).json as Resource;
		expect(await upsertWith(index.endpoint, index.token, { id: 'v', vector: [1, 2, 3] })).toMatchObject({
			status: 200,
		});

		expect(
			await call(service, 'POST', `/v2/vector/index/${index.id}/rename`, { name: 'renamed' }),
		).toMatchObject({
			status: 200,
			json: 'OK',
		});
		expect(((await call(service, 'GET', `/v2/vector/index/${index.id}`)).json as Resource).name).toBe(
			'renamed',
		);

		expect(await call(service, 'POST', `/v2/vector/index/${index.id}/reset-password`)).toMatchObject({
			status: 200,
			json: 'OK',
		});
		const after = (await call(service, 'GET', `/v2/vector/index/${index.id}`)).json as Resource;
		expect(after.token).not.toBe(index.token);
		expect(after.read_only_token).not.toBe(index.read_only_token);
		expect((await upsertWith(index.endpoint, index.token, { id: 'w', vector: [1, 2, 3] })).status).toBe(401);
		expect((await upsertWith(index.endpoint, after.token, { id: 'w', vector: [1, 2, 3] })).status).toBe(200);

		// One made at start: renamed and given new tokens too, but not deleted.
		const dense = service.indexes.find((i) => i.kind === 'dense')!;
		expect((await call(service, 'POST', `/v2/vector/index/${dense.id}/reset-password`)).status).toBe(200);
		expect((await upsertWith(dense.url, dense.token, { id: 'x', vector: [] })).status).toBe(401);
		expect((await call(service, 'DELETE', `/v2/vector/index/${dense.id}`)).status).toBe(403);

		expect(await call(service, 'DELETE', `/v2/vector/index/${index.id}`)).toMatchObject({
			status: 200,
			json: 'OK',
		});
		expect((await call(service, 'GET', `/v2/vector/index/${index.id}`)).status).toBe(404);
		expect((await upsertWith(index.endpoint, after.token, { id: 'w', vector: [1, 2, 3] })).status).toBe(404);
		expect((await call(service, 'DELETE', `/v2/vector/index/${index.id}`)).status).toBe(404);
		expect((await call(service, 'POST', `/v2/vector/index/${index.id}/rename`, { name: 'x' })).status).toBe(
			404,
		);
	});

	it('makes no more than the cap, with a clear refusal', async () => {
		const service = await kept.start(undefined, { caps: { createdIndexes: 2 } });
		const make = (name: string) =>
			call(service, 'POST', '/v2/vector/index', {
				name,
				region: 'us-east-1',
				similarity_function: 'COSINE',
				dimension_count: 2,
			});
		expect((await make('one')).status).toBe(200);
		expect(
			(await call(service, 'POST', '/v2/search', { name: 's', region: 'eu-west-1', type: 'payg' })).status,
		).toBe(200);
		const refused = await make('three');
		expect(refused.status).toBe(412);
		expect((refused.json as { error: string }).error).toContain('delete one first');
	});
});

describe('search databases through the management API', () => {
	it('lists, makes, reads, counts, renames, gives new tokens and deletes', async () => {
		const service = await kept.start(undefined);
		const start = (await call(service, 'GET', '/v2/search')).json as Resource[];
		expect(start).toHaveLength(1);
		const made = await call(service, 'POST', '/v2/search', {
			name: 'docs',
			region: 'eu-west-1',
			type: 'payg',
		});
		expect(made.status).toBe(200);
		const db = made.json as Resource;
		expect(db).toMatchObject({ name: 'docs', region: 'eu-west-1' });
		expect(((await call(service, 'GET', '/v2/search')).json as Resource[]).map((r) => r.id)).toEqual([
			start[0]!.id,
			db.id,
		]);

		const upsert = await upsertWith(
			db.endpoint,
			db.token,
			[{ id: 'd1', content: { title: 'hello world' } }],
			'upsert-data/main',
		);
		expect(upsert.status).toBe(200);
		const stats = await call(service, 'GET', `/v2/search/${db.id}/stats?period=3h`);
		expect(stats.status).toBe(200);
		expect(stats.json).toMatchObject({ daily_update_count: 1, current_vector_count: 1 });
		expect((stats.json as { query_throughput: unknown[] }).query_throughput).toHaveLength(60);
		expect((await call(service, 'GET', `/v2/search/${db.id}/stats?period=2h`)).status).toBe(400);

		expect(await call(service, 'POST', `/v2/search/${db.id}/rename`, { name: 'docs-2' })).toMatchObject({
			status: 200,
			json: 'OK',
		});
		expect(((await call(service, 'GET', `/v2/search/${db.id}`)).json as Resource).name).toBe('docs-2');
		expect(await call(service, 'POST', `/v2/search/${db.id}/reset-password`)).toMatchObject({ status: 200 });
		expect(
			(await upsertWith(db.endpoint, db.token, [{ id: 'd2', content: { a: 'b' } }], 'upsert-data/main'))
				.status,
		).toBe(401);
		expect((await call(service, 'DELETE', `/v2/search/${start[0]!.id}`)).status).toBe(403);
		expect(await call(service, 'DELETE', `/v2/search/${db.id}`)).toMatchObject({ status: 200, json: 'OK' });
		expect((await call(service, 'GET', `/v2/search/${db.id}`)).status).toBe(404);
		expect((await call(service, 'GET', `/v2/search/${db.id}/stats`)).status).toBe(404);
	});

	it('refuses a make without its required fields', async () => {
		const service = await kept.start(undefined);
		for (const body of [
			{ region: 'eu-west-1', type: 'payg' },
			{ name: 'x', type: 'payg' },
			{ name: 'x', region: 'eu-west-1' },
		]) {
			const answer = await call(service, 'POST', '/v2/search', body);
			expect(answer.status).toBe(400);
		}
		expect((await call(service, 'GET', '/v2/search')).json).toHaveLength(1);
	});
});

describe('what is made through the management API is kept', () => {
	it('survives a restart with its records, names and tokens; a deleted one does not come back', async () => {
		const dir = kept.dir('restart');
		let service = await kept.start(dir);
		const vector = (
			await call(service, 'POST', '/v2/vector/index', {
				name: 'kept',
				region: 'us-east-1',
				similarity_function: 'EUCLIDEAN',
				dimension_count: 2,
			})
		).json as Resource;
		const gone = (
			await call(service, 'POST', '/v2/vector/index', {
				name: 'gone',
				region: 'us-east-1',
				similarity_function: 'COSINE',
				dimension_count: 2,
			})
		).json as Resource;
		const search = (
			await call(service, 'POST', '/v2/search', { name: 'kept-docs', region: 'us-central1', type: 'payg' })
		).json as Resource;
		expect((await upsertWith(vector.endpoint, vector.token, { id: 'p', vector: [3, 4] })).status).toBe(200);
		expect((await upsertWith(gone.endpoint, gone.token, { id: 'q', vector: [3, 4] })).status).toBe(200);
		expect(
			(
				await upsertWith(
					search.endpoint,
					search.token,
					[{ id: 'd', content: { t: 'kept text' } }],
					'upsert-data/i',
				)
			).status,
		).toBe(200);
		const dense = service.indexes.find((i) => i.kind === 'dense')!;
		await call(service, 'POST', `/v2/vector/index/${dense.id}/rename`, { name: 'my-dense' });
		await call(service, 'POST', `/v2/vector/index/${dense.id}/reset-password`);
		const denseAfter = (await call(service, 'GET', `/v2/vector/index/${dense.id}`)).json as Resource;
		expect((await call(service, 'DELETE', `/v2/vector/index/${gone.id}`)).status).toBe(200);
		await service.close();

		service = await kept.start(dir);
		// The description lists them too, after the four made at start.
		const described = service.indexes.map((i) => `${i.kind} ${i.name}`);
		expect(described.slice(0, 4)).toEqual([
			'dense my-dense',
			'sparse local-sparse',
			'hybrid local-hybrid',
			'search local-search',
		]);
		expect(described.slice(4).sort()).toEqual(['dense kept', 'search kept-docs']);
		const vectors = (await call(service, 'GET', '/v2/vector/index')).json as Resource[];
		expect(vectors.map((r) => r.name).sort()).toEqual(['kept', 'local-hybrid', 'local-sparse', 'my-dense']);
		const back = vectors.find((r) => r.id === vector.id)!;
		expect(back).toMatchObject({ token: vector.token, similarity_function: 'EUCLIDEAN', dimension_count: 2 });
		expect(vectors.find((r) => r.id === dense.id)!.token).toBe(denseAfter.token);
		// A new port: the endpoints are read again.
		const fetched = await upsertWith(
			back.endpoint,
			vector.token,
			{ ids: ['p'], includeVectors: true },
			'fetch',
		);
		expect(fetched.json()).toMatchObject({ result: [{ id: 'p', vector: [3, 4] }] });
		const searches = (await call(service, 'GET', '/v2/search')).json as Resource[];
		const docs = searches.find((r) => r.id === search.id)!;
		expect(docs.name).toBe('kept-docs');
		const info = await upsertWith(docs.endpoint, search.token, {}, 'info');
		expect(info.json()).toMatchObject({ result: { vectorCount: 1 } });
		expect(
			(await upsertWith(back.endpoint.replace(vector.id, gone.id), gone.token, { id: 'q', vector: [3, 4] }))
				.status,
		).toBe(404);
	});
});

describe('the QStash user of the Developer API', () => {
	it('reads the user and rotates its token: the old one is refused, the new one works', async () => {
		const service = await kept.start(kept.dir('user'));
		const user = await call(
			service,
			'GET',
			`/v2/${service.dialect.productSegment}/user/${service.accountId}`,
		);
		expect(user.status).toBe(200);
		expect(user.json).toMatchObject({
			id: service.accountId,
			token: service.token,
			customer_id: service.email,
		});
		expect((await call(service, 'GET', `/${service.dialect.productSegment}/user`)).json).toMatchObject({
			id: service.accountId,
		});
		expect((await call(service, 'GET', `/v2/${service.dialect.productSegment}/user/nobody`)).status).toBe(
			404,
		);

		const rotated = await call(
			service,
			'POST',
			`/v2/${service.dialect.productSegment}/rotate-token/${service.accountId}`,
		);
		expect(rotated.status).toBe(200);
		const token = (rotated.json as { token: string }).token;
		expect(token).not.toBe(service.token);
		const queues = (t: string) =>
			raw(`${service.queueUrl}/v2/queues`, { headers: { authorization: `Bearer ${t}` } }).then(
				(r) => r.status,
			);
		expect(await queues(service.token)).toBe(401);
		expect(await queues(token)).toBe(200);
		const again = await call(service, 'POST', `/${service.dialect.productSegment}/user/rotatetoken`);
		expect((again.json as { token: string }).token).not.toBe(token);
		expect(await queues((again.json as { token: string }).token)).toBe(200);
	});

	it('rotates a token of the deployed shape into one of that shape, for the same user id', async () => {
		const service = await kept.start(undefined, { dialect: dialectPresets.deployed });
		const userIdOf = (token: string) =>
			(JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { UserID?: string }).UserID;
		const before = userIdOf(service.token);
		expect(before).toBeTruthy();
		const rotated = await call(
			service,
			'POST',
			`/v2/${service.dialect.productSegment}/rotate-token/${service.accountId}`,
		);
		const token = (rotated.json as { token: string }).token;
		expect(token).not.toBe(service.token);
		// The official workflow SDK reads the user id of a webhook URL from the token (docs/protocol/authentication.md).
		expect(userIdOf(token)).toBe(before);
	});
});
