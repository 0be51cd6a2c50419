/**
 * The Groups pane, typed into like a person does, against the embedded local service; every
 * edit is checked on the server, not only on screen.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MqClient } from '../../../../source/api/client.js';
import { ApiError } from '../../../../source/api/errors.js';
import type { GroupsController } from '../../../../source/ui/panes/groups/controller.js';
import { type Sink, startSink } from '../../../local/helpers.js';
import { conformant } from '../../../support/conformance.js';
import { controllerOf, keys, mountTui, type Screen, type Session, startSession } from '../../harness.js';

const ctrlS = '\x13';
const keyLine = (frame: string) => frame.trimEnd().split('\n').at(-1) ?? '';

async function groupStatus(session: Session, name: string): Promise<number | 'exists'> {
	try {
		await conformant(session.fixture.client).getGroup(name);
		return 'exists';
	} catch (error) {
		if (error instanceof ApiError && error.status !== undefined) return error.status;
		throw error;
	}
}

describe('Groups pane', () => {
	let session: Session;
	let sink: Sink;

	beforeAll(async () => {
		sink = await startSink();
		session = await startSession({ columns: 160, rows: 45, pane: 'groups' });
	});
	afterAll(async () => {
		await session.close();
		await sink.close();
	});
	afterEach(async () => {
		// Each test starts from the list, with no form open.
		const { screen } = session;
		for (let i = 0; i < 3 && groups(screen).state.form; i++) await screen.press(keys.esc);
		if (groups(screen).state.open) await screen.press(keys.esc);
	});

	it('lists the groups and, opened, their endpoints and default headers', async () => {
		const { screen, fixture } = session;
		await fixture.client.groups.addEndpoints('shop', [
			{ name: 'eu', url: `${sink.url}/eu` },
			{ url: `${sink.url}/us` },
		]);
		await fixture.client.groups.setHeaders('shop', { 'X-Team': 'payments' });
		await screen.waitFor((f) => /shop +2 +1 /.test(f), 'the group row with its counts');
		await screen.press(keys.enter);
		const detail = await screen.waitFor(
			(f) => (f.includes('URL Group shop') && f.includes(`${sink.url}/us`) ? f : undefined),
			'the detail',
		);
		expect(detail).toContain('X-Team: payments');
		expect(detail).toMatch(new RegExp(`eu +${sink.url}/eu`));
		expect(keyLine(detail)).toContain('space mark');
	});

	it('removes marked endpoints by name, showing exactly the request first', async () => {
		const { screen, fixture } = session;
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('URL Group shop'), 'the detail');
		await screen.press(' ', 'x');
		const form = await screen.waitFor((f) => (f.includes('Remove endpoints') ? f : undefined), 'the form');
		expect(form).toMatch(/identify by +\[name\]/);
		expect(form).toMatch(/endpoints +eu/);
		expect(keyLine(form)).toContain('^S send');
		await screen.press(ctrlS);
		const confirm = await screen.waitFor(
			(f) => (f.includes('remove 1 endpoint from shop') ? f : undefined),
			'the confirmation',
		);
		expect(confirm).toContain('DELETE /v2/topics/shop/endpoints');
		expect(confirm).toContain('Content-Type: application/json');
		expect(confirm).toContain('{"endpoints":[{"name":"eu"}]}');
		expect(confirm).toContain(`to ${fixture.service.queueUrl}`);
		// Nothing is sent before Enter.
		expect((await conformant(fixture.client).getGroup('shop')).endpoints).toHaveLength(2);
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('✓ done: remove 1 endpoint from shop'), 'done');
		expect((await conformant(fixture.client).getGroup('shop')).endpoints).toEqual([
			{ url: `${sink.url}/us` },
		]);
		await screen.waitFor((f) => f.includes('1 endpoint ·') && !f.includes(`${sink.url}/eu`), 'refreshed');
	});

	it('removing the last endpoint (by URL) deletes the group', async () => {
		const { screen, fixture } = session;
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('URL Group shop · 1 endpoint'), 'the detail');
		await screen.press(' ', 'x');
		// The endpoint has no name: it is identified by URL.
		await screen.waitFor(
			(f) => /identify by +name +\[url\]/.test(f) && f.includes(`${sink.url}/us`),
			'by url',
		);
		await screen.press(ctrlS);
		const confirm = await screen.waitFor(
			(f) => (f.includes('so the group is deleted') ? f : undefined),
			'confirm',
		);
		expect(confirm).toContain(`{"endpoints":[{"url":"${sink.url}/us"}]}`);
		await screen.press('y');
		await screen.waitFor((f) => f.includes('No URL Groups yet.'), 'the list without it');
		expect(await groupStatus(session, 'shop')).toBe(404);
		expect(await conformant(fixture.client).listGroups()).toEqual([]);
	});

	it('adds an endpoint to a new group, and sets default headers that reach the next publish to it', async () => {
		const { screen, fixture } = session;
		await screen.press('a');
		await screen.waitFor((f) => f.includes('Add an endpoint'), 'the add form');
		await screen.press('orders', keys.tab, 'primary', keys.tab, `${sink.url}/orders`, keys.enter);
		const confirm = await screen.waitFor(
			(f) => (f.includes('add primary to orders') ? f : undefined),
			'confirm',
		);
		expect(confirm).toContain('POST /v2/topics/orders/endpoints');
		expect(confirm).toContain(`{"endpoints":[{"name":"primary","url":"${sink.url}/orders"}]}`);
		await screen.press(keys.enter);
		await screen.waitFor((f) => /orders +1 +0 /.test(f), 'the new group listed');
		expect((await conformant(fixture.client).getGroup('orders')).endpoints).toEqual([
			{ name: 'primary', url: `${sink.url}/orders` },
		]);

		await screen.press('h');
		await screen.waitFor((f) => f.includes('Set the default headers'), 'the headers form');
		await screen.press('X-Team: payments', keys.enter, 'X-Tag: a', keys.enter, 'x-tag: b', ctrlS);
		const headers = await screen.waitFor(
			(f) => (f.includes('set 2 default headers of orders') ? f : undefined),
			'confirm',
		);
		expect(headers).toContain('PATCH /v2/topics/orders');
		expect(headers).toContain('{"headers":{"X-Team":"payments","X-Tag":["a","b"]}}');
		await screen.press(keys.enter);
		await screen.waitFor((f) => /orders +1 +2 /.test(f), 'two default headers listed');
		expect((await conformant(fixture.client).getGroup('orders')).headers).toEqual({
			'X-Team': ['payments'],
			'X-Tag': ['a', 'b'],
		});

		// The next publish to the group, from the Publish pane.
		const before = sink.received.length;
		await screen.press('8', 'e', 'orders', ctrlS);
		await screen.waitFor((f) => f.includes('POST /v2/publish/orders'), 'the publish confirmation');
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('published to orders'), 'published');
		const [got] = (await sink.waitFor(before + 1)).slice(before);
		expect(got!.url).toBe('/orders');
		expect(got!.headers['x-team']).toBe('payments');
		expect(got!.headers['x-tag']).toBe('a, b');
		await screen.press('7');
		await screen.waitFor((f) => f.includes('URL Group'), 'back on Groups');
	});

	it('clears the default headers and deletes a group, each confirmed first', async () => {
		const { screen, fixture } = session;
		await screen.waitFor((f) => /orders +1 +2 /.test(f), 'orders listed');
		await screen.press('c');
		const clear = await screen.waitFor(
			(f) => (f.includes('clear the default headers of orders') ? f : undefined),
			'confirm',
		);
		expect(clear).toContain('{"headers":{}}');
		await screen.press('n');
		await screen.waitFor((f) => /orders +1 +2 /.test(f), 'back, nothing sent');
		expect(Object.keys((await conformant(fixture.client).getGroup('orders')).headers ?? {})).toHaveLength(2);
		await screen.press('c', keys.enter);
		await screen.waitFor((f) => /orders +1 +0 /.test(f), 'headers cleared');
		expect((await conformant(fixture.client).getGroup('orders')).headers ?? {}).toEqual({});
		await screen.press('D');
		const remove = await screen.waitFor(
			(f) => (f.includes('delete the URL Group orders') ? f : undefined),
			'confirm',
		);
		expect(remove).toContain('DELETE /v2/topics/orders');
		expect(remove).toContain('(no body)');
		await screen.press(keys.enter);
		await screen.waitFor((f) => f.includes('No URL Groups yet.'), 'deleted');
		expect(await groupStatus(session, 'orders')).toBe(404);
	});

	it('shows a server error and keeps what was typed', async () => {
		const { screen, fixture } = session;
		await fixture.client.groups.addEndpoints('keep', [{ url: `${sink.url}/keep` }]);
		await screen.waitFor((f) => /keep +1 /.test(f), 'listed');
		await screen.press('x');
		await screen.waitFor((f) => f.includes('Remove endpoints'), 'the form');
		await screen.press(`${sink.url}/nope`, ctrlS);
		await screen.waitFor((f) => f.includes('remove 1 endpoint from keep'), 'confirm');
		await screen.press(keys.enter);
		const failed = await screen.waitFor(
			(f) => (f.includes('✗ remove endpoints from keep failed: HTTP 404') ? f : undefined),
			'the 404',
		);
		expect(failed).toContain(`has no endpoint "${sink.url}/nope"; nothing was removed`);
		expect(failed).toMatch(new RegExp(`endpoints +${sink.url}/nope`));
		expect(groups(screen).state.form?.state.values.endpoints).toBe(`${sink.url}/nope`);
		expect((await conformant(fixture.client).getGroup('keep')).endpoints).toHaveLength(1);
		// Fixed and sent again from the same form.
		await screen.press(...Array.from({ length: 4 }, () => keys.backspace), 'keep', ctrlS, keys.enter);
		await screen.waitFor((f) => f.includes('No URL Groups yet.'), 'removed, and with it the group');
		expect(await groupStatus(session, 'keep')).toBe(404);
	});

	it('refuses invalid values next to their field and sends nothing', async () => {
		const { screen, fixture } = session;
		await screen.press('a');
		await screen.waitFor((f) => f.includes('Add an endpoint'), 'the add form');
		await screen.press('bad name!', keys.tab, keys.tab, 'ftp://x', ctrlS);
		const frame = await screen.waitFor(
			(f) => (f.includes('✗ expected an http:// or https:// URL') ? f : undefined),
			'the URL error',
		);
		expect(frame).toContain('✗ not a URL Group name: use letters, digits, "-", "_" and "."');
		expect(frame).not.toContain('POST /v2/topics');
		await screen.press(keys.esc, 'h');
		await screen.waitFor((f) => f.includes('Set the default headers'), 'the headers form');
		await screen.press('g1', keys.tab, 'no colon here', ctrlS);
		await screen.waitFor(
			(f) => f.includes(`✗ line 1: expected 'Name: value' with a header name, got "no colon here"`),
			'the header line error',
		);
		expect(groups(screen).state.confirm).toBeUndefined();
		expect(await conformant(fixture.client).listGroups()).toEqual([]);
	});
});

describe('Groups pane, read-only', () => {
	it('disables every edit, says so, and sends nothing', async () => {
		const sink = await startSink();
		const session = await startSession({ columns: 160, rows: 45, pane: 'groups', readOnly: true });
		try {
			const { screen, fixture } = session;
			await fixture.client.groups.addEndpoints('ro', [{ name: 'one', url: `${sink.url}/1` }]);
			await fixture.client.groups.setHeaders('ro', { 'X-A': '1' });
			const before = await conformant(fixture.client).getGroup('ro');
			const listed = await screen.waitFor((f) => (/ro +1 +1 /.test(f) ? f : undefined), 'listed');
			expect(keyLine(listed)).toContain('a/x/h read-only');
			expect(keyLine(listed)).toContain('? help  q quit');
			for (const key of ['a', 'h', 'c', 'D']) {
				await screen.press(key);
				await screen.waitFor(
					(f) => f.includes('read-only:') && f.includes('nothing was sent'),
					`${key} refused`,
				);
				expect(groups(screen).state.form).toBeUndefined();
				expect(groups(screen).state.confirm).toBeUndefined();
			}
			await screen.press(keys.enter, ' ', 'x');
			await screen.waitFor((f) => f.includes('read-only: removing endpoints is disabled'), 'x refused');
			await screen.press('?');
			await screen.waitFor((f) => f.includes('delete the group (disabled: read-only)'), 'the help says so');
			await screen.press(keys.esc);
			expect(await conformant(fixture.client).getGroup('ro')).toEqual(before);
		} finally {
			await session.close();
			await sink.close();
		}
	});
});

/** The local service behind a proxy that answers 404 to the listing, as some deployments do. */
async function withoutListing(target: string): Promise<{ url: string; server: Server }> {
	const server = createServer((req, res) => {
		if (req.method === 'GET' && req.url === '/v2/topics') {
			res.writeHead(404, { 'content-type': 'application/json' });
			res.end('{"error":"not found"}');
			return;
		}
		const upstream = new URL(req.url ?? '/', target);
		const forward = httpRequest(
			upstream,
			{ method: req.method, headers: { ...req.headers, host: upstream.host } },
			(answer) => {
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		forward.on('error', () => res.destroy());
		req.pipe(forward);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('Groups pane, where the service lists no groups', () => {
	it('stops asking, and edits a group by a typed name', async () => {
		const sink = await startSink();
		const session = await startSession({ columns: 160, rows: 45 });
		const proxy = await withoutListing(session.fixture.service.queueUrl);
		const { fixture } = session;
		const client = new MqClient({ ...fixture.client.settings, queueUrl: proxy.url });
		const screen = mountTui(client, { embedded: false }, { pane: 'groups', columns: 160, rows: 45 });
		try {
			await fixture.client.groups.addEndpoints('hidden', [
				{ name: 'a', url: `${sink.url}/a` },
				{ name: 'b', url: `${sink.url}/b` },
			]);
			await screen.waitFor((f) => f.includes('this service does not list its groups'), 'the notice');
			expect(groups(screen).state.listed).toBe(false);
			expect(screen.frame()).toContain('nothing polled on this pane');
			await screen.press('g');
			await screen.waitFor((f) => f.includes('The URL Group to edit'), 'the name form');
			await screen.press('hidden', keys.enter);
			await screen.waitFor((f) => f.includes('URL Group hidden'), 'the typed group');
			await screen.press('h');
			await screen.waitFor((f) => /group +hidden/.test(f), 'the headers form on the typed group');
			await screen.press('X-Env: test', ctrlS, keys.enter);
			await screen.waitFor((f) => f.includes('done: set 1 default header of hidden'), 'headers set');
			expect((await conformant(fixture.client).getGroup('hidden')).headers).toEqual({ 'X-Env': ['test'] });
			await screen.press('x');
			await screen.waitFor((f) => f.includes('Remove endpoints'), 'the removal form');
			await screen.press(keys.up, ' ', keys.down, 'a', ctrlS);
			await screen.waitFor((f) => f.includes('{"endpoints":[{"name":"a"}]}'), 'confirm by name');
			await screen.press(keys.enter);
			await screen.waitFor((f) => f.includes('done: remove 1 endpoint from hidden'), 'removed');
			expect((await conformant(fixture.client).getGroup('hidden')).endpoints).toEqual([
				{ name: 'b', url: `${sink.url}/b` },
			]);
		} finally {
			screen.unmount();
			await new Promise<void>((resolve) => {
				proxy.server.closeAllConnections();
				proxy.server.close(() => resolve());
			});
			await session.close();
			await sink.close();
		}
	});
});

function groups(screen: Screen) {
	return controllerOf<GroupsController>(screen, 'groups');
}
