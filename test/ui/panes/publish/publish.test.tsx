/**
 * The Publish pane, typed into like a person does, against the embedded local service: what the
 * destinations receive, what the service recorded and what the Messages pane will follow.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskText } from '../../../../source/text/mask.js';
import { osc52 } from '../../../../source/ui/panes/publish/clipboard.js';
import type { PublishController } from '../../../../source/ui/panes/publish/controller.js';
import { publishFields } from '../../../../source/ui/panes/publish/publish-form.js';
import { type Sink, startSink } from '../../../local/helpers.js';
import { conformant } from '../../../support/conformance.js';
import { controllerOf, keys, type Screen, type Session, startSession } from '../../harness.js';

const ctrlS = '\x13';
const erase = (count: number) => Array.from({ length: count }, () => keys.backspace);

/** Moves the focus of the open form to `id` with Tab. */
async function focusField(screen: Screen, id: string) {
	const form = publish(screen).state.form;
	const target = publishFields.findIndex((f) => f.id === id);
	const steps = (target - form.focus + publishFields.length) % publishFields.length;
	await screen.press(...Array.from({ length: steps }, () => keys.tab));
}

/** Empties the focused field. */
async function clearField(screen: Screen) {
	const { form } = publish(screen).state;
	const value = form.values[publishFields[form.focus]!.id];
	await screen.press(keys.right, ...Array.from({ length: [...value].length }, () => keys.right));
	await screen.press(...erase([...value].length));
}

async function createdEvents(session: Session): Promise<number> {
	return (await conformant(session.fixture.client).listEvents({ state: 'CREATED', count: 1000 })).events
		.length;
}

