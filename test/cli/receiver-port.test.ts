/**
 * The monitor's callback receiver keeps its port across starts (cli/receiver-port.ts), over
 * real files in a data directory of the test's own and real sockets on loopback.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	chooseReceiverPort,
	keepReceiverPort,
	keptReceiverPort,
	portIsFree,
} from '../../source/cli/receiver-port.js';

let dataDir: string;

beforeAll(async () => {
	dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'mqtop-receiver-port-')), 'mqtop');
});

afterAll(async () => {
	await rm(path.dirname(dataDir), { recursive: true, force: true });
});

function listenOn(port: number): Promise<Server> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(port, '127.0.0.1', () => resolve(server));
	});
}

function portOf(server: Server): number {
	return (server.address() as { port: number }).port;
}

describe("the monitor's callback receiver port", () => {
	it('is a free one the first time, then the same one at each start, unless told another', async () => {
		expect(await chooseReceiverPort({ flag: undefined, dataDir })).toEqual({ port: 0, keep: true });
		// The first start listens on a free port and keeps it.
		const first = await listenOn(0);
		const port = portOf(first);
		await keepReceiverPort(dataDir, port);
		await new Promise((resolve) => first.close(resolve));
		expect(await keptReceiverPort(dataDir)).toBe(port);
		await expect(portIsFree(port)).resolves.toBe(true);

		// The next start: the same port.
		expect(await chooseReceiverPort({ flag: undefined, dataDir })).toEqual({ port, keep: false });
		// --receiver-port wins and is kept.
		expect(await chooseReceiverPort({ flag: port + 1, dataDir })).toEqual({ port: port + 1, keep: true });
		// A throwaway monitor keeps nothing and takes a free port unless told one.
		expect(await chooseReceiverPort({ flag: undefined, dataDir: undefined })).toEqual({
			port: 0,
			keep: false,
		});
	});

	it('takes a free one, and says so, while another program has the kept one', async () => {
		const other = await listenOn(0);
		try {
			await keepReceiverPort(dataDir, portOf(other));
			const choice = await chooseReceiverPort({ flag: undefined, dataDir });
			expect(choice.port).toBe(0);
			expect(choice.keep).toBe(false);
			expect(choice.note).toContain(`port ${portOf(other)} is taken`);
			// Still the usual one for the next start.
			expect(await keptReceiverPort(dataDir)).toBe(portOf(other));
		} finally {
			await new Promise((resolve) => other.close(resolve));
		}
	});
});
