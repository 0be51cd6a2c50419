/**
 * One HTTP/1.1 request written byte for byte on a fresh socket, for what fetch and undici would
 * change first: they remove `.` and `..` segments and refuse odd characters, and the point of
 * these tests is what a hostile client can send.
 */
import { connect } from 'node:net';

export interface RawAnswer {
	status: number;
	headers: Record<string, string>;
	body: string;
}

export interface RawRequest {
	method: string;
	/** The request target exactly as sent. */
	target: string;
	headers?: Record<string, string>;
	body?: string | Buffer;
	/** Send the headers only, whatever Content-Length says. */
	headersOnly?: boolean;
}

/** Sends `request` to `baseUrl`'s host and port; resolves with the answer once the server ends it. */
export function rawHttp(baseUrl: string, request: RawRequest, timeoutMs = 10_000): Promise<RawAnswer> {
	const { hostname, port } = new URL(baseUrl);
	return new Promise((resolve, reject) => {
		const socket = connect(Number(port), hostname);
		const chunks: Buffer[] = [];
		const timer = setTimeout(() => {
			socket.destroy();
			reject(new Error(`no answer to ${request.method} ${request.target} within ${timeoutMs} ms`));
		}, timeoutMs);
		let settled = false;
		const finish = () => {
			if (settled) return;
			const text = Buffer.concat(chunks).toString('latin1');
			const headerEnd = text.indexOf('\r\n\r\n');
			if (headerEnd < 0) return;
			const [statusLine = '', ...lines] = text.slice(0, headerEnd).split('\r\n');
			const headers: Record<string, string> = {};
			for (const line of lines) {
				const colon = line.indexOf(':');
				headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
			}
			const length = Number(headers['content-length'] ?? Number.NaN);
			const body = text.slice(headerEnd + 4);
			// Answered in full: no need to wait for the server to close the connection.
			if (Number.isFinite(length) && Buffer.byteLength(body, 'latin1') < length) return;
			settled = true;
			clearTimeout(timer);
			socket.destroy();
			resolve({
				status: Number(statusLine.split(' ')[1]),
				headers,
				body: Buffer.from(body, 'latin1').toString('utf8'),
			});
		};
		socket.on('data', (chunk) => {
			chunks.push(chunk);
			finish();
		});
		socket.on('end', finish);
		socket.on('close', () => {
			finish();
			if (!settled) {
				clearTimeout(timer);
				reject(new Error(`connection closed without an answer to ${request.method} ${request.target}`));
			}
		});
		socket.on('error', () => {});
		const body = request.body === undefined ? Buffer.alloc(0) : Buffer.from(request.body);
		const headers: Record<string, string> = {
			host: `${hostname}:${port}`,
			connection: 'close',
			...(request.body !== undefined ? { 'content-length': String(body.length) } : {}),
			...request.headers,
		};
		const head = `${request.method} ${request.target} HTTP/1.1\r\n${Object.entries(headers)
			.map(([name, value]) => `${name}: ${value}\r\n`)
			.join('')}\r\n`;
		socket.write(Buffer.from(head, 'utf8'));
		if (!request.headersOnly && body.length > 0) socket.write(body);
	});
}
