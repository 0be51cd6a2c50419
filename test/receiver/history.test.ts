/**
 * The receiver's history on disk: a request comes back from it exactly as it arrived (any
 * bytes, any headers, any verdict), numbering goes on after a restart, a frame cut short by a
 * kill costs only itself, the files stay within their budget, what waits to be written and
 * what is written a second are bounded, and a frame of a format this version does not read is
 * skipped and named, never read as a request.
 */
import { existsSync } from 'node:fs';
import {
	appendFile,
	mkdir,
	mkdtemp,
	readdir,
	readFile,
	rm,
	stat,
	symlink,
	writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedRequest, Verification } from '../../source/receiver/event.js';
import { findInHistory } from '../../source/receiver/history-find.js';
import { HistoryWriter } from '../../source/receiver/history-write.js';
import {
	decodeCaptured,
	decodeRequest,
	encodeRequest,
	frameVerdict,
	glanceFrame,
	readFrame,
	sealFrame,
	writeFrame,
} from '../../source/receiver/request-frame.js';

let root: string;
let n = 0;
const freshDir = () => path.join(root, `history-${++n}`);

beforeAll(async () => {
	root = await mkdtemp(path.join(tmpdir(), 'mqtop-history-'));
});

afterAll(async () => {
	await rm(root, { recursive: true, force: true });
});

function request(seq: number, overrides: Partial<ReceivedRequest> = {}): ReceivedRequest {
	return {
		seq,
		receivedAt: 1_767_225_600_000 + seq,
		method: 'POST',
		path: `/hook?n=${seq}`,
		rawHeaders: ['Host', '127.0.0.1', 'Svc-Signature', `token.${seq}.sig`, 'X-Twice', 'a', 'x-twice', 'b'],
		body: Buffer.from(`{"n":${seq}}`),
		verification: { ok: true, key: 'current', claims: {} } as unknown as Verification,
		responseStatus: 200,
		...overrides,
	};
}

describe('a frame', () => {
	const verification = fc.oneof(
		fc.constant(undefined),
		fc.record({ keyPair: fc.option(fc.string(), { nil: undefined }) }).map(
			({ keyPair }) =>
				({
					ok: true,
					key: 'next',
					claims: {},
					...(keyPair !== undefined ? { keyPair } : {}),
				}) as Verification,
		),
		fc.string().map((reason) => ({ ok: false, failure: 'signature', reason }) as Verification),
	);
	const forward = fc.option(
		fc.record(
			{
				url: fc.webUrl(),
				status: fc.integer({ min: 100, max: 599 }),
				ms: fc.nat().map((n) => n / 8),
				error: fc.string(),
			},
			{ requiredKeys: ['url', 'ms'] },
		),
		{ nil: undefined },
	);
	// Header text as Node gives it (latin1), and any string a caller could hand over, NULs too.
	const headerText = fc.oneof(
		fc.string({ unit: 'binary' }),
		fc.string({ unit: fc.integer({ min: 0, max: 255 }).map((c) => String.fromCharCode(c)) }),
	);

	it('gives back the request as it arrived, whatever its bytes and verdict', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 2 ** 40 }),
				fc.string(),
				fc.array(fc.tuple(headerText, headerText)),
				fc.uint8Array({ maxLength: 300 }),
				verification,
				forward,
				fc.integer({ min: 100, max: 599 }),
				(seq, pathText, headers, body, v, fwd, status) => {
					const input = request(seq, {
						path: pathText,
						rawHeaders: headers.flat(),
						body,
						verification: v,
						responseStatus: status,
						...(fwd ? { forward: fwd } : {}),
					});
					const frame = encodeRequest(input)!;
					const read = readFrame(frame, 0);
					expect(read).toEqual({ complete: true, span: { seq, start: 0, end: frame.length } });
					if (!read.complete) return;
					const back = decodeCaptured(frame, read.span)!;
					expect(back.seq).toBe(seq);
					expect(back.path).toBe(pathText);
					expect(back.rawHeaders).toEqual(headers.flat());
					expect([...back.body]).toEqual([...body]);
					expect(back.verified).toBe(v?.ok === true);
					expect(back.reason).toBe(v && !v.ok ? v.reason : undefined);
					expect(back.keyPair).toBe(v?.ok ? v.keyPair : undefined);
					expect(back.responseStatus).toBe(status);
					expect(back.forward).toEqual(fwd);
				},
			),
		);
	});

	it('is not read before all of it is there, and a damaged one is not a frame', () => {
		const frame = encodeRequest(request(7))!;
		for (const cut of [0, 3, 12, frame.length - 1])
			expect(readFrame(frame.subarray(0, cut), 0)).toMatchObject({
				complete: false,
				need: expect.any(Number),
			});
		const damaged = Buffer.from(frame);
		damaged[4] = 99;
		expect(readFrame(damaged, 0)).toEqual({ complete: false, need: undefined });
	});

	it('crosses to the main thread whole: verdict, claims, a body never read', () => {
		const claims = {
			iss: 'Svc',
			sub: 'http://127.0.0.1/',
			iat: 1,
			nbf: 1,
			exp: 301,
			jti: 'jwt_1',
			body: 'abc',
			extra: [1, { a: 'é' }],
		};
		const cases: ReceivedRequest[] = [
			request(1, { verification: { ok: true, key: 'next', claims, keyPair: 'eu' } as Verification }),
			request(2, {
				verification: { ok: false, failure: 'expired', reason: 'token expired', claims } as Verification,
				forward: { url: 'http://127.0.0.1:3000/', status: 500, ms: 12.5 },
			}),
			request(3, { body: undefined, verification: undefined, oversize: { limitBytes: 10, seenBytes: 99 } }),
		];
		const frames = Buffer.concat(cases.map(encodeRequest));
		const back: ReceivedRequest[] = [];
		for (let at = 0; at < frames.length; ) {
			const read = readFrame(frames, at);
			if (!read.complete) throw new Error('incomplete');
			back.push(decodeRequest(frames, read.span));
			at = read.span.end;
		}
		expect(back.map((r) => ({ ...r, body: r.body && Buffer.from(r.body).toString() }))).toEqual(
			cases.map((r) => ({ ...r, body: r.body && Buffer.from(r.body).toString() })),
		);
		// A body never read is nothing to send again.
		const oversize = encodeRequest(cases[2]!);
		const read = readFrame(oversize, 0);
		expect(read.complete && decodeCaptured(oversize, read.span)).toBeUndefined();
	});
});

