/** Where a receiver keeps its history: the directory in a data directory, and the files in it. */
import path from 'node:path';

/** The file requests are appended to. */
export const currentHistoryFile = 'requests.bin';
/** The file before it: the current one, renamed when it reached half the budget (history-write.ts). */
export const previousHistoryFile = 'requests.1.bin';

/** Where `mqtop listen` keeps its history in a data directory. */
export function historyDirectory(dataDir: string): string {
	return path.join(dataDir, 'receiver');
}

/**
 * Where the monitor's receiver keeps its history: apart from `mqtop listen`'s, since users run
 * both at once (the monitor in one terminal, listen forwarding to the app in another) and a
 * history has one writer at a time (history-lock.ts).
 */
export function monitorHistoryDirectory(dataDir: string): string {
	return path.join(dataDir, 'monitor-receiver');
}
