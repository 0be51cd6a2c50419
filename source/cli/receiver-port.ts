/**
 * The port of the monitor's own callback receiver, kept across starts: destinations and
 * callbacks configured against it (`http://127.0.0.1:<port>/...`) keep working after a
 * restart. `--receiver-port` wins (and is kept); else the port kept in the data directory,
 * when it is free; else a free one, kept for the next start. A throwaway monitor (--demo,
 * --ephemeral) keeps nothing and takes a free port unless told one.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

export function receiverPortFile(dataDir: string): string {
	return path.join(dataDir, 'receiver.json');
}

/** The port kept by an earlier start; undefined when none is (or the file does not read). */
export async function keptReceiverPort(dataDir: string): Promise<number | undefined> {
	try {
		const { port } = JSON.parse(await readFile(receiverPortFile(dataDir), 'utf8')) as { port?: unknown };
		return typeof port === 'number' && Number.isInteger(port) && port > 0 && port <= 65_535
			? port
			: undefined;
	} catch {
		return undefined;
	}
}

export async function keepReceiverPort(dataDir: string, port: number): Promise<void> {
	await mkdir(dataDir, { recursive: true, mode: 0o700 });
	const file = receiverPortFile(dataDir);
	const temporary = `${file}.${process.pid}.tmp`;
	await writeFile(temporary, `${JSON.stringify({ port })}\n`, { mode: 0o600 });
	await rename(temporary, file);
}

/** Whether nothing listens on `host:port` now. */
export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
	return new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(false));
		server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
	});
}

export interface ReceiverPortChoice {
	/** The port to listen on; 0 picks a free one. */
	port: number;
	/** Keep the port it gets for the next start. */
	keep: boolean;
	/** Why the kept port is not used, to say. */
	note?: string;
}

export async function chooseReceiverPort(options: {
	flag: number | undefined;
	/** Undefined for a throwaway monitor, which keeps nothing. */
	dataDir: string | undefined;
	isFree?: (port: number) => Promise<boolean>;
}): Promise<ReceiverPortChoice> {
	const { flag, dataDir } = options;
	if (dataDir === undefined) return { port: flag ?? 0, keep: false };
	if (flag !== undefined) return { port: flag, keep: flag !== 0 };
	const kept = await keptReceiverPort(dataDir);
	if (kept === undefined) return { port: 0, keep: true };
	if (await (options.isFree ?? portIsFree)(kept)) return { port: kept, keep: false };
	return {
		port: 0,
		keep: false,
		note:
			`the callback receiver's usual port ${kept} is taken (another monitor?): it listens on another one ` +
			'this time; destinations set up for the usual one do not reach it (--receiver-port chooses)',
	};
}
