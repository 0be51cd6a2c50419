/**
 * The indexes' data in the Vector and Search panes, through the whole TUI against the local
 * service over loopback: a query by text and by a vector pasted as JSON, a fetch of ids, a range
 * page by page, a delete shown as its exact request before it is sent, and read-only mode,
 * at 80x24 and 200x50.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readIndexAccess } from '../../../source/api/index-access.js';
import { SearchIndexClient, VectorIndexClient } from '../../../source/api/index-client.js';
import { localIndex } from '../../../source/local/service-indexes.js';
import { keys, lineOf, mountTui, type Session, startSession } from '../harness.js';

const ctrlU = '\x15';

/** Opens the data view's form, picks the `choice`-th ask, and fills the fields given, top down. */
async function ask(
	session: Pick<Session, 'screen'>,
	choice: number,
	fields: { input?: string; namespace?: string; filter?: string; topK?: string },
): Promise<void> {
	const { screen } = session;
	await screen.press('s');
	const form = await screen.waitFor((f) => (f.includes('what to ask') ? f : undefined), 'the form');
	// The form keeps what was typed: a letter picks the first choice starting with it (each pane's
	// first ask is the only one starting with q or s), each field is emptied.
	await screen.press(form.includes('query by text') ? 'q' : 's');
	for (let i = 0; i < choice; i++) await screen.press(keys.right);
	for (const value of [fields.input, fields.namespace, fields.filter, fields.topK]) {
		await screen.press(keys.tab, ctrlU);
		if (value) await screen.press(value);
	}
	await screen.press(keys.enter);
}

