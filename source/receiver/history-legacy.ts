/**
 * The receiver's history as mqtop wrote it before the frames: one JSON line per request, the
 * body in base64. Read only (replay and numbering go on across the upgrade), never written.
 */
import { z } from 'zod';
import { type CapturedRequest, capturedRequest, FrameMeta } from './history-frame.js';

const LegacyLine = FrameMeta.extend({
	seq: z.number().int().positive(),
	rawHeaders: z.array(z.string()),
	body: z.base64(),
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
	return capturedRequest(seq, meta, rawHeaders, Buffer.from(body, 'base64'));
}
