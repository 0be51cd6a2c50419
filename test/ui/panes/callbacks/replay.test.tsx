/**
 * Replay from the Callbacks pane: the monitor's receiver forwards to an app and keeps its
 * history; R sends the selected request to the app again, signed afresh, and its row shows the
 * app's answer beside the original's; e edits the body first.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDialect } from '../../../../source/api/dialect.js';
import type { ReceiverHandle } from '../../../../source/receiver/receiver.js';
import { startReceiver } from '../../../../source/receiver/receiver.js';
import { replayFromHistory } from '../../../../source/receiver/replay-send.js';
import { verifySignature } from '../../../../source/signing/jwt.js';
import { generateSigningKey } from '../../../../source/signing/keys.js';
import { type Fixture, startFixture } from '../../../local/helpers.js';
import { sendSigned } from '../../../receiver/helpers.js';
import { listen, type TestServer } from '../../../support/http-server.js';
import { waitUntil } from '../../../support/wait.js';
import { mountTui, keys as press, type Screen } from '../../harness.js';

const signing = { current: generateSigningKey(), next: generateSigningKey() };
let dir: string;
let fixture: Fixture;
let app: TestServer;
let receiver: ReceiverHandle;
let screen: Screen;
const seen: { url: string; body: string; signature: string }[] = [];

beforeAll(async () => {
	dir = await mkdtemp(path.join(tmpdir(), 'mqtop-replay-'));
	fixture = await startFixture({ currentSigningKey: signing.current, nextSigningKey: signing.next });
	// The app fails the first request it sees and takes every other.
	app = await listen((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			seen.push({
				url: req.url ?? '',
				body: Buffer.concat(chunks).toString(),
				signature: String(req.headers['svc-signature']),
			});
			res.statusCode = seen.length === 1 ? 500 : 202;
			res.end('noted');
		});
	});
	const historyDir = path.join(dir, 'receiver');
	receiver = await startReceiver({
		currentSigningKey: signing.current,
		nextSigningKey: signing.next,
		forwardTo: `${app.url}/app`,
		historyDir,
	});
	screen = mountTui(
		fixture.client,
		{ embedded: true, accountId: fixture.service.accountId, receiverUrl: receiver.url },
		{
			pane: 'callbacks',
			receiver: {
				url: receiver.url,
				store: receiver.store,
				currentSigningKey: signing.current,
				nextSigningKey: signing.next,
				forwardTo: `${app.url}/app`,
				replay: (seq, edits) =>
					replayFromHistory(
						{
							historyDir,
							forwardTo: `${app.url}/app`,
							key: signing.current,
							dialect: resolveDialect(undefined),
						},
						seq,
						edits,
					),
			},
		},
	);
});

afterAll(async () => {
	screen.unmount();
	await receiver.close();
	await app.close();
	await fixture.close();
	await rm(dir, { recursive: true, force: true });
});

function verifiesFor(index: number, url: string): boolean {
	const request = seen[index]!;
	return verifySignature({
		token: request.signature,
		body: request.body,
		currentKey: signing.current,
		nextKey: signing.next,
		issuer: resolveDialect(undefined).issuer,
		url,
	}).ok;
}

describe('replay in the Callbacks pane', () => {
	it('sends the selected request again, signed afresh, and shows the answer beside the original', async () => {
		await screen.waitFor((f) => f.includes('R sends again to'), 'the replay hint');
		const url = `${receiver.url}/hooks/order`;
		expect(
			(await sendSigned(receiver.url, '/hooks/order', '{"order":7}', { key: signing.current })).status,
		).toBe(500);
		await screen.waitFor((f) => f.includes('→ app 500'), 'the forwarded request');
		// R shows the request first, as every action does: n goes back with nothing sent.
		await screen.press('R');
		const shown = await screen.waitFor(
			(f) => (f.includes('send request #1 again to the app, signed afresh') ? f : undefined),
			'the request shown first',
		);
		expect(shown).toContain(`to ${app.url}/app`);
		expect(shown).toContain('POST /hooks/order');
		expect(shown).toMatch(/svc-signature: \(signed afresh with the current signing key\)/i);
		expect(shown).toContain('{"order":7}');
		expect(shown).toContain('enter/y send this request · esc/n back, nothing is sent');
		await screen.press('n');
		await screen.waitFor((f) => !f.includes('send request #1 again'), 'back, nothing sent');
		expect(seen).toHaveLength(1);
		expect(screen.frame()).not.toContain('↻');
		await screen.press('R');
		await screen.waitFor((f) => f.includes('send request #1 again'), 'the request again');
		await screen.press('y');
		const row = await screen.waitFor(
			(f) => f.split('\n').find((l) => l.includes('→ app 500') && l.includes('↻ app 202')),
			'the replay beside the original',
		);
		expect(row).toContain('POST /hooks/order');
		expect(seen).toHaveLength(2);
		expect(seen[1]).toMatchObject({ url: '/app/hooks/order', body: '{"order":7}' });
		expect(seen[1]!.signature).not.toBe(seen[0]!.signature);
		expect(verifiesFor(1, url)).toBe(true);

		await screen.press('e');
		await screen.waitFor((f) => f.includes('Replay #1 with body'), 'the body field');
		await screen.press(...'{"order":8}'.split('').map(() => press.backspace), press.backspace);
		// At 80x24 too: the request with the body typed is shown first, and sent on y.
		screen.resize(80, 24);
		await screen.press('{"order":8}', press.enter);
		const edited = await screen.waitFor(
			(f) => (f.includes('send request #1 again to the app') && f.includes('{"order":8}') ? f : undefined),
			'the edited request shown first',
		);
		expect(edited).toContain('POST /hooks/order');
		expect(seen).toHaveLength(2);
		await screen.press('y');
		await screen.waitFor((f) => f.includes('↻ edited') || f.includes('↻ 202'), 'the edited replay');
		await waitUntil(() => (seen.length === 3 ? true : undefined));
		expect(seen[2]!.body).toBe('{"order":8}');
		expect(verifiesFor(2, url)).toBe(true);
	});
});
