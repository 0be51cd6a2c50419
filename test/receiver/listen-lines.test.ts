/**
 * What a `mqtop listen` line says of a request beyond its content: its number, which
 * `--replay <n>` takes (issue #31), and whether its signature was seen before, a replay of an
 * earlier request (issue #29, 8): still accepted, and marked in the line and in `--json`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '../../source/signing/jwt.js';
import { type Sink, startSink } from '../local/helpers.js';
import { waitUntil } from '../support/wait.js';
import { currentKey, send } from './helpers.js';
import { listen, type Running, stop } from './listen-process.js';

let root: string;
let app: Sink;

beforeAll(async () => {
	root = await mkdtemp(path.join(tmpdir(), 'mqtop-listen-lines-'));
	app = await startSink();
});

afterAll(async () => {
	await app.close();
	await rm(root, { recursive: true, force: true });
});

/** The URL a plain `mqtop listen` prints in its banner. */
async function bannerUrl(running: Running): Promise<string> {
	const banner = await waitUntil(
		() => (running.lines.some((l) => l.includes('Ctrl-C')) ? running.lines.join('\n') : undefined),
		15_000,
		() => `no banner: ${running.stderr()}`,
	);
	return /receiving on (http:\/\/\S+)/.exec(banner)![1]!;
}

/** The same request, signed once, sent `times` times. */
async function sendTwice(url: string, body: string): Promise<number[]> {
	const token = signRequest({ key: currentKey, issuer: 'Svc', url: `${url}/hook`, body });
	const statuses: number[] = [];
	for (let i = 0; i < 2; i++)
		statuses.push((await send(`${url}/hook`, { body, headers: { 'Svc-Signature': token } })).status);
	return statuses;
}

describe('a mqtop listen line', () => {
	it('shows the number of its request, which --replay takes', async () => {
		const dataDir = await mkdtemp(path.join(root, 'number-'));
		const running = listen(['--current-signing-key', currentKey, '--data-dir', dataDir]);
		let lines: string[];
		try {
			const url = await bannerUrl(running);
			for (const body of ['first', 'second', 'third'])
				expect((await send(`${url}/hook`, { body, headers: signed(url, body) })).status).toBe(200);
			lines = await waitUntil(
				() => {
					const found = running.lines.filter((l) => l.includes('POST /hook'));
					return found.length === 3 ? found : undefined;
				},
				10_000,
				'three lines',
			);
		} finally {
			expect(await stop(running)).toBe(0);
		}
		const second = lines.find((l) => l.includes('second'))!;
		const number = / {2}#(\d+) {2}/.exec(second)?.[1];
		expect(number, second).toBeDefined();
		const replay = listen([
			'--replay',
			number!,
			'--forward-to',
			app.url,
			'--current-signing-key',
			currentKey,
			'--data-dir',
			dataDir,
		]);
		expect(await replay.exit).toBe(0);
		expect(app.received.at(-1)?.body.toString()).toBe('second');
		expect(replay.lines[0]).toContain(`replay #${number}`);
	});

	it('marks a request whose signature was seen before as a replay, and accepts it', async () => {
		const running = listen([
			'--current-signing-key',
			currentKey,
			'--data-dir',
			await mkdtemp(path.join(root, 'seen-')),
		]);
		try {
			const url = await bannerUrl(running);
			expect(await sendTwice(url, 'once')).toEqual([200, 200]);
			const [first, again] = await waitUntil(
				() => {
					const found = running.lines.filter((l) => l.includes('POST /hook'));
					return found.length === 2 ? found : undefined;
				},
				10_000,
				'two lines',
			);
			const firstNumber = / {2}#(\d+) {2}/.exec(first!)![1];
			expect(first).not.toContain('replay');
			expect(again).toContain(`✓ current  replay of #${firstNumber}`);
			expect(again).toContain('→ 200');
		} finally {
			expect(await stop(running)).toBe(0);
		}
	});

	it('says so in --json too', async () => {
		const running = listen([
			'--json',
			'--current-signing-key',
			currentKey,
			'--data-dir',
			await mkdtemp(path.join(root, 'seen-json-')),
		]);
		try {
			const first = await waitUntil(
				() => running.lines[0],
				15_000,
				() => `no listening line: ${running.stderr()}`,
			);
			const url = (JSON.parse(first) as { listening: string }).listening;
			expect(await sendTwice(url, 'once')).toEqual([200, 200]);
			await waitUntil(() => (running.lines.length === 3 ? true : undefined), 10_000, 'two request lines');
			const [one, two] = running.lines
				.slice(1)
				.map((l) => JSON.parse(l) as { seq: number; replayOf: number | null; verified: boolean });
			expect(one).toMatchObject({ verified: true, replayOf: null });
			expect(two).toMatchObject({ verified: true, replayOf: one!.seq, responseStatus: 200 });
		} finally {
			expect(await stop(running)).toBe(0);
		}
	});
});

function signed(url: string, body: string): Record<string, string> {
	return { 'Svc-Signature': signRequest({ key: currentKey, issuer: 'Svc', url: `${url}/hook`, body }) };
}
