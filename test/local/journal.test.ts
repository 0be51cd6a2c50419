/**
 * The journal on its own: records reported through a sink are written in one batch per turn
 * (the last value of a key wins) and read back after a reopen; `settle()` resolves once what
 * was reported is written; a whole store registered with snapshot()/restore() (statistics) is
 * restored at registration and saved on its timer and at close; a second
 * process (here: a second open) is refused while the first has the directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ClassicLevel } from 'classic-level';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDialect } from '../../source/api/dialect.js';
import { resolveLimits } from '../../source/local/account/limits.js';
import { createMessage } from '../../source/local/messages/factory.js';
import {
	jsonCodec,
	lightJsonCodec,
	messageCodec,
	messageFields,
} from '../../source/local/persistence/codec.js';
import { Journal } from '../../source/local/persistence/journal.js';
import { StateInUseError, StateVersionError } from '../../source/local/persistence/state-errors.js';
import { waitUntil } from '../support/wait.js';

let dir: string;
beforeAll(async () => {
	dir = await mkdtemp(path.join(tmpdir(), 'mqtop-journal-'));
});
afterAll(async () => {
	await rm(dir, { recursive: true, force: true });
});

const codec = jsonCodec<{ n: number; bytes?: Buffer }>();

/** A store of the kind another part may add: plain data with snapshot() and restore(). */
class Runs {
	runs: Record<string, string> = {};
	snapshot() {
		return { ...this.runs };
	}
	restore(data: unknown) {
		this.runs = { ...(data as Record<string, string>) };
	}
}

