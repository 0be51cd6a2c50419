/**
 * What a developer writes to receive the service's callbacks without mqtop, for the receiver
 * benchmark's baseline: node:http, the official SDK's Receiver verifying each request, and one
 * JSON line a request on stdout (/dev/null in the benchmark). Run as a process of its own:
 * `node receiver-sdk.js <port> <current key> <next key>`; it answers 200 when the signature
 * verifies, 401 when not.
 */
import { createServer } from 'node:http';
import { Receiver } from '@upstash/qstash';

const [port, currentSigningKey, nextSigningKey] = process.argv.slice(2);
const receiver = new Receiver({ currentSigningKey: currentSigningKey!, nextSigningKey: nextSigningKey! });

createServer((req, res) => {
	const chunks: Buffer[] = [];
	req.on('data', (chunk: Buffer) => chunks.push(chunk));
	req.on('end', async () => {
		const body = Buffer.concat(chunks).toString('utf8');
		const verified = await receiver
			.verify({ signature: String(req.headers['upstash-signature']), body })
			.catch(() => false);
		let callback: { status?: unknown; sourceMessageId?: unknown; retried?: unknown } = {};
		try {
			callback = JSON.parse(body);
		} catch {}
		console.log(
			JSON.stringify({
				receivedAt: new Date().toISOString(),
				path: req.url,
				verified,
				messageId: req.headers['upstash-message-id'],
				status: callback.status,
				sourceMessageId: callback.sourceMessageId,
				retried: callback.retried,
			}),
		);
		res.writeHead(verified ? 200 : 401, { 'content-type': 'application/json' });
		res.end(verified ? '{"ok":true}' : '{"error":"invalid signature"}');
	});
}).listen(Number(port), '127.0.0.1');
