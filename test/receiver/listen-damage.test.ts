/**
 * `mqtop listen` on a history with a damaged record (issue #29, 7a): the requests before and
 * after it are kept, numbering goes on after the newest, `listen` says what it skipped, and a
 * length read from the damage (4 GiB) starts neither `listen` nor `listen --replay` on a crash.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyDirectory } from '../../source/receiver/history-files.js';
import { type Sink, startSink } from '../local/helpers.js';
import { waitUntil } from '../support/wait.js';
import { currentKey, sendSigned } from './helpers.js';
import { listen, type Running, stop } from './listen-process.js';

const total = 62;
const damagedSeq = 21;

let root: string;
let app: Sink;

beforeAll(async () => {
	root = await mkdtemp(path.join(tmpdir(), 'mqtop-listen-damage-'));
	app = await startSink();
});

afterAll(async () => {
	await app.close();
	await rm(root, { recursive: true, force: true });
});

const start = (dataDir: string) =>
	listen(['--json', '--current-signing-key', currentKey, '--data-dir', dataDir]);

async function urlOf(running: Running): Promise<string> {
	const first = await waitUntil(
		() => running.lines[0],
		15_000,
		() => `no listening line: ${running.stderr()}`,
	);
	return (JSON.parse(first) as { listening: string }).listening;
}

/** The seq of each request line printed so far. */
const seqs = (running: Running) =>
	running.lines.slice(1).map((line) => (JSON.parse(line) as { seq: number }).seq);

/** A data directory whose listen history holds `total` requests, the one numbered damagedSeq changed by `damage`. */
async function damagedData(damage: (file: Buffer, start: number) => void): Promise<string> {
	const dataDir = await mkdtemp(path.join(root, 'data-'));
	const running = start(dataDir);
	try {
		const url = await urlOf(running);
		for (let n = 1; n <= total; n++) expect((await sendSigned(url, '/hook', `{"n":${n}}`)).status).toBe(200);
	} finally {
		expect(await stop(running)).toBe(0);
	}
	expect(seqs(running)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
	const file = path.join(historyDirectory(dataDir), 'requests.bin');
	const bytes = await readFile(file);
	let at = 0;
	for (let seq = 1; seq < damagedSeq; seq++) at += 4 + bytes.readUInt32LE(at);
	damage(bytes, at);
	await writeFile(file, bytes);
	return dataDir;
}

/** `mqtop listen --replay <seq>` to the app: its exit code, and the body the app got. */
async function replay(
	dataDir: string,
	seq: number,
): Promise<{ code: number | null; stderr: string; body: string | undefined }> {
	const before = app.received.length;
	const running = listen([
		'--replay',
		String(seq),
		'--forward-to',
		app.url,
		'--current-signing-key',
		currentKey,
		'--data-dir',
		dataDir,
	]);
	const code = await running.exit;
	return { code, stderr: running.stderr(), body: app.received[before]?.body.toString() };
}

describe('mqtop listen on a history with a damaged record', () => {
	it('keeps every other request, says it skipped one, and numbers new requests after the newest', async () => {
		const dataDir = await damagedData((file, start) => {
			file[start + 4] = 99;
		});
		const running = start(dataDir);
		try {
			const url = await urlOf(running);
			expect((await sendSigned(url, '/hook', '{"n":"new"}')).status).toBe(200);
			await waitUntil(
				() => (running.lines.length === 2 ? true : undefined),
				10_000,
				'the new request printed',
			);
			expect(seqs(running)).toEqual([total + 1]);
		} finally {
			expect(await stop(running)).toBe(0);
		}
		expect(JSON.parse(running.stderr().trim())).toEqual({
			warning: expect.stringMatching(
				/^the history in .* has 1 damaged record \(\d+ bytes that do not read\): skipped, the requests around it are kept$/,
			),
		});
		for (const seq of [damagedSeq + 1, total]) {
			const sent = await replay(dataDir, seq);
			expect(sent, `replay ${seq}`).toMatchObject({ code: 0, body: `{"n":${seq}}` });
		}
		const lost = await replay(dataDir, damagedSeq);
		expect(lost.code).toBe(2);
		expect(lost.stderr).toContain(
			`no request ${damagedSeq} in the history: it keeps requests 1 to ${total + 1}`,
		);
		expect(lost.stderr).toContain('1 damaged record');
	});

	it('starts, and replays, when a record’s length reads as 4 GiB', async () => {
		const dataDir = await damagedData((file, start) => {
			file.writeUInt32LE(0xffff_ffff, start);
		});
		const running = start(dataDir);
		try {
			const url = await urlOf(running);
			expect((await sendSigned(url, '/hook', '{"n":"new"}')).status).toBe(200);
			await waitUntil(
				() => (running.lines.length === 2 ? true : undefined),
				10_000,
				'the new request printed',
			);
			expect(seqs(running)).toEqual([total + 1]);
		} finally {
			expect(await stop(running)).toBe(0);
		}
		expect(await replay(dataDir, total)).toMatchObject({ code: 0, body: `{"n":${total}}` });
		expect(await replay(dataDir, total + 1)).toMatchObject({ code: 0, body: '{"n":"new"}' });
	});
});
