/**
 * The receiver's history as mqtop wrote it before the frames: one JSON line per request, the
 * body in base64. Read only (replay and numbering go on across the upgrade), never written.
 */
import { z } from 'zod';
import { type CapturedRequest, captured } from './request-frame.js';

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
	forward: z
		.object({
			url: z.string(),
			status: z.number().int().optional(),
			ms: z.number(),
			error: z.string().optional(),
		})
		.optional(),
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