describe('Vector pane: the index data', () => {
	let session: Session;

	beforeAll(async () => {
		session = await startSession({ columns: 80, rows: 24, pane: 'vector', service: { vectorDimension: 3 } });
		const { service } = session.fixture;
		const index = new VectorIndexClient({
			endpoint: localIndex(service, 'dense').url,
			token: localIndex(service, 'dense').token,
		});
		await index.upsert(
			[
				{ id: 'warm', data: 'a warm city by the sea', metadata: { genre: 'travel', year: 2001 } },
				{ id: 'snow', data: 'cold mountains and snow', metadata: { genre: 'nature', year: 1999 } },
				{ id: 'summer', data: 'the sea is warm in summer', metadata: { genre: 'travel', year: 2010 } },
			],
			{ namespace: 'books' },
		);
		await index.upsert([
			{ id: 'x', vector: [1, 0, 0], metadata: { n: 1 } },
			{ id: 'y', vector: [0, 1, 0], metadata: { n: 2 } },
			{ id: 'z', vector: [0, 0, 1], metadata: { n: 3 } },
		]);
	});
	afterAll(() => session.close());

	it('queries by text with a filter, and by a vector pasted as JSON, scores first', async () => {
		const { screen } = session;
		await screen.waitFor((f) => f.includes('queries today') && f.includes('d data'), 'the statistics');
		await screen.press('d');
		await screen.waitFor((f) => f.includes('No request yet. s opens the form'), 'the data view');
		await ask(session, 0, { input: 'warm sea', namespace: 'books', filter: 'year > 2000' });
		const frame = await screen.waitFor(
			(f) => (f.includes('query "warm sea"') && f.includes('2 records') ? f : undefined),
			'the matches of the text query',
		);
		expect(frame).toContain('Vector index local-vector · 2 records · query "warm sea" · top 10 · filter');
		expect(frame).toMatch(/score +id +holds/);
		expect(frame).toMatch(/0\.\d{4} +(warm|summer) +(a warm city by the sea|the sea is warm in summer)/);
		expect(frame).not.toContain('snow');
		await ask(session, 1, { input: '[0, 1, 0.1]', topK: '1' });
		const byVector = await screen.waitFor(
			(f) => (f.includes('1 record · query a vector of 3 · top 1') ? f : undefined),
			'the match of the vector',
		);
		expect(lineOf(byVector, '›')).toMatch(/› +0\.\d{4} +y +\{"n":2\}/);
	});

	it('says what is wrong with the form under its field, and sends nothing', async () => {
		const { screen } = session;
		await ask(session, 1, { input: '[1, "a"]' });
		await screen.waitFor((f) => f.includes('the vector holds something other than numbers'), 'the error');
		await screen.press(keys.esc);
		await screen.waitFor((f) => f.includes('query a vector of 3 · top 1'), 'the last answer again');
	});

	it('fetches ids, saying which were not found, and opens one in full', async () => {
		const { screen } = session;
		await ask(session, 2, { input: 'summer nope', namespace: 'books' });
		const frame = await screen.waitFor(
			(f) => (f.includes('not found: nope') ? f : undefined),
			'the fetched record',
		);
		expect(frame).toContain('1 record · fetch 2 ids · namespace books');
		await screen.press(keys.enter);
		const detail = await screen.waitFor((f) => (f.includes('record summer') ? f : undefined), 'the detail');
		expect(lineOf(detail, 'data')).toContain('the sea is warm in summer');
		expect(lineOf(detail, 'metadata')).toContain('{"genre":"travel","year":2010}');
		await screen.press(keys.esc);
		await screen.waitFor((f) => f.includes('not found: nope') && !f.includes('record summer'), 'the list');
	});

	it('ranges through a namespace page by page, forward and back', async () => {
		const { screen } = session;
		await ask(session, 3, { namespace: 'books', topK: '2' });
		const first = await screen.waitFor(
			(f) => (f.includes('2 records · n next page · range, 2 a page') ? f : undefined),
			'the first page',
		);
		await screen.press('n');
		const second = await screen.waitFor(
			(f) => (f.includes('1 record · page 2 · p previous') ? f : undefined),
			'the second page',
		);
		const ids = (frame: string) =>
			['warm', 'snow', 'summer'].filter((id) => new RegExp(`^[› ] ${id} `, 'm').test(frame));
		expect([...ids(first), ...ids(second)].sort()).toEqual(['snow', 'summer', 'warm']);
		await screen.press('p');
		await screen.waitFor(
			(f) => f.includes('2 records · n next page') && !f.includes('page 2'),
			'page 1 again',
		);
	});

	it('deletes the selected record only once its exact request is confirmed, then reads the page again', async () => {
		const { screen, fixture } = session;
		const index = new VectorIndexClient({
			endpoint: localIndex(fixture.service, 'dense').url,
			token: localIndex(fixture.service, 'dense').token,
		});
		await screen.press('D');
		const confirm = await screen.waitFor(
			(f) => (f.includes('POST /delete/books') ? f : undefined),
			'the request shown',
		);
		expect(confirm).toMatch(/\{"ids":\["(warm|snow|summer)"\]\}/);
		const id = /\{"ids":\["(\w+)"\]\}/.exec(confirm)![1]!;
		expect(confirm).toContain(`delete record ${id} from namespace books`);
		expect(confirm).toContain(`to ${localIndex(fixture.service, 'dense').url}`);
		await screen.press('n');
		await screen.waitFor((f) => !f.includes('POST /delete'), 'back, nothing sent');
		expect((await index.fetch([id], { namespace: 'books' }))[0]).not.toBeNull();
		await screen.press('D');
		await screen.waitFor((f) => f.includes('POST /delete/books'), 'the request again');
		await screen.press('y');
		await screen.waitFor((f) => f.includes('deleted 1 record'), 'the outcome');
		expect((await index.fetch([id], { namespace: 'books' }))[0]).toBeNull();
	});

	it('lays the answer out whole at 200x50 too, and esc goes back to the statistics', async () => {
		const { screen } = session;
		screen.resize(200, 50);
		await ask(session, 0, { input: 'warm sea', namespace: 'books' });
		// The answer before stays on screen while this one is asked (`asking…`): wait for this one.
		const wide = await screen.waitFor(
			(f) =>
				f.includes('s asks again · enter opens · D deletes · esc back') && !f.includes('asking…')
					? f
					: undefined,
			'the wide frame',
		);
		expect(wide).toMatch(/› +0\.\d{4} +\w+ +(a warm city by the sea|the sea is warm in summer)/);
		await screen.press(keys.esc);
		await screen.waitFor((f) => f.includes('d its data') && f.includes('queries today'), 'the statistics');
		screen.resize(80, 24);
	});
});

