/**
 * Whether this process still holds the server's end of a loopback TCP connection, read from the
 * kernel's table (Linux `/proc/self/net/tcp`): a socket some descriptor holds has an inode, one
 * the server closed (even if the kernel still finishes its close) has inode 0 or no row. Asked
 * without writing on the connection, as a client that never writes would leave it.
 */
import { readFileSync } from 'node:fs';

function hexPort(port: number): string {
	return port.toString(16).toUpperCase().padStart(4, '0');
}

/** True while a descriptor holds the end on `serverPort` of the connection from `clientPort`. */
export function serverHoldsConnection(serverPort: number, clientPort: number): boolean {
	const local = `:${hexPort(serverPort)}`;
	const remote = `:${hexPort(clientPort)}`;
	for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
		let text: string;
		try {
			text = readFileSync(table, 'utf8');
		} catch {
			continue;
		}
		for (const line of text.split('\n').slice(1)) {
			const fields = line.trim().split(/\s+/);
			if (fields.length < 10) continue;
			const [, localAddress, remoteAddress] = fields;
			if (!localAddress?.endsWith(local) || !remoteAddress?.endsWith(remote)) continue;
			if (fields[9] !== '0') return true;
		}
	}
	return false;
}