describe('Publish pane', () => {
	let session: Session;
	let sink: Sink;
	let receiver: Sink;
	let dir: string;

	beforeAll(async () => {
		sink = await startSink();
		// Stands in for the monitor's callback receiver: the callback fields default to it.
		receiver = await startSink();
		dir = await mkdtemp(join(tmpdir(), 'mqtop-publish-'));
		session = await startSession({
			columns: 160,
			rows: 45,
			pane: 'publish',
			connection: { receiverUrl: receiver.url },
		});
	});
	afterAll(async () => {
		await session.close();
		await sink.close();
		await receiver.close();
		await rm(dir, { recursive: true, force: true });
	});

	it('publishes the form: delivered with its headers and body, followed in Messages, callbacks to the receiver', async () => {
		const { screen, fixture } = session;
		const shown = await screen.waitFor((f) => (f.includes('Publish a message') ? f : undefined), 'the form');
		expect(shown).toMatch(new RegExp(`callback +${receiver.url}/callback`));
		expect(shown).toMatch(new RegExp(`failure callback +${receiver.url}/failure`));
		await screen.press('e', `${sink.url}/hook?x=1`, keys.tab, keys.tab, 'hello', keys.enter, 'world');
		await focusField(screen, 'contentType');
		await screen.press('text/plain');
		await focusField(screen, 'forward');
		await screen.press('X-Trace: t1', keys.enter, 'X-Other: o');
		await focusField(screen, 'labels');
		await screen.press('a, b');
		await screen.press(ctrlS);
		const confirm = await screen.waitFor(
			// The destination is sent as one encoded segment, exactly as typed.
			(f) => (f.includes(`POST /v2/publish/${encodeURIComponent(`${sink.url}/hook?x=1`)}`) ? f : undefined),
			'the request',
		);
		for (const line of [
			`Svc-Callback: ${receiver.url}/callback`,
			'Svc-Forward-x-trace: t1',
			'Svc-Label: a,b',
			'Content-Type: text/plain',
			'hello',
			'world',
		])
			expect(confirm).toContain(line);
		expect(sink.received).toHaveLength(0);
		await screen.press(keys.enter);
		const [got] = await sink.waitFor(1);
		expect(got!.url).toBe('/hook?x=1');
		expect(got!.body.toString()).toBe('hello\nworld');
		expect(got!.headers['x-trace']).toBe('t1');
		expect(got!.headers['x-other']).toBe('o');
		expect(got!.headers['content-type']).toBe('text/plain');
		const messageId = String(got!.headers['svc-message-id']);
		await screen.waitFor(
			(f) => f.includes(`published to ${sink.url}/hook?x=1: ${messageId}`),
			'the message id',
		);
		expect(screen.runtime.tracked.getSnapshot().messages).toContainEqual(
			expect.objectContaining({ id: messageId, origin: 'publish' }),
		);
		const [callback] = await receiver.waitFor(1);
		expect(callback!.url).toBe('/callback');
		expect(JSON.parse(callback!.body.toString())).toMatchObject({ sourceMessageId: messageId, status: 200 });
		// The form keeps its values for the next publish.
		expect(publish(screen).state.form.values.destination).toBe(`${sink.url}/hook?x=1`);
		expect(await createdEvents(session)).toBeGreaterThan(0);
		expect(fixture.service.queueUrl).toBeTruthy();
	});

	it('refuses invalid values next to their field and sends nothing', async () => {
		const { screen } = session;
		const before = await createdEvents(session);
		const delivered = sink.received.length;
		await screen.press('e');
		await focusField(screen, 'destination');
		await clearField(screen);
		await screen.press('not a url!');
		await focusField(screen, 'delay');
		await screen.press('10 minutes');
		await focusField(screen, 'retries');
		await screen.press('many');
		await focusField(screen, 'forward');
		await screen.press(keys.enter, 'no colon');
		await focusField(screen, 'flowValue');
		await screen.press('rate=fast');
		const frame = await screen.waitFor(
			(f) => (f.includes('✗ neither an http(s) URL nor a URL Group name') ? f : undefined),
			'the destination error',
		);
		expect(frame).toContain('✗ invalid duration');
		expect(frame).toContain('✗ expected a non-negative integer, got "many"');
		expect(frame).toContain(`✗ line 3: expected 'Name: value' with a header name, got "no colon"`);
		expect(frame).toContain('✗ expected a non-negative integer, got "fast"');
		// Each error sits right under its field.
		const lines = frame.split('\n');
		const delayAt = lines.findIndex((l) => /^ +(› )?delay +10 minutes/.test(l));
		expect(lines[delayAt + 1]).toContain('✗ invalid duration');
		await screen.press(ctrlS);
		await screen.waitFor((f) => f.includes('5 fields to fix; nothing was sent'), 'the refusal');
		expect(publish(screen).state.confirm).toBeUndefined();
		expect(frame).not.toContain('Webhook address · give it');
		expect(await createdEvents(session)).toBe(before);
		expect(sink.received).toHaveLength(delivered);
		// Put the form right again.
		await focusField(screen, 'destination');
		await clearField(screen);
		await screen.press(`${sink.url}/hook`);
		for (const field of ['delay', 'retries', 'forward', 'flowValue']) {
			await focusField(screen, field);
			await clearField(screen);
		}
		await screen.waitFor(() => Object.keys(publish(screen).check().errors).length === 0, 'no errors left');
		expect(screen.frame()).not.toContain('✗ ');
		await screen.press(keys.esc);
	});

	it('shows a server error and keeps the form filled', async () => {
		const { screen } = session;
		await screen.press('e');
		await focusField(screen, 'destination');
		await clearField(screen);
		await screen.press('no-such-group', ctrlS);
		await screen.waitFor((f) => f.includes('POST /v2/publish/no-such-group'), 'the request');
		await screen.press(keys.enter);
		const frame = await screen.waitFor(
			(f) => (f.includes('✗ publish to no-such-group failed: HTTP 404') ? f : undefined),
			'the 404',
		);
		expect(frame).toContain('URL Group "no-such-group" not found');
		expect(frame).toContain('what you typed is kept');
		expect(frame).toMatch(/destination +no-such-group/);
		expect(publish(screen).state.editing).toBe(true);
		expect(publish(screen).state.form.values.body).toBe('hello\nworld');
		await clearField(screen);
		await screen.press(`${sink.url}/hook`, keys.esc);
	});

	it('shows the webhook address with the token masked until v, and copies it with c (OSC 52)', async () => {
		const { screen, fixture } = session;
		const { token } = fixture.service;
		const frame = await screen.waitFor(
			(f) => (f.includes(`/v2/publish/${encodeURIComponent(`${sink.url}/hook`)}?`) ? f : undefined),
			'the address',
		);
		expect(frame).toContain(`mq_token=${maskText}`);
		expect(frame).not.toContain(token);
		const url = publish(screen).webhookUrl()!;
		expect(url).toBe(fixture.client.webhookUrl(`${sink.url}/hook`, publish(screen).check().options));
		expect(
			url.startsWith(`${fixture.service.queueUrl}/v2/publish/${encodeURIComponent(`${sink.url}/hook`)}?`),
		).toBe(true);
		expect(url).toContain(`svc-callback=${encodeURIComponent(`${receiver.url}/callback`)}`);
		await screen.press('v');
		await screen.waitFor((f) => f.includes(`mq_token=${token}`), 'the token in clear');
		await screen.press('v');
		await screen.waitFor((f) => f.includes(`mq_token=${maskText}`), 'masked again');
		await screen.press('c');
		await screen.waitFor((f) => f.includes('copied the webhook address'), 'copied');
		expect(screen.written()).toContain(osc52(url));
		// The address works: a webhook sender posting to it publishes to the destination.
		const before = sink.received.length;
		const answer = await fetch(url, { method: 'POST', body: 'from a webhook' });
		expect(answer.status).toBe(200);
		const got = (await sink.waitFor(before + 1)).at(-1)!;
		expect(got.body.toString()).toBe('from a webhook');
	});

	it('triggers workflow runs typed one by one, shows their run ids and messages, and a deduplicated one', async () => {
		const { screen, fixture } = session;
		await screen.press('t');
		await screen.waitFor((f) => f.includes('Batch workflow trigger · 0 items'), 'the trigger view');
		await screen.press(
			'a',
			`${sink.url}/wf`,
			keys.tab,
			'step one',
			keys.tab,
			'Svc-Workflow-RunId: run-7',
			ctrlS,
		);
		await screen.press('a', `${sink.url}/wf`, ctrlS);
		await screen.waitFor((f) => f.includes('Batch workflow trigger · 2 items'), 'two items');
		const before = sink.received.length;
		await screen.press('s');
		const confirm = await screen.waitFor(
			(f) => (f.includes('trigger 2 workflow runs') ? f : undefined),
			'confirm',
		);
		expect(confirm).toContain('POST /v2/batch/trigger');
		expect(confirm).toContain(
			JSON.stringify([
				{ destination: `${sink.url}/wf`, body: 'step one', headers: { 'Svc-Workflow-RunId': 'run-7' } },
				{ destination: `${sink.url}/wf` },
			]),
		);
		await screen.press(keys.enter);
		const runs = await sink.waitFor(before + 2);
		const first = runs.slice(before).find((r) => r.headers['svc-workflow-runid'] === 'run-7')!;
		// A run's first call carries its steps so far: the initial payload, base64 (the workflow SDK reads it so).
		const [initial] = JSON.parse(first.body.toString()) as { body: string }[];
		expect(Buffer.from(initial!.body, 'base64').toString()).toBe('step one');
		const firstMessage = String(first.headers['svc-message-id']);
		const frame = await screen.waitFor(
			(f) => (f.includes(`run-7`) && f.includes(firstMessage) ? f : undefined),
			'the runs with their messages',
		);
		const second = runs.slice(before).find((r) => r.headers['svc-workflow-runid'] !== 'run-7')!;
		const secondRun = String(second.headers['svc-workflow-runid']);
		expect(secondRun).toMatch(/^wfr_/);
		// One row per run: its id, started, the message it became.
		const row = (runId: string) => frame.split('\n').find((line) => line.trimStart().startsWith(runId)) ?? '';
		expect(row('run-7')).toMatch(new RegExp(`started +${firstMessage} +${sink.url}/wf`));
		expect(row(secondRun)).toMatch(new RegExp(`started +${second.headers['svc-message-id']} `));
		const tracked = screen.runtime.tracked.getSnapshot().messages;
		for (const id of [firstMessage, String(second.headers['svc-message-id'])])
			expect(tracked).toContainEqual(expect.objectContaining({ id, origin: 'trigger' }));

		// The same run id again: deduplicated, nothing new starts.
		await screen.press(keys.down, 'x', 's', keys.enter);
		await screen.waitFor((f) => f.includes('deduplicated: run exists'), 'the deduplicated run');
		const results = publish(screen).state.triggered!.runs;
		expect(results).toHaveLength(1);
		expect(results[0]!.result).toMatchObject({ workflowRunId: 'run-7', deduplicated: true });
		expect(sink.received).toHaveLength(before + 2);
		expect(
			(await conformant(fixture.client).listEvents({ state: 'CREATED', count: 1000 })).events.length,
		).toBeGreaterThan(0);
	});

	it('loads items from a JSON file; a malformed one says why and sends nothing', async () => {
		const { screen } = session;
		const bad = join(dir, 'bad.json');
		const wrong = join(dir, 'wrong.json');
		const good = join(dir, 'good.json');
		await writeFile(bad, '[{"destination": ');
		await writeFile(wrong, JSON.stringify([{ body: 'no destination' }]));
		await writeFile(good, JSON.stringify([{ destination: `${sink.url}/file`, body: 'from a file' }]));
		const before = await createdEvents(session);
		const items = publish(screen).state.items.length;
		await screen.press('l', bad, keys.enter);
		await screen.waitFor((f) => f.includes(`✗ ${bad} is not valid JSON`), 'the JSON error under the path');
		await screen.press(...erase(bad.length), wrong, keys.enter);
		await screen.waitFor((f) => f.includes(`✗ ${wrong}: items[0].destination`), 'the schema error');
		await screen.press(...erase(wrong.length), join(dir, 'missing.json'), keys.enter);
		await screen.waitFor((f) => f.includes('missing.json: no such file'), 'the missing file');
		expect(publish(screen).state.items).toHaveLength(items);
		expect(await createdEvents(session)).toBe(before);
		await screen.press(...erase(join(dir, 'missing.json').length), good, keys.enter);
		await screen.waitFor((f) => f.includes(`loaded 1 item from ${good}`), 'loaded');
		expect(publish(screen).state.items.at(-1)).toEqual({
			destination: `${sink.url}/file`,
			body: 'from a file',
		});
		expect(await createdEvents(session)).toBe(before);
		await screen.press('t');
		await screen.waitFor((f) => f.includes('Publish a message'), 'back to publish');
	});
});

