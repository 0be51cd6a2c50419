/**
 * The receiver's history as mqtop wrote it before the frames: one JSON line per request, the
 * body in base64. Read only (replay and numbering go on across the upgrade), never written.
 */

import { type FileHandle, open, readFile } from 'node:fs/promises';
import { z } from 'zod';
import { type CapturedRequest, captured, StoredForward } from './request-frame.js';

const LegacyLine = z.object({
	seq: z.number().int().positive(),
	receivedAt: z.number(),
	method: z.string(),
	path: z.string(),
	rawHeaders: z.array(z.string()),
	body: z.base64(),
	verified: z.boolean(),
	reason: z.string().optional(),
	keyPair: z.string().optional(),
	responseStatus: z.number().int(),
	forward: StoredForward.optional(),
});

// Every line was written with seq first, so the number is read without parsing the line.
const seqAtStart = /^\{"seq":(\d{1,15}),/;

/** The seq a whole line starts with, or undefined for a line that is not a request (or cut short). */
export function legacySeq(line: string): number | undefined {
	const match = line.endsWith('}') ? seqAtStart.exec(line) : null;
	return match ? Number(match[1]) : undefined;
}

/** The request of one line, or undefined when the line does not read (cut short by a kill). */
export function decodeLegacyLine(line: string): CapturedRequest | undefined {
	let json: unknown;
	try {
		json = JSON.parse(line);
	} catch {
		return undefined;
	}
	const parsed = LegacyLine.safeParse(json);
	if (!parsed.success) return undefined;
	const { seq, rawHeaders, body, ...meta } = parsed.data;
	return captured(seq, meta, rawHeaders, Buffer.from(body, 'base64'));
}

/** Calls `visit` with the seq and text of each whole line of a file, in order; none when it is missing. */
export async function visitLegacyLines(
	file: string,
	visit: (seq: number, line: string) => void,
): Promise<void> {
	const text = await readFile(file, 'utf8').catch(() => '');
	for (const line of text.split('\n')) {
		const seq = legacySeq(line);
		if (seq !== undefined) visit(seq, line);
	}
}

/** Bytes read at a time from the end of a file for its last line. */
const tailChunkBytes = 1024 * 1024;

/**
 * The seq of a file's last whole line, read from its end: opening the history needs only that,
 * and the old files stay until the new ones are full, which may be long after the upgrade.
 */
export async function lastLegacySeq(file: string): Promise<number | undefined> {
	let handle: FileHandle;
	try {
		handle = await open(file, 'r');
	} catch {
		return undefined;
	}
	try {
		let end = (await handle.stat()).size;
		let tail = Buffer.alloc(0);
		while (end > 0) {
			const start = Math.max(0, end - tailChunkBytes);
			const part = Buffer.alloc(end - start);
			await handle.read(part, 0, part.length, start);
			tail = Buffer.concat([part, tail]);
			end = start;
			const lines = tail.toString('utf8').split('\n');
			// Before the start of the file, the first line may be cut at its start.
			if (end > 0) lines.shift();
			for (let i = lines.length - 1; i >= 0; i--) {
				const seq = legacySeq(lines[i]!);
				if (seq !== undefined) return seq;
			}
		}
		return undefined;
	} finally {
		await handle.close();
	}
}
