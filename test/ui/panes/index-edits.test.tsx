/**
 * Making and deleting indexes from the Vector and Search panes' lists (`c`, `D`): what is typed
 * becomes the exact request to the management API, shown first; confirmed, the index is made on
 * the local service (and listed), or deleted; at 200x50 and 80x24.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys, type Session, startSession } from '../harness.js';

type Listed = { id: string; name: string; index_type?: string; dimension_count?: number };

async function listed(session: Session, path: string): Promise<Listed[]> {
	const { service } = session.fixture;
	const response = await fetch(`${service.managementUrl}${path}`, {
		headers: {
			authorization: `Basic ${Buffer.from(`${service.email}:${service.apiKey}`).toString('base64')}`,
		},
	});
	return (await response.json()) as Listed[];
}

describe('Vector pane: indexes made and deleted from the list', () => {
	let session: Session;

	beforeAll(async () => {
		session = await startSession({
			columns: 200,
			rows: 50,
			pane: 'vector',
			connection: { vectorIndexId: undefined },
		});
	});
	afterAll(() => session.close());

	it('c makes a hybrid index after showing its request; D deletes it after showing its request', async () => {
		const { screen } = session;
		await screen.waitFor((f) => f.includes('3 vector indexes'), 'the list');
		await screen.press('c');
		await screen.waitFor((f) => f.includes('new vector index:'), 'the line for the new index');
		await screen.press('tiny hybrid 2 dot_product', keys.enter);
		const question = await screen.waitFor(
			(f) => (f.includes('create vector index tiny (hybrid 2 dot_product)') ? f : undefined),
			'the request shown',
		);
		expect(question).toContain('POST /v2/vector/index');
		expect(question).toContain('"dimension_count":2');
		expect(await listed(session, '/v2/vector/index')).toHaveLength(3);
		await screen.press('y');
		await screen.waitFor((f) => f.includes('4 vector indexes'), 'the new index listed');
		const made = (await listed(session, '/v2/vector/index')).find((i) => i.name === 'tiny')!;
		expect(made).toMatchObject({ index_type: 'HYBRID', dimension_count: 2 });

		// The new one is the last row: selected, D asks to delete it.
		await screen.waitFor((f) => f.includes('tiny'), 'the new row');
		await screen.press('j', 'j', 'j');
		await screen.press('D');
		const asked = await screen.waitFor(
			(f) => (f.includes(`delete vector index tiny (${made.id})`) ? f : undefined),
			'the delete shown',
		);
		expect(asked).toContain(`DELETE /v2/vector/index/${made.id}`);
		await screen.press('y');
		await screen.waitFor((f) => f.includes('3 vector indexes'), 'the index gone from the list');
		expect((await listed(session, '/v2/vector/index')).map((i) => i.id)).not.toContain(made.id);
	});

	it('says what is wrong with what was typed, and n sends nothing, at 80x24', async () => {
		const { screen } = session;
		try {
			screen.resize(80, 24);
			await screen.waitFor((f) => f.includes('3 vector indexes'), 'the list at 80');
			await screen.press('c');
			await screen.waitFor((f) => f.includes('new vector index:'), 'the line');
			await screen.press('nodim', keys.enter);
			await screen.waitFor((f) => f.includes('a dense index needs its dimension'), 'what is missing');
			await screen.press(' 3', keys.enter);
			await screen.waitFor(
				(f) => f.includes('create vector index nodim (dense 3 cosine)'),
				'the request at 80',
			);
			await screen.press('n');
			await screen.waitFor((f) => f.includes('3 vector indexes'), 'back on the list');
			expect(await listed(session, '/v2/vector/index')).toHaveLength(3);
		} finally {
			screen.resize(200, 50);
		}
	});
});

describe('Search pane: databases made from the list', () => {
	let session: Session;

	beforeAll(async () => {
		session = await startSession({ columns: 200, rows: 50, pane: 'search' });
	});
	afterAll(() => session.close());

	it('c makes a database after showing its request', async () => {
		const { screen } = session;
		await screen.press('i');
		await screen.waitFor((f) => f.includes('1 search index'), 'the list');
		await screen.press('c');
		await screen.waitFor((f) => f.includes('new search index:'), 'the line');
		await screen.press('docs eu-west-1', keys.enter);
		const question = await screen.waitFor(
			(f) => (f.includes('create search database docs in eu-west-1') ? f : undefined),
			'the request shown',
		);
		expect(question).toContain('POST /v2/search');
		await screen.press('y');
		await screen.waitFor((f) => f.includes('2 search indexes'), 'listed');
		expect((await listed(session, '/v2/search')).map((i) => i.name)).toContain('docs');
	});
});