describe('Publish pane, read-only', () => {
	it('lets the form be filled but sends nothing, and says so', async () => {
		const sink = await startSink();
		const session = await startSession({ columns: 100, rows: 30, pane: 'publish', readOnly: true });
		try {
			const { screen } = session;
			const before = await createdEvents(session);
			const frame = await screen.waitFor(
				(f) => (f.includes('Publish a message') ? f : undefined),
				'the form',
			);
			expect(frame).toContain('read-only: nothing is sent');
			expect(frame.trimEnd().split('\n').at(-1)).toContain('s read-only');
			await screen.press('e', `${sink.url}/ro`, ctrlS);
			await screen.waitFor(
				(f) => f.includes('read-only: publishing is disabled; nothing was sent'),
				'refused',
			);
			await screen.press('s');
			expect(publish(screen).state.confirm).toBeUndefined();
			await screen.press('t', 'a', `${sink.url}/wf`, ctrlS, 's');
			await screen.waitFor(
				(f) => f.includes('read-only: triggering workflow runs is disabled'),
				'trigger refused',
			);
			expect(publish(screen).state.confirm).toBeUndefined();
			expect(await createdEvents(session)).toBe(before);
			expect(sink.received).toHaveLength(0);
		} finally {
			await session.close();
			await sink.close();
		}
	});
});

