/** One request of a history, looked for on disk (for replay), and the seqs the history keeps. */
import path from 'node:path';
import { currentHistoryFile, previousHistoryFile } from './history-files.js';
import { damageOf, type FrameScan, scanFrames } from './history-read.js';
import { type CapturedRequest, decodeCaptured } from './request-frame.js';

/** What a search of the history found: the request (the newest with that seq) and the seqs kept. */
export interface HistoryLookup {
	request: CapturedRequest | undefined;
	kept: { first: number; last: number } | undefined;
	/** What of the files did not read and was skipped, said for a person; undefined when all read. */
	damage: string | undefined;
}

/** Request `seq` of the history in `directory`, read from disk. */
export async function findInHistory(directory: string, seq: number): Promise<HistoryLookup> {
	let request: CapturedRequest | undefined;
	let first: number | undefined;
	let last: number | undefined;
	const seen = (n: number) => {
		first = first === undefined ? n : Math.min(first, n);
		last = last === undefined ? n : Math.max(last, n);
	};
	const scans: FrameScan[] = [];
	for (const name of [previousHistoryFile, currentHistoryFile]) {
		scans.push(
			await scanFrames(path.join(directory, name), (span, buffer) => {
				if (span.seq === seq) request = decodeCaptured(buffer, span) ?? request;
				seen(span.seq);
			}),
		);
	}
	return {
		request,
		kept: first === undefined || last === undefined ? undefined : { first, last },
		damage: damageOf(scans),
	};
}
