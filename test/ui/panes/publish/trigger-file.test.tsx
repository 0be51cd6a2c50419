/**
 * The trigger's file loader reads items as `mqtop trigger items.json` does (issue 38): a body
 * that is not a string is JSON, sent as its serialisation, as the workflow SDK's
 * `trigger({ body })` sends it; the request is shown first, then the run starts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sink, startSink } from '../../../local/helpers.js';
import { keys, type Session, startSession } from '../../harness.js';

let session: Session;
let sink: Sink;
let dir: string;

beforeAll(async () => {
	sink = await startSink();
	dir = await mkdtemp(join(tmpdir(), 'mqtop-trigger-file-'));
	session = await startSession({ columns: 160, rows: 45, pane: 'publish' });
});
afterAll(async () => {
	await session?.close();
	await sink?.close();
	await rm(dir, { recursive: true, force: true });
});

describe('the trigger’s file loader', () => {
	it('says what it does with a JSON body, takes one, shows it in the request, and triggers the run', async () => {
		const { screen } = session;
		const file = join(dir, 'items.json');
		await writeFile(file, JSON.stringify([{ destination: `${sink.url}/wf`, body: { order: 7 } }]));
		await screen.press('t');
		await screen.waitFor((f) => f.includes('Batch workflow trigger · 0 items'), 'the trigger view');
		// The file form says what it does with a JSON body, down to 80 columns.
		screen.resize(80, 24);
		await screen.press('l');
		await screen.waitFor((f) => f.includes('a JSON body is sent as JSON text'), 'the file form says so');
		screen.resize(160, 45);
		await screen.press(file, keys.enter);
		await screen.waitFor((f) => f.includes(`loaded 1 item from ${file}`), 'loaded');
		await screen.press('s');
		const confirm = await screen.waitFor(
			(f) => (f.includes('trigger 1 workflow run') ? f : undefined),
			'the request shown first',
		);
		expect(confirm).toContain('POST /v2/batch/trigger');
		expect(confirm).toContain(JSON.stringify([{ destination: `${sink.url}/wf`, body: '{"order":7}' }]));
		expect(sink.received).toHaveLength(0);
		await screen.press(keys.enter);
		const [run] = await sink.waitFor(1);
		// A run's first call carries its steps so far: the initial payload, base64.
		const [initial] = JSON.parse(run!.body.toString()) as { body: string }[];
		expect(JSON.parse(Buffer.from(initial!.body, 'base64').toString())).toEqual({ order: 7 });
		await screen.waitFor((f) => f.includes(String(run!.headers['svc-workflow-runid'])), 'the run shown');
	});
});