function publish(screen: Screen) {
	return controllerOf<PublishController>(screen, 'publish');
}

describe.each([
	[160, 45],
	[80, 24],
])('Enter in the publish form at %ix%i', (columns, rows) => {
	let session: Session;
	beforeAll(async () => {
		session = await startSession({ columns, rows, pane: 'publish' });
	});
	afterAll(() => session.close());

	const keyLine = (f: string) => f.trimEnd().split('\n').at(-1) ?? '';

	it('says where the cursor is whether it sends or breaks the line, and does so', async () => {
		const { screen } = session;
		await screen.waitFor((f) => f.includes('Publish a message'), 'the form');
		await screen.press('e', 'https://example.com/hook');
		await screen.waitFor((f) => keyLine(f).includes('enter send'), 'Enter sends from the destination');
		expect(screen.frame()).not.toContain('enter: new line');
		await focusField(screen, 'body');
		const frame = await screen.waitFor(
			(f) => (keyLine(f).includes('enter new line  ^S send') ? f : undefined),
			'Enter breaks the line in the body',
		);
		// Right under the line with the cursor.
		const lines = frame.split('\n');
		const body = lines.findIndex((l) => /^ *› body /.test(l));
		expect(lines[body + 1]).toContain('enter: new line · ctrl-s: send');
		await screen.press('a', keys.enter, 'b');
		await screen.waitFor(() => publish(screen).state.form.values.body === 'a\nb', 'two lines');
		expect(publish(screen).state.confirm).toBeUndefined();
		// Ctrl-S sends from here: the request is shown first.
		await screen.press(ctrlS);
		await screen.waitFor(() => publish(screen).state.confirm !== undefined, 'the request shown');
		await screen.press(keys.esc, keys.esc);
	});
});

