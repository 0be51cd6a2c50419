/**
 * A request as the receiver keeps it in its history: everything needed to send it again (method,
 * path, headers as they arrived, the body's bytes) and what became of it (the verdict, the
 * answer, the app's answer when it was forwarded). One JSON line each in the history file; a
 * line that is not one of these is skipped, so a damaged history costs only its bad lines.
 */
import path from 'node:path';
import { z } from 'zod';
import type { ForwardSummary, ReceivedRequest } from './event.js';
import { HistoryFile, type HistoryOptions } from './history.js';

export interface CapturedRequest {
	seq: number;
	receivedAt: number;
	method: string;
	path: string;
	rawHeaders: string[];
	body: Buffer;
	verified: boolean;
	/** Why it was rejected. */
	reason?: string;
	keyPair?: string;
	responseStatus: number;
	forward?: ForwardSummary;
}

const CapturedLine = z.object({
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

/** The history entry of a request the server handed over; undefined for one never read (oversize). */
export function capture(request: ReceivedRequest): CapturedRequest | undefined {
	if (request.body === undefined) return undefined;
	const v = request.verification;
	return {
		seq: request.seq,
		receivedAt: request.receivedAt,
		method: request.method,
		path: request.path,
		rawHeaders: [...request.rawHeaders],
		body: Buffer.from(request.body),
		verified: v?.ok === true,
		...(v && !v.ok ? { reason: v.reason } : {}),
		...(v?.ok && v.keyPair !== undefined ? { keyPair: v.keyPair } : {}),
		responseStatus: request.responseStatus,
		...(request.forward ? { forward: request.forward } : {}),
	};
}

/** Its line in the history file. */
export function capturedLine(captured: CapturedRequest): unknown {
	return { ...captured, body: captured.body.toString('base64') };
}

export function decodeCaptured(json: unknown): CapturedRequest | undefined {
	const parsed = CapturedLine.safeParse(json);
	if (!parsed.success) return undefined;
	const { body, reason, keyPair, forward, ...rest } = parsed.data;
	return {
		...rest,
		body: Buffer.from(body, 'base64'),
		...(reason !== undefined ? { reason } : {}),
		...(keyPair !== undefined ? { keyPair } : {}),
		...(forward ? { forward: withoutUndefined(forward) } : {}),
	};
}

function withoutUndefined<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export type CapturedHistory = HistoryFile<CapturedRequest>;

/** The receiver's history in `directory`. */
export function openCapturedHistory(
	directory: string,
	options: HistoryOptions = {},
	onError: (error: unknown) => void = () => {},
): Promise<CapturedHistory> {
	return HistoryFile.open(directory, decodeCaptured, options, onError);
}

/** Keeps a request the server handed over, if it can be sent again. */
export function keepRequest(history: CapturedHistory, request: ReceivedRequest): void {
	const captured = capture(request);
	if (captured) history.append(captured, capturedLine(captured));
}

/** Where the receiver's history is kept in a data directory. */
export function historyDirectory(dataDir: string): string {
	return path.join(dataDir, 'receiver');
}
