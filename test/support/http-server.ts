import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestServer {
	url: string;
	server: Server;
	close(): Promise<void>;
}

/** A node:http server on 127.0.0.1 with a free port; closes its connections on close(). */
export async function listen(
	handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<TestServer> {
	const server = createServer(handler);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		server,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}