/** The frame of a request as a build before the checksum wrote it (format 2, never released). */
function unchecked(frame: Buffer): Buffer {
	const old = Buffer.concat([frame.subarray(0, 14), frame.subarray(22, frame.length - 4)]);
	old.writeUInt32LE(frame.readUInt32LE(0) - 12, 0);
	old[4] = 2;
	return old;
}

/** A whole frame of another format, as a later version would write it: its length, format byte and checksum. */
function otherFormat(format: number, frame: Buffer): Buffer {
	const other = Buffer.from(frame);
	other[4] = format;
	sealFrame(other);
	return other;
}

describe('a batch of frames', () => {
	const cases: ReceivedRequest[] = [
		request(1),
		request(2, { verification: { ok: false, failure: 'signature', reason: 'no' } as Verification }),
		request(3, { body: undefined, verification: undefined, oversize: { limitBytes: 4, seenBytes: 9 } }),
		request(4, {
			path: '/é?q=ü',
			rawHeaders: ['X-Nul', 'a\0b', 'X-Text', 'ünï'],
			body: Buffer.from('ünïcode'),
		}),
	];

	it('holds each frame as encodeRequest makes it, back to back, or none when one does not fit', () => {
		const batch = Buffer.alloc(4096, 0xaa);
		let at = 0;
		for (const input of cases) {
			const frame = encodeRequest(input);
			const end = writeFrame(input, batch, at);
			expect(end).toBe(at + frame.length);
			expect(batch.subarray(at, end)).toEqual(frame);
			at = end!;
		}
		// One byte short: nothing is written, and the caller starts a new batch.
		const frame = encodeRequest(cases[3]!);
		const short = Buffer.alloc(frame.length - 1, 0xaa);
		expect(writeFrame(cases[3]!, short, 0)).toBeUndefined();
		expect(short.every((byte) => byte === 0xaa)).toBe(true);
		expect(writeFrame(cases[3]!, Buffer.alloc(frame.length), 0)).toBe(frame.length);
	});

	it('says by its flags alone whether a request was verified and its body read, and shows its headers and body', () => {
		for (const input of cases) {
			const frame = encodeRequest(input);
			const read = readFrame(frame, 0);
			if (!read.complete) throw new Error('incomplete');
			expect(frameVerdict(frame, read.span)).toEqual({
				verified: input.verification?.ok === true,
				bodyRead: input.body !== undefined,
			});
			const glance = glanceFrame(frame, read.span);
			expect(glance.rawHeaders).toEqual(input.rawHeaders);
			expect(glance.body && Buffer.from(glance.body)).toEqual(input.body && Buffer.from(input.body));
		}
	});

	it('reads no frame of another format as a request', () => {
		for (const input of cases) {
			const frame = encodeRequest(input);
			for (const other of [unchecked(frame), otherFormat(4, frame)])
				expect(readFrame(other, 0)).toEqual({ complete: false, need: undefined });
		}
	});
});

