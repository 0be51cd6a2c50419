/**
 * The receiver's history as mqtop wrote it before the frames: one JSON line per request, the
 * body in base64. Read only (replay and numbering go on across the upgrade), never written.
 */

import { readFile } from 'node:fs/promises';
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

/**
 * The highest seq of a file's whole lines. Lines were appended as requests were recorded, and a
 * forwarded request is recorded when the app answers, after the requests behind it: the last
 * line need not hold the highest. The whole file is read, once, when the history opens; the old
 * files go at the first rotation after the upgrade.
 */
export async function highestLegacySeq(file: string): Promise<number | undefined> {
	let highest: number | undefined;
	await visitLegacyLines(file, (seq) => {
		if (highest === undefined || seq > highest) highest = seq;
	});
	return highest;
}