describe.each([
	[200, 50],
	[80, 24],
])('What Enter does, as the key line says it, at %ix%i', (columns, rows) => {
	let session: Session;
	let readOnly: Session;
	beforeAll(async () => {
		[session, readOnly] = await Promise.all([
			startSession({ columns, rows, pane: 'publish' }),
			startSession({ columns, rows, pane: 'publish', readOnly: true }),
		]);
	});
	afterAll(() => Promise.all([session.close(), readOnly.close()]));

	const keyLine = (f: string) => f.trimEnd().split('\n').at(-1) ?? '';

	it('adds an item in the trigger’s item form, and says so', async () => {
		const { screen } = session;
		await screen.waitFor((f) => f.includes('Publish a message'), 'the form');
		await screen.press('t');
		await screen.waitFor((f) => f.includes('Batch workflow trigger · 0 items'), 'the trigger view');
		await screen.press('a', 'https://example.com/wf');
		const line = await screen.waitFor(
			(f) => (keyLine(f).includes('enter add') ? keyLine(f) : undefined),
			'Enter adds the item',
		);
		expect(line).toContain('^S add');
		expect(line).not.toContain('send');
		// In the body, Enter breaks the line and ctrl-s adds: said under the cursor too.
		await screen.press(keys.tab);
		const body = await screen.waitFor(
			(f) => (keyLine(f).includes('enter new line  ^S add') ? f : undefined),
			'Enter breaks the line in the body',
		);
		expect(body).toContain('enter: new line · ctrl-s: add');
		await screen.press(keys.shiftTab, keys.enter);
		await screen.waitFor(
			(f) => f.includes('Batch workflow trigger · 1 item'),
			'the item added, nothing sent',
		);
		expect(publish(screen).state.confirm).toBeUndefined();
	});

	it('offers no key that sends in read-only mode: Enter and ^S say read-only', async () => {
		const { screen } = readOnly;
		await screen.waitFor((f) => f.includes('Publish a message'), 'the form');
		await screen.press('e', 'https://example.com/hook');
		const line = await screen.waitFor(
			(f) => (keyLine(f).includes('read-only') ? keyLine(f) : undefined),
			'the form’s keys',
		);
		expect(line).toContain('enter/^S read-only');
		expect(line).not.toContain('send');
		await focusField(readOnly.screen, 'body');
		const body = await screen.waitFor(
			(f) => (keyLine(f).includes('enter new line') ? keyLine(f) : undefined),
			'the body’s keys',
		);
		expect(body).toContain('^S read-only');
		expect(body).not.toContain('send');
		await screen.press(keys.esc);
	});
});