describe('the history on disk', () => {
	it('finds a request after a restart, and goes on numbering after the newest', async () => {
		const dir = freshDir();
		const history = await HistoryWriter.open(dir);
		expect(history.lastSeq).toBe(0);
		for (let seq = 1; seq <= 20; seq++) history.append(request(seq));
		await history.close();

		const again = await HistoryWriter.open(dir);
		expect(again.lastSeq).toBe(20);
		await again.close();
		const found = await findInHistory(dir, 12);
		expect(found.kept).toEqual({ first: 1, last: 20 });
		expect(found.request).toMatchObject({
			seq: 12,
			path: '/hook?n=12',
			rawHeaders: request(12).rawHeaders,
			verified: true,
			responseStatus: 200,
		});
		expect(found.request?.body.toString()).toBe('{"n":12}');
		expect((await findInHistory(dir, 21)).request).toBeUndefined();
	});

	it('numbers after the highest seq kept, though the requests were recorded out of order', async () => {
		const dir = freshDir();
		const history = await HistoryWriter.open(dir);
		// A forwarded request is recorded when the app answers, after the ones that came behind it.
		for (const seq of [1, 3, 4, 2]) history.append(request(seq));
		await history.close();
		const again = await HistoryWriter.open(dir);
		expect(again.lastSeq).toBe(4);
		await again.close();
	});

	it('reads on past a frame a kill left half written: the frames after it read', async () => {
		const dir = freshDir();
		const history = await HistoryWriter.open(dir);
		for (let seq = 1; seq <= 3; seq++) history.append(request(seq));
		await history.close();
		const half = encodeRequest(request(4))!.subarray(0, 30);
		await appendFile(path.join(dir, 'requests.bin'), half);

		const again = await HistoryWriter.open(dir);
		expect(again.lastSeq).toBe(3);
		again.append(request(4, { body: Buffer.from('whole') }));
		again.append(request(5));
		await again.close();
		const found = await findInHistory(dir, 4);
		expect(found.request?.body.toString()).toBe('whole');
		expect(found.kept).toEqual({ first: 1, last: 5 });
	});

	describe('a damaged record in the middle', () => {
		const total = 62;
		const damagedSeq = 21;
		/** Where each frame of a file starts, read from their lengths. */
		const frameStarts = (file: Buffer) => {
			const starts: number[] = [];
			for (let at = 0; at < file.length; at += 4 + file.readUInt32LE(at)) starts.push(at);
			return starts;
		};
		/** A history of `total` requests whose frame `damagedSeq` `damage` changes, in place. */
		const damagedHistory = async (damage: (file: Buffer, start: number) => void) => {
			const dir = freshDir();
			const history = await HistoryWriter.open(dir);
			for (let seq = 1; seq <= total; seq++) history.append(request(seq));
			await history.close();
			const name = path.join(dir, 'requests.bin');
			const file = await readFile(name);
			expect(frameStarts(file)).toHaveLength(total);
			damage(file, frameStarts(file)[damagedSeq - 1]!);
			await writeFile(name, file);
			return { dir, name, size: file.length };
		};
		const damages: [string, (file: Buffer, start: number) => void][] = [
			['its format byte', (file, start) => file.writeUInt8(99, start + 4)],
			['a byte of its meta', (file, start) => file.writeUInt8(file.readUInt8(start + 30) ^ 0x55, start + 30)],
			[
				'a byte of its body',
				(file, start) => {
					const at = start + 4 + file.readUInt32LE(start) - 6;
					file.writeUInt8(file.readUInt8(at) ^ 1, at);
				},
			],
			[
				'its length, a little longer',
				(file, start) => file.writeUInt32LE(file.readUInt32LE(start) + 7, start),
			],
			[
				'its length, a little shorter',
				(file, start) => file.writeUInt32LE(file.readUInt32LE(start) - 7, start),
			],
			['its length, past the end of the file', (file, start) => file.writeUInt32LE(file.length, start)],
		];

		it.each(damages)(
			'(%s) costs that record only, said, and numbering goes on after the newest',
			async (_, damage) => {
				const { dir, name, size } = await damagedHistory(damage);
				for (const seq of [1, damagedSeq - 1, damagedSeq + 1, 40, total]) {
					const found = await findInHistory(dir, seq);
					expect(found.request?.body.toString(), `request ${seq}`).toBe(`{"n":${seq}}`);
					expect(found.kept).toEqual({ first: 1, last: total });
					expect(found.damage).toMatch(/^has 1 damaged record \(\d+ bytes? that do not read\)/);
				}
				expect((await findInHistory(dir, damagedSeq)).request).toBeUndefined();

				const errors: string[] = [];
				const again = await HistoryWriter.open(dir, {}, (error) => errors.push(error.message));
				expect(again.lastSeq).toBe(total);
				expect(errors).toEqual([
					expect.stringMatching(
						new RegExp(
							`^the history in ${dir} has 1 damaged record \\(\\d+ bytes? that do not read\\): skipped, the requests around it are kept$`,
						),
					),
				]);
				again.append(request(total + 1));
				await again.close();
				// Nothing was cut off: the new request went after all of it.
				expect((await stat(name)).size).toBeGreaterThan(size);
				const newest = await findInHistory(dir, total + 1);
				expect(newest.request?.body.toString()).toBe(`{"n":${total + 1}}`);
				expect(newest.kept).toEqual({ first: 1, last: total + 1 });
			},
		);

		it('wherever the damage is and whatever it writes, every record it did not touch is read', async () => {
			const dir = freshDir();
			const history = await HistoryWriter.open(dir);
			for (let seq = 1; seq <= 30; seq++) history.append(request(seq));
			await history.close();
			const name = path.join(dir, 'requests.bin');
			const whole = await readFile(name);
			const starts = [...frameStarts(whole), whole.length];
			await fc.assert(
				fc.asyncProperty(
					fc.nat({ max: whole.length - 1 }),
					fc.uint8Array({ minLength: 1, maxLength: 600 }),
					async (at, bytes) => {
						const file = Buffer.from(whole);
						file.set(bytes.subarray(0, file.length - at), at);
						await writeFile(name, file);
						const seen: number[] = [];
						for (let seq = 1; seq <= 30; seq++)
							if ((await findInHistory(dir, seq)).request?.body.toString() === `{"n":${seq}}`) seen.push(seq);
						const touched = (seq: number) => starts[seq - 1]! < at + bytes.length && at < starts[seq]!;
						for (let seq = 1; seq <= 30; seq++) if (!touched(seq)) expect(seen).toContain(seq);
					},
				),
				{ numRuns: 40 },
			);
		});
	});

	it('stays within its bytes, keeping the newest requests', async () => {
		const dir = freshDir();
		const history = await HistoryWriter.open(dir, { maxBytes: 8000 });
		for (let seq = 1; seq <= 200; seq++) {
			history.append(request(seq));
			if (seq % 10 === 0) await history.flush();
		}
		await history.close();
		const sizes = await Promise.all(
			(await readdir(dir)).map(async (name) => (await stat(path.join(dir, name))).size),
		);
		const frame = encodeRequest(request(200))!.length;
		expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(8000 + 10 * frame);
		const found = await findInHistory(dir, 200);
		expect(found.request?.seq).toBe(200);
		expect(found.kept!.first).toBeGreaterThan(1);
		expect(found.kept!.last).toBe(200);
	});

	it('does not hold more than its bound waiting for the disk, and counts what it did not keep', async () => {
		const dir = freshDir();
		const frames = Array.from({ length: 8 }, (_, i) => encodeRequest(request(i + 1)));
		const history = await HistoryWriter.open(dir, { maxPendingBytes: frames[0]!.length * 5 + 10 });
		// All in one turn: nothing is written before the sixth.
		for (const frame of frames) history.appendFrame(frame);
		expect(history.dropped).toBe(3);
		await history.close();
		expect((await findInHistory(dir, 1)).kept).toEqual({ first: 1, last: 5 });
	});

	it('writes at most its bytes a second: of a burst beyond them it keeps the newest', async () => {
		const dir = freshDir();
		const frame = encodeRequest(request(1)).length;
		const history = await HistoryWriter.open(dir, { maxBytesPerSecond: frame * 3 + 10 });
		for (let seq = 1; seq <= 10; seq++) history.append(request(seq));
		await history.close();
		expect(history.dropped).toBe(7);
		const found = await findInHistory(dir, 10);
		expect(found.kept).toEqual({ first: 8, last: 10 });
		expect(found.request?.body.toString()).toBe('{"n":10}');
	});

	it('lets go at once of the requests of a burst that no write could take, and still keeps the newest', async () => {
		const dir = freshDir();
		const big = (seq: number) => request(seq, { body: Buffer.alloc(2000, seq) });
		const frame = encodeRequest(big(1)).length;
		const history = await HistoryWriter.open(dir, { maxBytesPerSecond: frame * 3 + 10 });
		for (let seq = 1; seq <= 10; seq++) history.append(big(seq));
		// Before any write: held, they would live until it.
		expect(history.dropped).toBeGreaterThanOrEqual(5);
		await history.close();
		expect(history.dropped).toBe(7);
		const found = await findInHistory(dir, 10);
		expect(found.kept).toEqual({ first: 8, last: 10 });
		expect(found.request?.body).toEqual(Buffer.alloc(2000, 10));
	});

	// /dev/full takes no write: ENOSPC, as a full disk answers.
	it.skipIf(!existsSync('/dev/full'))(
		'says when the disk takes no write, counts those requests as not kept, and does not say it again at every write',
		async () => {
			const dir = freshDir();
			await mkdir(dir, { recursive: true });
			await symlink('/dev/full', path.join(dir, 'requests.bin'));
			const errors: Error[] = [];
			const history = await HistoryWriter.open(dir, {}, (error) => errors.push(error));
			history.append(request(1));
			await history.flush();
			expect(errors.map((error) => error.message)).toEqual([
				`the history in ${dir} did not keep 1 request for replay: ENOSPC: no space left on device, write`,
			]);
			history.append(request(2));
			await history.flush();
			history.append(request(3));
			await history.flush();
			expect(errors).toHaveLength(1);
			expect(history.dropped).toBe(3);
			await history.close();
		},
	);

	it('skips the frames of a later format, says which, and reads the frames around them', async () => {
		const dir = freshDir();
		await mkdir(dir, { recursive: true });
		const sealed = (seq: number) => {
			const frame = encodeRequest(request(seq));
			sealFrame(frame);
			return frame;
		};
		await writeFile(
			path.join(dir, 'requests.bin'),
			Buffer.concat([sealed(5), otherFormat(4, sealed(6)), sealed(7), otherFormat(9, sealed(8))]),
		);
		const said =
			/has records in format 4, 9, which this version of mqtop does not read \(it reads format 3\): \d+ bytes skipped, the requests around them are kept$/;
		const found = await findInHistory(dir, 7);
		expect(found.request?.path).toBe('/hook?n=7');
		expect(found.kept).toEqual({ first: 5, last: 7 });
		expect(found.damage).toMatch(said);
		expect((await findInHistory(dir, 6)).request).toBeUndefined();
		const errors: Error[] = [];
		const history = await HistoryWriter.open(dir, {}, (error) => errors.push(error));
		expect(history.lastSeq).toBe(7);
		expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(said)]);
		history.append(request(8));
		await history.close();
		expect((await findInHistory(dir, 8)).request?.path).toBe('/hook?n=8');
	});

	it('reads a history of frames an unreleased build wrote (format 2, no checksum) as damaged, and starts', async () => {
		const dir = freshDir();
		await mkdir(dir, { recursive: true });
		await writeFile(
			path.join(dir, 'requests.bin'),
			Buffer.concat([unchecked(encodeRequest(request(5))), unchecked(encodeRequest(request(9)))]),
		);
		const errors: Error[] = [];
		const history = await HistoryWriter.open(dir, {}, (error) => errors.push(error));
		expect(history.lastSeq).toBe(0);
		expect(errors.map((error) => error.message)).toEqual([
			expect.stringMatching(/has 1 damaged record \(\d+ bytes that do not read\)/),
		]);
		history.append(request(1));
		await history.close();
		const found = await findInHistory(dir, 9);
		expect(found.request).toBeUndefined();
		expect(found.kept).toEqual({ first: 1, last: 1 });
	});
});
