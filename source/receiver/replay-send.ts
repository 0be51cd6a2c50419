/**
 * Sending request n of the receiver's history to the app again, for `mqtop listen --replay`
 * and the Callbacks pane alike: read from the history on disk (the receiver may run in another
 * process or thread), edited if asked, signed afresh, forwarded; the app's answer next to the
 * original's.
 */
import type { Dialect } from '../api/dialect.js';
import { signatureHeaderName } from './delivery-headers.js';
import type { ForwardSummary } from './event.js';
import { defaultForwardTimeoutMs, defaultMaxForwardResponseBytes, forwardRequest } from './forward.js';
import { findInHistory } from './history-find.js';
import { type ReplayEdits, replayRequest } from './replay.js';
import type { CapturedRequest } from './request-frame.js';

export interface ReplayTarget {
	/** The history's directory. */
	historyDir: string;
	forwardTo: string;
	/** The current signing key; undefined sends the captured signature. */
	key: string | undefined;
	dialect: Dialect;
	timeoutMs?: number;
}

export type ReplayResult =
	| {
			found: false;
			seq: number;
			kept: { first: number; last: number } | undefined;
			/** What of the history did not read (see damageOf), which may have held it. */
			damage: string | undefined;
	  }
	| {
			found: true;
			seq: number;
			original: CapturedRequest;
			resigned: boolean;
			edited: boolean;
			/** The app's answer to the replay (no status when it could not be reached). */
			forward: ForwardSummary;
			/** The app's body, as it answered. */
			body: Buffer | undefined;
	  };

export async function replayFromHistory(
	target: ReplayTarget,
	seq: number,
	edits: ReplayEdits = {},
): Promise<ReplayResult> {
	const { request: original, kept, damage } = await findInHistory(target.historyDir, seq);
	if (!original) return { found: false, seq, kept, damage };
	const request = replayRequest(original, edits, {
		signatureHeader: signatureHeaderName(target.dialect),
		key: target.key,
		issuer: target.dialect.issuer,
	});
	const outcome = await forwardRequest(target.forwardTo, request, {
		timeoutMs: target.timeoutMs ?? defaultForwardTimeoutMs,
		maxResponseBytes: defaultMaxForwardResponseBytes,
	});
	return {
		found: true,
		seq,
		original,
		resigned: request.resigned,
		edited: edits.body !== undefined || Object.keys(edits.headers ?? {}).length > 0,
		forward: outcome.ok
			? { url: outcome.url, status: outcome.status, ms: outcome.ms }
			: { url: outcome.url, ms: outcome.ms, error: outcome.error },
		body: outcome.ok ? outcome.body : undefined,
	};
}
