/**
 * `mqtop listen --replay <n>`: request n of the receiver's history sent again to the app,
 * changed first if asked (--body, --header), signed afresh with the current key (the captured
 * signature expired long ago), and the app's answer shown next to the original's.
 */

import type { Dialect } from '../../api/dialect.js';
import type { ReceiverSettings } from '../../config/receiver.js';
import { answerParts, type LinePart, paintParts, replayFromHistory } from '../../receiver/index.js';
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
	const body = args.string('body');
	const result = await replayFromHistory(
		{ historyDir: inputs.history, forwardTo: settings.forwardTo, key: keys.current, dialect: keys.dialect },
		seq,
		{
			...(body !== undefined ? { body: Buffer.from(body) } : {}),
			headers: headerEdits(args.strings('header')),
		},
	);
	if (!result.found)
		throw new UsageError(
			(result.kept === undefined
				? `no request ${seq}: the history in ${inputs.history} is empty`
				: `no request ${seq} in the history: it keeps requests ${result.kept.first} to ${result.kept.last}`) +
				(result.damage ? `; it ${result.damage}` : ''),
		);
	const { original, forward } = result;
	if (out.json) {
		out.event({
			replayed: seq,
			resigned: result.resigned,
			edited: result.edited,
			forward: {
				url: forward.url,
				status: forward.status ?? null,
				ms: forward.ms,
				error: forward.error ?? null,
				body: result.body?.toString('utf8') ?? null,
			},
			original: {
				responseStatus: original.responseStatus,
				verified: original.verified,
				forward: original.forward
					? {
							status: original.forward.status ?? null,
							ms: original.forward.ms,
							error: original.forward.error ?? null,
						}
					: null,
			},
		});
	} else {
		const paint = (parts: LinePart[]) => paintParts(parts, out.style.paint);
		out.line(
			`replay #${seq}  ${sanitize(original.method)} ${sanitize(original.path)}  ${
				result.resigned ? 'signed afresh' : out.style.paint('yellow', 'sent with its captured signature')
			}  ${paint(answerParts(forward.status ?? 502, forward))}`,
		);
		out.line(
			`original   ${paint(answerParts(original.responseStatus, original.forward))}${original.verified ? '' : `  (rejected: ${sanitize(original.reason ?? 'not verified')})`}`,
		);
		if (result.body && result.body.length > 0)
			out.line(out.style.paint('dim', `app said: ${sanitize(result.body.toString('utf8').slice(0, 200))}`));
	}
	if (forward.status === undefined) return exitCodes.unreachable;
	return forward.status >= 200 && forward.status < 300 ? exitCodes.ok : exitCodes.refused;
}
