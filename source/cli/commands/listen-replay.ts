/**
 * `mqtop listen --replay <n>`: request n of the receiver's history sent again to the app,
 * changed first if asked (--body, --header), signed afresh with the current key (the captured
 * signature expired long ago), and the app's answer shown next to the original's.
 */
import type { Dialect } from '../../api/dialect.js';
import type { ReceiverSettings } from '../../config/receiver.js';
import { openCapturedHistory } from '../../receiver/captured.js';
import { signatureHeaderName } from '../../receiver/event.js';
import {
	defaultForwardTimeoutMs,
	defaultMaxForwardResponseBytes,
	forwardRequest,
} from '../../receiver/forward.js';
import { answerParts, type LinePart, paintParts } from '../../receiver/render.js';
import { type ReplayEdits, replayRequest } from '../../receiver/replay.js';
import { sanitize } from '../../text/sanitize.js';
import { type ParsedArgs, UsageError } from '../args.js';
import { exitCodes } from '../command.js';
import type { Output } from '../output.js';

export interface ReplayInputs {
	out: Output;
	args: ParsedArgs;
	seq: string;
	settings: ReceiverSettings;
	keys: { current: string; dialect: Dialect };
	/** The history's directory. */
	history: string;
}

/** `--header "Name: value"` sets a header, `--header "Name:"` removes it. */
export function headerEdits(specs: readonly string[]): Record<string, string | null> {
	const edits: Record<string, string | null> = {};
	for (const spec of specs) {
		const colon = spec.indexOf(':');
		const name = colon < 0 ? '' : spec.slice(0, colon).trim();
		if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
			throw new UsageError(
				`--header ${JSON.stringify(spec)}: expected "Name: value" (or "Name:" to remove it)`,
			);
		const value = spec.slice(colon + 1).trim();
		edits[name] = value === '' ? null : value;
	}
	return edits;
}

export async function replayCaptured(inputs: ReplayInputs): Promise<number> {
	const { out, args, settings, keys } = inputs;
	if (!/^\d{1,15}$/.test(inputs.seq.trim()) || Number(inputs.seq) < 1)
		throw new UsageError(
			`--replay takes the number of a request (as its line shows it), got ${JSON.stringify(inputs.seq)}`,
		);
	const seq = Number(inputs.seq);
	if (settings.forwardTo === undefined)
		throw new UsageError(
			'--replay sends the request to the app: give --forward-to <url> (or set receiver.forwardTo, MQTOP_FORWARD_TO)',
		);
	const history = await openCapturedHistory(inputs.history);
	const captured = history.find(seq);
	if (!captured) {
		const kept = history.list();
		throw new UsageError(
			kept.length === 0
				? `no request ${seq}: the history in ${inputs.history} is empty`
				: `no request ${seq} in the history: it keeps requests ${kept[0]!.seq} to ${kept.at(-1)!.seq}`,
		);
	}
	const body = args.string('body');
	const edits: ReplayEdits = {
		...(body !== undefined ? { body: Buffer.from(body) } : {}),
		headers: headerEdits(args.strings('header')),
	};
	const request = replayRequest(captured, edits, {
		signatureHeader: signatureHeaderName(keys.dialect),
		key: keys.current,
		issuer: keys.dialect.issuer,
	});
	const outcome = await forwardRequest(settings.forwardTo, request, {
		timeoutMs: defaultForwardTimeoutMs,
		maxResponseBytes: defaultMaxForwardResponseBytes,
	});
	const original = captured.forward;
	if (out.json) {
		out.event({
			replayed: seq,
			resigned: request.resigned,
			edited: body !== undefined || args.strings('header').length > 0,
			forward: outcome.ok
				? {
						url: outcome.url,
						status: outcome.status,
						ms: outcome.ms,
						error: null,
						body: outcome.body.toString('utf8'),
					}
				: { url: outcome.url, status: null, ms: outcome.ms, error: outcome.error, body: null },
			original: {
				responseStatus: captured.responseStatus,
				verified: captured.verified,
				forward: original
					? { status: original.status ?? null, ms: original.ms, error: original.error ?? null }
					: null,
			},
		});
	} else {
		const paint = (parts: LinePart[]) => paintParts(parts, out.style.paint);
		const replayed = outcome.ok
			? { url: outcome.url, status: outcome.status, ms: outcome.ms }
			: { url: outcome.url, ms: outcome.ms, error: outcome.error };
		out.line(
			`replay #${seq}  ${sanitize(captured.method)} ${sanitize(captured.path)}  ${
				request.resigned ? 'signed afresh' : out.style.paint('yellow', 'sent with its captured signature')
			}  ${paint(answerParts(outcome.ok ? outcome.status : 502, replayed))}`,
		);
		out.line(
			`original   ${paint(answerParts(captured.responseStatus, original))}${captured.verified ? '' : `  (rejected: ${sanitize(captured.reason ?? 'not verified')})`}`,
		);
		if (outcome.ok && outcome.body.length > 0)
			out.line(out.style.paint('dim', `app said: ${sanitize(outcome.body.toString('utf8').slice(0, 200))}`));
	}
	if (!outcome.ok) return exitCodes.unreachable;
	return outcome.status >= 200 && outcome.status < 300 ? exitCodes.ok : exitCodes.refused;
}
