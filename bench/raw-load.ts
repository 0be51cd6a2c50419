/**
 * The lean sender of the load generator (receiver-load.ts): a keep-alive connection of its own
 * that writes each request, built from text prepared once per signed body, in one write and
 * reads only the status and the length of each answer. Undici's request path costs the load
 * generator about as much as the receiver under test spends on a request, and on two cores the
 * two share the machine: this leaves the receiver the CPU the benchmark is about. The
 * requests are the same signed callbacks over HTTP/1.1, one at a time on each connection.
 * Answers must carry a Content-Length (mqtop's receivers always do); any other is counted as an
 * error and its connection dropped.
 */
import { connect, type Socket } from 'node:net';

/** What is written before and after the part that differs per request (the message id). */
export interface PreparedRequest {
	head: string;
	/** The blank line, then the body. */
	tail: string;
}

/**
 * A request prepared once: `POST path` with these headers and body, the message id header last
 * so that it is the only part written anew for each request.
 */
export function prepareRequest(
	host: string,
	path: string,
	headers: Record<string, string>,
	messageIdHeader: string,
	body: string,
): PreparedRequest {
	let head = `POST ${path} HTTP/1.1\r\nhost: ${host}\r\n`;
	for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
	head += `content-length: ${Buffer.byteLength(body)}\r\n${messageIdHeader}: `;
	return { head, tail: `\r\n\r\n${body}` };
}

const headEnd = Buffer.from('\r\n\r\n');
const lengthName = '\r\ncontent-length:';

/** One connection, one request in flight at a time. */
export class RawConnection {
	#socket: Socket | undefined;
	#pending: { resolve(status: number): void; reject(error: Error): void } | undefined;
	#buffered: Buffer = Buffer.alloc(0);

	constructor(
		private readonly host: string,
		private readonly port: number,
	) {}

	/** Sends a request and resolves with the status of its answer. */
	send(request: PreparedRequest, messageId: string): Promise<number> {
		return new Promise((resolve, reject) => {
			this.#pending = { resolve, reject };
			this.#open().write(request.head + messageId + request.tail);
		});
	}

	close(): void {
		this.#socket?.destroy();
		this.#socket = undefined;
	}

	#open(): Socket {
		if (this.#socket) return this.#socket;
		const socket = connect(this.port, this.host);
		socket.setNoDelay(true);
		socket.on('data', (chunk: Buffer) => this.#read(chunk));
		const gone = (error?: Error) => {
			if (this.#socket === socket) this.#socket = undefined;
			this.#buffered = Buffer.alloc(0);
			this.#fail(error ?? new Error('the connection closed before the answer'));
		};
		socket.on('error', gone);
		socket.on('close', () => gone());
		this.#socket = socket;
		return socket;
	}

	#read(chunk: Buffer): void {
		const data = this.#buffered.length === 0 ? chunk : Buffer.concat([this.#buffered, chunk]);
		const end = data.indexOf(headEnd);
		if (end < 0) {
			this.#buffered = data;
			return;
		}
		const head = data.toString('latin1', 0, end).toLowerCase();
		const status = Number(head.slice(9, 12));
		const at = head.indexOf(lengthName);
		const length = at < 0 ? Number.NaN : Number.parseInt(head.slice(at + lengthName.length), 10);
		if (!head.startsWith('http/1.1 ') || !Number.isInteger(status) || !Number.isInteger(length)) {
			this.#fail(new Error(`an answer the load generator does not read: ${JSON.stringify(head)}`));
			this.close();
			return;
		}
		const answerEnd = end + headEnd.length + length;
		if (data.length < answerEnd) {
			this.#buffered = data;
			return;
		}
		this.#buffered = data.subarray(answerEnd);
		const pending = this.#pending;
		this.#pending = undefined;
		pending?.resolve(status);
	}

	#fail(error: Error): void {
		const pending = this.#pending;
		this.#pending = undefined;
		pending?.reject(error);
	}
}