describe('the journal', () => {
	it('writes what a sink reports, the latest value of a key, and reads it back', async () => {
		const where = path.join(dir, 'records');
		const journal = await Journal.open(where, (error) => {
			throw error;
		});
		const sink = journal.collection('things', codec);
		sink.put('a', { n: 1 });
		sink.put('a', { n: 2, bytes: Buffer.from([0, 255]) });
		sink.put('b', { n: 3 });
		sink.put('c', { n: 4 });
		sink.delete('c');
		expect(journal.settle()).toBeInstanceOf(Promise);
		await journal.settle();
		expect(journal.settle()).toBeUndefined();
		await journal.close();

		const again = await Journal.open(where, () => {});
		const kept = await again.load('things', codec);
		expect(kept).toEqual([
			['a', { n: 2, bytes: Buffer.from([0, 255]) }],
			['b', { n: 3 }],
		]);
		expect(await again.any('things')).toBe(true);
		expect(await again.any('nothing')).toBe(false);
		again.collection('things', codec).clear();
		await again.settle();
		expect(await again.load('things', codec)).toEqual([]);
		await again.close();
	});

	it('writes nothing of a batch with a record that cannot be encoded, and opens again after it', async () => {
		const where = path.join(dir, 'unencodable');
		const journal = await Journal.open(where, () => {});
		const sink = journal.collection('things', codec);
		const broken = journal.collection('broken', {
			encode: () => {
				throw new Error('no bytes for this');
			},
			decode: () => ({}),
		});
		sink.put('a', { n: 1 });
		await journal.settle();
		sink.put('b', { n: 2 });
		sink.delete('a');
		broken.put('x', {});
		await expect(journal.settle()).rejects.toThrow(/could not encode "broken:x": Error: no bytes for this/);
		expect(journal.failed).toBeDefined();
		await journal.reopen();
		expect(await journal.load('things', codec)).toEqual([['a', { n: 1 }]]);
		// A sink handed out before the failure is dead: what it reports now is dropped.
		sink.put('c', { n: 3 });
		await journal.settle();
		await journal.close();
		const again = await Journal.open(where, () => {});
		expect(await again.load('things', codec)).toEqual([['a', { n: 1 }]]);
		await again.close();
	});

	it('writes a record given as text as the very bytes its codec encodes', async () => {
		const where = path.join(dir, 'text-records');
		const journal = await Journal.open(where, () => {});
		const light = lightJsonCodec<{ s: string; bytes?: Buffer }>((value) => value.bytes !== undefined);
		const records: [string, { s: string; bytes?: Buffer }][] = [
			['ascii', { s: 'plain' }],
			['wide', { s: 'é ✓ 😀 \u0000 "quoted"' }],
			['lone', { s: 'half \ud800 a pair' }],
			['bytes', { s: 'with bytes', bytes: Buffer.from([0, 255]) }],
		];
		const sink = journal.collection('light', light);
		for (const [key, value] of records) sink.put(key, value);
		const before = journal.bytesWritten;
		await journal.settle();
		const encoded = records.map(([key, value]) => [`light:${key}`, light.encode(value)] as const);
		expect(journal.bytesWritten - before).toBe(encoded.reduce((sum, [, bytes]) => sum + bytes.length, 0));
		await journal.close();
		const raw = new ClassicLevel<string, Buffer>(where, { valueEncoding: 'buffer' });
		for (const [key, bytes] of encoded) expect((await raw.get(key))?.equals(bytes), key).toBe(true);
		await raw.close();
	});

	it('keeps a message with its body, whatever its bytes', async () => {
		const where = path.join(dir, 'messages');
		const journal = await Journal.open(where, () => {});
		const message = createMessage(
			{
				kind: 'publish',
				url: 'http://127.0.0.1:9/x',
				options: { retries: 2, retryDelay: '1000 * retried', labels: ['a'] },
				body: Buffer.from([1, 2, 3, 0, 200]),
				callerIp: '127.0.0.1',
				now: 1_700_000_000_000,
			},
			resolveLimits(undefined),
			resolveDialect(undefined),
		);
		journal.collection('messages', messageCodec).put(message.id, message);
		await journal.close();
		const again = await Journal.open(where, () => {});
		const [[id, kept]] = (await again.load('messages', messageCodec)) as [[string, typeof message]];
		expect(id).toBe(message.id);
		expect(kept).toEqual({ ...message, state: 'waiting', heapIndex: -1, heapSeq: 0 });
		await again.close();
	});

	it('writes a message as its layout, then its kept fields in messageFields order, then its body', () => {
		const message = createMessage(
			{
				kind: 'publish',
				url: 'http://127.0.0.1:9/x',
				options: { retries: 2, delayMs: 5000 },
				body: Buffer.from('the body'),
				callerIp: '127.0.0.1',
				queueName: 'q',
				scheduleId: 'scd_1',
				workflowRunId: 'wfr_1',
				workflowPart: 'call',
				now: 1_700_000_000_000,
			},
			resolveLimits(undefined),
			resolveDialect(undefined),
		);
		// Every field a value of its own, so that two fields swapped show.
		Object.assign(message, { createdAt: 1, notBefore: 2, dueAt: 3, retried: 4, hops: 5, timeoutMs: 6 });
		Object.assign(message, { topicName: 'group', endpointName: 'endpoint', holdsQueueSlot: true });
		const bytes = messageCodec.encode(message);
		const length = bytes.readUInt32BE(0);
		const json = bytes.toString('utf8', 4, 4 + length);
		expect(json).toBe(JSON.stringify([1, ...messageFields.map((field) => message[field])]));
		expect(bytes.subarray(4 + length).toString()).toBe('the body');
	});

	it('refuses a kept message in a layout it does not know rather than skipping it', async () => {
		const where = path.join(dir, 'newer-message');
		const journal = await Journal.open(where, () => {});
		// What a newer version might write: its layout first in the array, then fields of its own.
		const json = Buffer.from(JSON.stringify([2, 'msg_newer']));
		const bytes = Buffer.concat([Buffer.alloc(4), json]);
		bytes.writeUInt32BE(json.length, 0);
		journal.collection('messages', { encode: (b: Buffer) => b, decode: (b) => b }).put('msg_newer', bytes);
		await journal.close();
		const again = await Journal.open(where, () => {});
		try {
			await expect(again.load('messages', messageCodec)).rejects.toThrow(
				/a kept message is in layout 2, which this version of mqtop does not read/,
			);
			await expect(again.load('messages', messageCodec)).rejects.toBeInstanceOf(StateVersionError);
		} finally {
			await again.close();
		}
	});

	it('restores a registered store at once and saves it on its timer and at close', async () => {
		const where = path.join(dir, 'registered');
		const journal = await Journal.open(where, () => {});
		const runs = new Runs();
		journal.register('runs', runs, 10);
		runs.runs.r1 = 'RUNNING';
		await waitUntil(async () => ((await journal.count('snapshot')) === 1 ? true : undefined));
		runs.runs.r1 = 'SUCCESS';
		await journal.close();

		const again = await Journal.open(where, () => {});
		const back = new Runs();
		again.register('runs', back, 60_000);
		expect(back.runs).toEqual({ r1: 'SUCCESS' });
		await again.close();
	});

	it('is refused to a second opener while the first has the directory', async () => {
		const where = path.join(dir, 'locked');
		const journal = await Journal.open(where, () => {});
		try {
			await expect(Journal.open(where, () => {})).rejects.toBeInstanceOf(StateInUseError);
		} finally {
			await journal.close();
		}
		const after = await Journal.open(where, () => {});
		await after.close();
	});
});
