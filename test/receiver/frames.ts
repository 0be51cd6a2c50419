/** Requests of every kind as the server hands them over, their frames and their events, for tests. */
import { defaultDialect } from '../../source/api/dialect.js';
import { classifyInput, classifyRequest } from '../../source/receiver/classify.js';
import type { ReceivedRequest } from '../../source/receiver/event.js';
import { type FrameSpan, writeFrame } from '../../source/receiver/request-frame.js';
import { callbackBody } from './helpers.js';

export const classifyOptions = { dialect: defaultDialect, maxShownBodyBytes: 1024 };

/** The event of a request, as a store with classifyOptions works it out. */
export const classify = (request: ReceivedRequest) =>
	classifyRequest(classifyInput(request), classifyOptions);

/** Requests of every kind, some verified, one oversize, as the server hands them over. */
export function requests(count: number): ReceivedRequest[] {
	const bodies = [
		JSON.stringify(callbackBody()),
		JSON.stringify(callbackBody({ dlqId: '1-0' })),
		'{"status":',
		'{"order": 42}',
		JSON.stringify({ sourceMessageId: 'msg_1' }),
	];
	return Array.from({ length: count }, (_, i): ReceivedRequest => {
		const common = {
			seq: i + 1,
			receivedAt: 1_767_225_600_000 + i,
			method: 'POST',
			path: `/r/${i}`,
			rawHeaders: ['Content-Type', 'application/json', 'Svc-Message-Id', `msg_${i}`],
		};
		if (i % 7 === 6) {
			return { ...common, oversize: { limitBytes: 4, seenBytes: 9 }, responseStatus: 413 };
		}
		return {
			...common,
			body: Buffer.from(bodies[i % bodies.length]!),
			verification:
				i % 3 === 0
					? { ok: false, failure: 'signature', reason: 'invalid signature' }
					: {
							ok: true,
							key: 'current',
							claims: { iss: 'Svc', sub: '', iat: 0, nbf: 0, exp: 0, jti: `j${i}`, body: '' },
						},
			responseStatus: i % 3 === 0 ? 401 : 200,
		};
	});
}

/** The frames of requests, written into one batch as the worker thread writes them. */
export function batchOf(inputs: readonly ReceivedRequest[]): { frames: Buffer; spans: FrameSpan[] } {
	const frames = Buffer.alloc(inputs.length * 2048);
	const spans: FrameSpan[] = [];
	let at = 0;
	for (const input of inputs) {
		const end = writeFrame(input, frames, at)!;
		spans.push({ seq: input.seq, start: at, end });
		at = end;
	}
	return { frames: frames.subarray(0, at), spans };
}
