/**
 * Bulk removal from a paused queue: `DELETE /v2/messages?queueName=` and `DELETE /v2/queues/`,
 * each timed over HTTP on a queue of `count` messages and on one of ten times as many, in one
 * service in memory. The time per message at ten times the count next to the time at the count
 * says how the work grows: 1x is linear, a search and splice per message (as before) is 10x.
 */
import { Pool } from 'undici';
import { startLocalService } from '../source/local/service.js';
import type { BenchLine } from './report.js';

const count = 10_000;
const perBatch = 1000;
const limits = {
	max_requests_per_second: 1_000_000_000,
	max_requests_per_day: 1_000_000_000,
	max_requests_per_day_hard: 1_000_000_000,
};

export async function bulkRemoval(sinkUrl: string): Promise<BenchLine[]> {
	const service = await startLocalService({ limits });
	const pool = new Pool(service.queueUrl, { connections: 4 });
	const call = async (method: string, path: string, body?: unknown): Promise<string> => {
		const answer = await pool.request({
			path,
			method: method as 'GET',
			headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
			...(body === undefined ? {} : { body: JSON.stringify(body) }),
		});
		const text = await answer.body.text();
		if (answer.statusCode >= 300) throw new Error(`${method} ${path} answered ${answer.statusCode}: ${text}`);
		return text;
	};
	/** A paused queue of `n` messages; resolves once they all wait in it. */
	const fill = async (queue: string, n: number) => {
		await call('POST', '/v2/queues', { queueName: queue, parallelism: 1, paused: true });
		for (let at = 0; at < n; at += perBatch) {
			const items = Array.from({ length: Math.min(perBatch, n - at) }, (_, i) => ({
				destination: `${sinkUrl}/bulk/${at + i}`,
				queue,
			}));
			await call('POST', '/v2/batch', items);
		}
	};
	/** Microseconds per message of `remove` on a queue of `n`. */
	const perMessage = async (n: number, remove: (queue: string) => Promise<void>) => {
		const queue = `bulk-${n}-${Math.random().toString(36).slice(2, 8)}`;
		await fill(queue, n);
		const started = performance.now();
		await remove(queue);
		const micros = ((performance.now() - started) * 1000) / n;
		if (service.context.engine.messages.size !== 0) throw new Error(`messages of ${queue} were left`);
		return micros;
	};
	const cancel = async (queue: string) => {
		const text = await call('DELETE', `/v2/messages?queueName=${queue}`);
		const { cancelled } = JSON.parse(text) as { cancelled: number };
		if (cancelled <= 0) throw new Error(`a bulk cancel of ${queue} cancelled ${cancelled}`);
	};
	const deleteQueue = async (queue: string) => {
		await call('DELETE', `/v2/queues/${queue}`);
	};
	try {
		const lines: BenchLine[] = [];
		for (const [what, remove] of [
			['bulk cancel', cancel],
			['queue delete', deleteQueue],
		] as const) {
			const small = await perMessage(count, remove);
			const large = await perMessage(count * 10, remove);
			lines.push({
				metric: `${what} per message, ${count * 10} paused`,
				value: large,
				unit: 'us',
				baseline: small,
				target: `<= 2x baseline (${count} paused)`,
				met: large <= 2 * small,
			});
		}
		return lines;
	} finally {
		await pool.close();
		await service.close();
	}
}