describe('Vector pane in read-only mode', () => {
	it('reads with the read-only token and refuses a delete before showing it', async () => {
		const session = await startSession({ columns: 80, rows: 24, pane: 'vector', readOnly: true });
		try {
			const { screen, fixture } = session;
			const index = new VectorIndexClient({
				endpoint: localIndex(fixture.service, 'dense').url,
				token: localIndex(fixture.service, 'dense').token,
			});
			await index.upsert({ id: 'only', data: 'the one record' });
			await screen.waitFor((f) => f.includes('queries today') && f.includes('d data'), 'the statistics');
			await screen.press('d');
			await ask(session, 3, {});
			await screen.waitFor((f) => /› +only +the one record/.test(f), 'the range');
			expect(screen.frame()).toContain('read-only: delete is off');
			await screen.press('D');
			await screen.waitFor((f) => f.includes('read-only: deleting records is disabled'), 'the refusal');
			expect((await index.fetch(['only']))[0]).not.toBeNull();
		} finally {
			await session.close();
		}
	});
});

describe('Search pane: the documents', () => {
	let session: Session;

	beforeAll(async () => {
		session = await startSession({ columns: 80, rows: 24, pane: 'search' });
		const { fixture } = session;
		const access = await readIndexAccess(fixture.client, 'search', localIndex(fixture.service, 'search').id);
		const search = new SearchIndexClient({ endpoint: access.endpoint, token: access.writeToken! });
		await search.upsert('articles', [
			{ id: 'fox', content: { title: 'quick brown fox' }, metadata: { lang: 'en' } },
			{ id: 'fuchs', content: { title: 'der braune fuchs' }, metadata: { lang: 'de' } },
			{ id: 'turtle', content: { title: 'slow green turtle' }, metadata: { lang: 'en' } },
		]);
	});
	afterAll(() => session.close());

	it('searches with a filter, fetches, ranges, and deletes by filter after showing the request', async () => {
		const { screen, fixture } = session;
		await screen.waitFor((f) => f.includes('throughput') && f.includes('d data'), 'the configuration');
		await screen.press('d');
		await ask(session, 0, { input: 'brown fox', namespace: 'articles' });
		const found = await screen.waitFor(
			(f) => (f.includes('1 record · search "brown fox" · top 10') ? f : undefined),
			'the matches',
		);
		expect(lineOf(found, '›')).toMatch(/› +\d+\.\d{4} +fox +\{"title":"quick brown fox"\}/);
		await ask(session, 1, { input: 'turtle', namespace: 'articles' });
		await screen.waitFor((f) => /› turtle +\{"title":"slow green turtle"\}/.test(f), 'the fetched document');
		await ask(session, 2, { namespace: 'articles' });
		await screen.waitFor((f) => f.includes('3 records · range, 20 a page'), 'the range');
		await ask(session, 4, { namespace: 'articles', filter: "@metadata.lang = 'de'" });
		const confirm = await screen.waitFor(
			(f) => (f.includes('POST /delete/articles') ? f : undefined),
			'the request shown',
		);
		expect(confirm).toContain('{"filter":"@metadata.lang = \'de\'"}');
		await screen.press('y');
		await screen.waitFor((f) => f.includes('deleted 1 record'), 'the outcome');
		const access = await readIndexAccess(fixture.client, 'search', localIndex(fixture.service, 'search').id);
		const search = new SearchIndexClient({ endpoint: access.endpoint, token: access.readToken });
		expect((await search.range('articles', { limit: 10 })).vectors.map((d) => d.id).sort()).toEqual([
			'fox',
			'turtle',
		]);
	});

	it('shows the documents at 200x50', async () => {
		const { fixture } = session;
		const screen = mountTui(
			fixture.client,
			{ embedded: true, searchIndexId: localIndex(fixture.service, 'search').id },
			{ pane: 'search', columns: 200, rows: 50 },
		);
		try {
			await screen.waitFor((f) => f.includes('throughput') && f.includes('d data'), 'the configuration');
			await screen.press('d');
			await ask({ screen }, 2, { namespace: 'articles' });
			const frame = await screen.waitFor(
				(f) => (f.includes('2 records') ? f : undefined),
				'the range at 200 columns',
			);
			expect(frame).toMatch(/› fox +\{"title":"quick brown fox"\}/);
		} finally {
			screen.unmount();
		}
	});
});
